import { afterEach, describe, expect, it } from 'vitest';
import { handler as createScore } from '../../functions/scores/create';
import { handler as listScores } from '../../functions/scores/list';
import { handler as getScore } from '../../functions/scores/get';
import { handler as updateScore } from '../../functions/scores/update';
import { setClock } from '../../lib/platform/clock';
import { MSG } from '../../lib/contract/messages';
import { invoke } from '../support/api';
import { CRITERIA } from '../support/criteria';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

type Six = Record<(typeof CRITERIA)[number], number>;

const post = (body: unknown, token?: string) => invoke(createScore, { method: 'POST', resource: '/api/skor', body, token });
const put = (kd: string, body: unknown, token?: string) =>
  invoke(updateScore, { method: 'PUT', resource: '/api/skor/{kd_desa}', pathParameters: { kd_desa: kd }, body, token });
const getOne = (kd: string, token?: string) =>
  invoke(getScore, { method: 'GET', resource: '/api/skor/{kd_desa}', pathParameters: { kd_desa: kd }, token });
const list = () => invoke(listScores, { method: 'GET', resource: '/api/skor' });

/** Six scores from a list of six values. */
const six = (values: number[]): Six => Object.fromEntries(CRITERIA.map((f, i) => [f, values[i]])) as Six;
const all = (n: number) => six([n, n, n, n, n, n]);
const sum = (s: Six) => CRITERIA.reduce((t, f) => t + s[f], 0);
const isIso = (s: unknown) => typeof s === 'string' && new Date(s).toISOString() === s;

/** The exact POST/PUT body the contract gives for these scores. */
const expected = (kd: string, s: Six, rata: number, kategori: string) => {
  const total = sum(s);
  return {
    status: 'success',
    data: { kd_desa: kd, ...s, total_skor: total, rata_rata: rata, kategori_desa: kategori },
    total_skor: total,
    rata_rata: rata,
    kategori_desa: kategori,
  };
};

async function setup() {
  const owner = await makeUser('pengelola');
  const dinas = await makeUser('dinas');
  return { owner, dinas, village: await makeVillage(owner) };
}

afterEach(() => setClock());

describe('POST /api/skor', () => {
  it('201 with the exact contract shape; GET one returns {kd_desa, six scores, created_at, updated_at}', async () => {
    const { dinas, village } = await setup();
    const s = six([80, 85, 70, 60, 90, 95]); // 480 → 80 → Maju
    const res = await post({ kd_desa: village.kd_desa, ...s }, dinas.token);
    expect(res.statusCode).toBe(201);
    expect(res.body).toEqual(expected(village.kd_desa, s, 80, 'Maju'));

    const one = await getOne(village.kd_desa);
    expect(one.statusCode).toBe(200);
    expect(one.body.status).toBe('success');
    expect(Object.keys(one.body.data).sort()).toEqual(['kd_desa', ...CRITERIA, 'created_at', 'updated_at'].sort());
    expect(one.body.data).toMatchObject({ kd_desa: village.kd_desa, ...s });
    expect(isIso(one.body.data.created_at)).toBe(true);
    expect(isIso(one.body.data.updated_at)).toBe(true);
  });

  // [values, rata_rata, kategori]
  const cases: Array<[string, number[], number, string]> = [
    ['all 100', [100, 100, 100, 100, 100, 100], 100, 'Mandiri'],
    ['all 91', [91, 91, 91, 91, 91, 91], 91, 'Mandiri'],
    ['90.5 rounds to 91', [91, 91, 91, 90, 90, 90], 91, 'Mandiri'],
    ['all 90', [90, 90, 90, 90, 90, 90], 90, 'Maju'],
    ['90.33 rounds to 90', [91, 91, 90, 90, 90, 90], 90, 'Maju'],
    ['all 75', [75, 75, 75, 75, 75, 75], 75, 'Maju'],
    ['74.5 rounds to 75', [75, 75, 75, 74, 74, 74], 75, 'Maju'],
    ['74.33 rounds to 74', [75, 75, 74, 74, 74, 74], 74, 'Berkembang'],
    ['all 74', [74, 74, 74, 74, 74, 74], 74, 'Berkembang'],
    ['all 50', [50, 50, 50, 50, 50, 50], 50, 'Berkembang'],
    ['49.5 rounds to 50', [50, 50, 50, 49, 49, 49], 50, 'Berkembang'],
    ['49.33 rounds to 49', [50, 50, 49, 49, 49, 49], 49, 'Rintisan'],
    ['all 49', [49, 49, 49, 49, 49, 49], 49, 'Rintisan'],
    ['all 1', [1, 1, 1, 1, 1, 1], 1, 'Rintisan'],
    ['mixed extremes', [1, 100, 1, 100, 1, 100], 51, 'Berkembang'],
  ];
  for (const [name, values, rata, kategori] of cases) {
    it(`computes total, average and category: ${name} → ${rata} ${kategori}`, async () => {
      const { dinas, village } = await setup();
      const s = six(values);
      const res = await post({ kd_desa: village.kd_desa, ...s }, dinas.token);
      expect(res.statusCode).toBe(201);
      expect(res.body).toEqual(expected(village.kd_desa, s, rata, kategori));
      const row = (await list()).body.data.find((r: any) => r.kd_desa === village.kd_desa);
      expect(row).toMatchObject({ ...s, rata_rata: rata, kategori_desa: kategori });
    });
  }

  it("400 'Semua nilai skor harus berupa angka antara 1 hingga 100.' for 0, 101, a string, null, a missing value; nothing stored", async () => {
    const { dinas, village } = await setup();
    const base = all(80);
    const bad: Array<Record<string, unknown>> = [];
    for (const f of CRITERIA) {
      bad.push({ ...base, [f]: 0 }, { ...base, [f]: 101 }, { ...base, [f]: '80' }, { ...base, [f]: null });
      const { [f]: _omit, ...missing } = base;
      void _omit;
      bad.push(missing);
    }
    bad.push(
      { ...base, partisipasi_masyarakat: -5 },
      { ...base, akses_tempat_wisata: 100.5 },
      { ...base, keramahan_difabel: true },
      { ...base, produk_tempat_wisata: [80] },
      {},
    );
    for (const values of bad) {
      const res = await post({ kd_desa: village.kd_desa, ...values }, dinas.token);
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.body, JSON.stringify(values)).toEqual({ status: 'fail', message: MSG.scoreInvalid });
    }
    const none = await getOne(village.kd_desa);
    expect(none.statusCode).toBe(404);
    expect((await allItems()).filter((i) => i.PK === `DESA#${village.kd_desa}` && i.SK === 'SKOR')).toEqual([]);
  });

  it('accepts the bounds 1 and 100', async () => {
    const { dinas, village } = await setup();
    const s = six([1, 100, 1, 100, 100, 1]);
    const res = await post({ kd_desa: village.kd_desa, ...s }, dinas.token);
    expect(res.statusCode).toBe(201);
    expect(res.body.total_skor).toBe(303);
  });

  it("409 'Skor untuk desa ini sudah ada. Gunakan PUT untuk mengubahnya.' on a second POST; the first score stays", async () => {
    const { dinas, village } = await setup();
    expect((await post({ kd_desa: village.kd_desa, ...all(60) }, dinas.token)).statusCode).toBe(201);
    const again = await post({ kd_desa: village.kd_desa, ...all(95) }, dinas.token);
    expect(again.statusCode).toBe(409);
    expect(again.body).toEqual({ status: 'fail', message: MSG.scoreExists });
    expect((await getOne(village.kd_desa)).body.data).toMatchObject(all(60));
  });

  it("404 'Desa tidak ditemukan di database.' for an unknown village; nothing stored", async () => {
    const { dinas } = await setup();
    const res = await post({ kd_desa: 'DESA-doesnotexist', ...all(80) }, dinas.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.scoreVillageNotFound });
    expect((await allItems()).filter((i) => i.PK === 'DESA#DESA-doesnotexist')).toEqual([]);
  });

  it('401 without or with a bad token; 403 dinas-only text for pengelola and admin', async () => {
    const { owner, village } = await setup();
    const body = { kd_desa: village.kd_desa, ...all(80) };
    const missing = await post(body);
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const bad = await post(body, 'garbage');
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    const admin = await makeUser('admin');
    for (const caller of [owner, admin]) {
      const res = await post(body, caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.dinasOnlyScore });
    }
    expect((await getOne(village.kd_desa)).statusCode).toBe(404);
  });
});

describe('PUT /api/skor/{kd}', () => {
  it('recomputes total, average and category; 200 same shape as POST; updated_at moves on, created_at stays', async () => {
    const { dinas, village } = await setup();
    expect((await post({ kd_desa: village.kd_desa, ...all(40) }, dinas.token)).body.kategori_desa).toBe('Rintisan');
    const first = (await getOne(village.kd_desa)).body.data;
    const later = Date.parse(first.created_at) + 3_600_000;
    setClock(() => later);
    const s = six([95, 92, 91, 93, 90, 97]); // 558 → 93 → Mandiri
    const res = await put(village.kd_desa, s, dinas.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual(expected(village.kd_desa, s, 93, 'Mandiri'));
    const one = (await getOne(village.kd_desa)).body.data;
    expect(one).toEqual({ kd_desa: village.kd_desa, ...s, created_at: first.created_at, updated_at: new Date(later).toISOString() });
    const row = (await list()).body.data.find((r: any) => r.kd_desa === village.kd_desa);
    expect(row).toEqual({ kd_desa: village.kd_desa, nama_desa: expect.any(String), ...s, rata_rata: 93, kategori_desa: 'Mandiri' });

    const down = await put(village.kd_desa, all(50), dinas.token);
    expect(down.body).toEqual(expected(village.kd_desa, all(50), 50, 'Berkembang'));
  });

  it('a kd_desa in the PUT body does not redirect the write', async () => {
    const { owner, dinas, village } = await setup();
    const other = await makeVillage(owner);
    await post({ kd_desa: village.kd_desa, ...all(60) }, dinas.token);
    await post({ kd_desa: other.kd_desa, ...all(70) }, dinas.token);
    const res = await put(village.kd_desa, { kd_desa: other.kd_desa, ...all(80) }, dinas.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.kd_desa).toBe(village.kd_desa);
    expect((await getOne(village.kd_desa)).body.data).toMatchObject(all(80));
    expect((await getOne(other.kd_desa)).body.data).toMatchObject(all(70));
  });

  it("404 'Skor desa tidak ditemukan' for a village without a score; nothing is created", async () => {
    const { dinas, village } = await setup();
    const res = await put(village.kd_desa, all(80), dinas.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.scoreNotFound });
    expect((await allItems()).filter((i) => i.PK === `DESA#${village.kd_desa}` && i.SK === 'SKOR')).toEqual([]);
  });

  it("404 'Desa tidak ditemukan di database.' for an unknown village", async () => {
    const { dinas } = await setup();
    const res = await put('DESA-doesnotexist', all(80), dinas.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.scoreVillageNotFound });
  });

  it('400 for values out of range or not numbers; the score is unchanged', async () => {
    const { dinas, village } = await setup();
    await post({ kd_desa: village.kd_desa, ...all(60) }, dinas.token);
    for (const body of [
      { ...all(60), keramahan_difabel: 0 },
      { ...all(60), keramahan_difabel: 101 },
      { ...all(60), keramahan_difabel: '60' },
      { ...all(60), keramahan_difabel: null },
      {},
    ]) {
      const res = await put(village.kd_desa, body, dinas.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.scoreInvalid });
    }
    expect((await getOne(village.kd_desa)).body.data).toMatchObject(all(60));
  });

  it('401 / 403 for callers who are not dinas', async () => {
    const { owner, dinas, village } = await setup();
    await post({ kd_desa: village.kd_desa, ...all(60) }, dinas.token);
    const missing = await put(village.kd_desa, all(90));
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const admin = await makeUser('admin');
    for (const caller of [owner, admin]) {
      const res = await put(village.kd_desa, all(90), caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.dinasOnlyScore });
    }
    expect((await getOne(village.kd_desa)).body.data).toMatchObject(all(60));
  });
});

describe('GET /api/skor and /api/skor/{kd}', () => {
  it('one score is public; 404 "Skor desa tidak ditemukan" for an unscored or unknown village', async () => {
    const { village } = await setup();
    for (const kd of [village.kd_desa, 'DESA-doesnotexist']) {
      const res = await getOne(kd);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 'fail', message: MSG.scoreNotFound });
    }
  });

  it('the list is public and names every village; unscored ones have null scores, rata_rata 0, Rintisan', async () => {
    const { owner, dinas, village } = await setup();
    const unscored = await makeVillage(owner, { nama_desa: 'Desa Tanpa Skor' });
    const s = six([88, 77, 66, 99, 55, 44]); // 429 → 71.5 → 72 → Berkembang
    await post({ kd_desa: village.kd_desa, ...s }, dinas.token);
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    const rowKeys = ['kd_desa', 'nama_desa', 'kategori_desa', ...CRITERIA, 'rata_rata'].sort();
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(rowKeys);
    const scored = res.body.data.find((r: any) => r.kd_desa === village.kd_desa);
    expect(scored).toEqual({ kd_desa: village.kd_desa, nama_desa: expect.any(String), ...s, rata_rata: 72, kategori_desa: 'Berkembang' });
    const empty = res.body.data.find((r: any) => r.kd_desa === unscored.kd_desa);
    expect(empty).toEqual({
      kd_desa: unscored.kd_desa,
      nama_desa: 'Desa Tanpa Skor',
      ...Object.fromEntries(CRITERIA.map((f) => [f, null])),
      rata_rata: 0,
      kategori_desa: 'Rintisan',
    });
    // every village of the table is listed exactly once
    const villages = (await allItems())
      .filter((i) => i.SK === 'DESA')
      .map((i) => i.kd_desa)
      .sort();
    expect(res.body.data.map((r: any) => r.kd_desa).sort()).toEqual(villages);
  });
});
