/**
 * Bulk import, its flow (docs/import.md): upload → the worker's check → siap with its counts →
 * jalankan → the worker applies → selesai; a re-import writes nothing; another manager's village;
 * an unknown e-mail; a run killed halfway resumes without applying a row twice. Against the run's
 * DynamoDB Local and s3rver; the worker's domain function is driven directly.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handler as start } from '../../functions/import/start';
import { handler as get } from '../../functions/import/get';
import { handler as list } from '../../functions/import/list';
import { handler as run } from '../../functions/import/run';
import { handler as errors } from '../../functions/import/errors';
import { handler as createDescription } from '../../functions/village-descriptions/create';
import { MSG } from '../../lib/contract/messages';
import { IMPORT_LEASE_MS, runImportWork } from '../../lib/domain/import-apply';
import { setClock } from '../../lib/platform/clock';
import { invoke, uniqueName } from '../support/api';
import { withFaultAtNth } from '../support/faults';
import { workImport } from '../support/imports';
import { multipart } from '../support/multipart';
import { expectCountersMatchRecount } from '../support/statistics';
import { expectReportCountersMatchRecount, monthsAgo, report } from '../support/monitoring';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

afterEach(() => setClock());

const HEADER = 'provinsi,kabupaten,nama_desa,nama_popular,alamat,pengelola,nomor_telepon,email';
const csv = (rows: string[][]) => Buffer.from([HEADER, ...rows.map((r) => r.join(','))].join('\n') + '\n');
const villageRow = (provinsi: string, nama: string, email: string, alamat = 'Jalan Desa 1') => [
  provinsi,
  'Sleman',
  nama,
  `Desa Wisata ${nama}`,
  alamat,
  'Pak Kades',
  '+62 812-1111-2222',
  email,
];

const upload = (file: Buffer, token: string, jenis = 'desa') =>
  invoke(start, {
    method: 'POST',
    resource: '/api/impor',
    query: { jenis },
    ...multipart({}, [{ field: 'berkas', data: file, filename: `${jenis}.csv`, contentType: 'text/csv' }]),
    token,
  });
const status = (id: string, token: string) =>
  invoke(get, { method: 'GET', resource: '/api/impor/{id_impor}', pathParameters: { id_impor: id }, token });
const jalankan = (id: string, token: string) =>
  invoke(run, { method: 'POST', resource: '/api/impor/{id_impor}/jalankan', pathParameters: { id_impor: id }, token });

/** Uploads and lets the worker check it: the import's id. */
async function checked(file: Buffer, token: string, jenis = 'desa'): Promise<string> {
  const res = await upload(file, token, jenis);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
  const id = res.body.data.id_impor as string;
  await workImport(id);
  return id;
}
const historyOf = async (id: string) => (await allItems()).filter((i) => String(i.PK).startsWith('HIST#') && i.impor === id);
const villagesIn = async (provinsi: string) => (await allItems()).filter((i) => i.SK === 'DESA' && i.provinsi === provinsi);

describe('bulk import of villages', () => {
  it('is checked, applied, counted; a re-import writes nothing; other managers’ villages and unknown e-mails are refused', async () => {
    const provinsi = uniqueName('Provinsi Impor');
    const [dinas, owner, other] = await Promise.all([makeUser('dinas'), makeUser('pengelola'), makeUser('pengelola')]);
    const theirs = await makeVillage(other, { provinsi, kabupaten: 'Sleman', nama_desa: 'Milik Lain', alamat: 'Lama' });
    await makeVillage(other, { provinsi, kabupaten: 'Sleman', nama_desa: 'Punya Orang' });
    const file = csv([
      villageRow(provinsi, 'Baru Satu', owner.email),
      villageRow(provinsi, 'Baru Dua', owner.email),
      // the other manager's village, its own e-mail: dinas may update it
      villageRow(provinsi, 'Milik Lain', other.email, 'Alamat Baru'),
      // the same village naming another e-mail: never handed over by an import
      villageRow(provinsi, 'punya  ORANG', owner.email),
      villageRow(provinsi, 'Tanpa Akun', 'belum-terdaftar@example.com'),
    ]);
    const id = await checked(file, dinas.token);
    const seen = await status(id, dinas.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.body.data).toMatchObject({
      status: 'siap',
      nama_berkas: 'desa.csv',
      jumlah: { baris: 5, valid: 3, ditolak: 2, dibuat: 2, diubah: 1, tidak_berubah: 0, diterapkan: 0 },
    });
    const refused = seen.body.data.baris_ditolak.baris as { baris: number; kolom: string; pesan: string }[];
    expect(refused).toEqual([
      { baris: 5, kolom: 'email', pesan: MSG.importRowOwnerDiffers },
      { baris: 6, kolom: 'email', pesan: MSG.importRowEmailUnknown },
    ]);
    // every refused row as a spreadsheet, to fix and upload again
    const sheet = await invoke(errors, {
      method: 'GET',
      resource: '/api/impor/{id_impor}/kesalahan',
      pathParameters: { id_impor: id },
      query: { format: 'xlsx' },
      token: dinas.token,
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['Content-Type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(Buffer.from(sheet.rawBody, 'base64').subarray(0, 2).toString()).toBe('PK');
    // nothing written before jalankan
    expect(await villagesIn(provinsi)).toHaveLength(2);

    const started = await jalankan(id, dinas.token);
    expect(started.statusCode).toBe(202);
    expect(started.body.data.status).toBe('berjalan');
    expect((await jalankan(id, dinas.token)).statusCode).toBe(409);
    await workImport(id);
    const done = await status(id, dinas.token);
    expect(done.body.data).toMatchObject({ status: 'selesai', hasil: { dibuat: 2, diubah: 1, tidak_berubah: 0, gagal: 0 } });
    expect(done.body.data.kemajuan).toEqual({ diterapkan: 3, total: 3, persen: 100 });
    expect((await jalankan(id, dinas.token)).statusCode).toBe(409);

    const villages = await villagesIn(provinsi);
    expect(villages).toHaveLength(4);
    expect(villages.find((v) => v.kd_desa === theirs.kd_desa)).toMatchObject({ email: other.email, alamat: 'Alamat Baru' });
    const entries = await historyOf(id);
    expect(entries.map((e) => e.action).sort()).toEqual(['village.created', 'village.created', 'village.updated']);
    expect(entries.every((e) => e.actor_id === String(dinas.id))).toBe(true);
    await expectCountersMatchRecount('after the import');

    // the same file again: every valid row unchanged, no write, no history entry
    const again = await checked(file, dinas.token);
    expect((await status(again, dinas.token)).body.data.jumlah).toMatchObject({ valid: 3, dibuat: 0, diubah: 0, tidak_berubah: 3 });
    const before = (await allItems()).filter((i) => !String(i.PK).startsWith('IMPOR#'));
    expect((await jalankan(again, dinas.token)).statusCode).toBe(202);
    await workImport(again);
    expect((await status(again, dinas.token)).body.data).toMatchObject({
      status: 'selesai',
      hasil: { tidak_berubah: 3, dibuat: 0, diubah: 0 },
    });
    expect((await allItems()).filter((i) => !String(i.PK).startsWith('IMPOR#'))).toEqual(before);
    expect(await historyOf(again)).toHaveLength(0);

    // the list: dinas its own, newest first
    const listed = await invoke(list, { method: 'GET', resource: '/api/impor', token: dinas.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.body.data.map((i: { id_impor: string }) => i.id_impor)).toEqual([again, id]);
    const stranger = await makeUser('dinas');
    expect((await status(id, stranger.token)).statusCode).toBe(404);
  });

  it('the same file uploaded twice and both run: each village is created once', async () => {
    const provinsi = uniqueName('Provinsi Ganda');
    const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
    const file = csv([villageRow(provinsi, 'Kembar Satu', owner.email), villageRow(provinsi, 'Kembar Dua', owner.email)]);
    const first = await checked(file, dinas.token);
    const second = await checked(file, dinas.token);
    expect((await status(second, dinas.token)).body.data.jumlah).toMatchObject({ dibuat: 2 });
    await jalankan(first, dinas.token);
    await jalankan(second, dinas.token);
    await workImport(first);
    await workImport(second);
    expect((await status(first, dinas.token)).body.data.hasil).toMatchObject({ dibuat: 2 });
    expect((await status(second, dinas.token)).body.data.hasil).toMatchObject({ dibuat: 0, tidak_berubah: 2 });
    expect(await villagesIn(provinsi)).toHaveLength(2);
    await expectCountersMatchRecount('after two imports of one file');
  });

  it('runs only from siap (409 while the file is being checked)', async () => {
    const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
    const res = await upload(csv([villageRow(uniqueName('Provinsi'), 'Satu', owner.email)]), dinas.token);
    expect(res.statusCode).toBe(202);
    const early = await jalankan(res.body.data.id_impor, dinas.token);
    expect(early.statusCode).toBe(409);
    expect(early.body.message).toBe(MSG.importNotReady);
    await runImportWork();
  });

  it('refuses pengelola (403)', async () => {
    const owner = await makeUser('pengelola');
    const res = await upload(csv([villageRow('X', 'Y', owner.email)]), owner.token);
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(MSG.importOfficeOnly);
  });

  it('a run killed halfway (DynamoDB failing mid-batch) resumes: no row applied twice, counters equal a recount', async () => {
    const provinsi = uniqueName('Provinsi Putus');
    const [admin, owner] = await Promise.all([makeUser('admin'), makeUser('pengelola')]);
    const rows = Array.from({ length: 40 }, (_, n) => villageRow(provinsi, `Desa ${n + 1}`, owner.email));
    const id = await checked(csv(rows), admin.token);
    expect((await status(id, admin.token)).body.data.jumlah).toMatchObject({ valid: 40, dibuat: 40 });
    expect((await jalankan(id, admin.token)).statusCode).toBe(202);

    // the 30th row's transaction fails: the first batch (25) is saved, the second is cut off
    const cut = await withFaultAtNth('DynamoDB:TransactWriteItemsCommand', 31, () => runImportWork());
    expect(cut.faulted).toBeDefined();
    expect(cut.result.failed).toEqual([id]);
    const halfway = (await status(id, admin.token)).body.data;
    expect(halfway.status).toBe('berjalan');
    expect(halfway.jumlah.diterapkan).toBe(25);
    // rows of the cut batch that committed carry their marker: the resumed run does not apply them again
    const markers = (await allItems()).filter((i) => i.PK === `IMPOR#${id}` && String(i.SK).startsWith('BARIS#'));
    expect(markers.length).toBeGreaterThan(25);
    expect(markers.length).toBeLessThan(40);

    // its claim holds until it expires; then the next run resumes
    await runImportWork();
    expect((await status(id, admin.token)).body.data.jumlah.diterapkan).toBe(25);
    const later = Date.now() + IMPORT_LEASE_MS + 1000;
    setClock(() => later);
    await runImportWork();
    const done = (await status(id, admin.token)).body.data;
    expect(done).toMatchObject({ status: 'selesai', hasil: { dibuat: 40, diubah: 0, gagal: 0 } });
    const villages = await villagesIn(provinsi);
    expect(villages).toHaveLength(40);
    expect(new Set(villages.map((v) => v.nama_desa)).size).toBe(40);
    expect(await historyOf(id)).toHaveLength(40);
    await expectCountersMatchRecount('after the resumed import');
  });
});

describe('bulk import of monthly figures', () => {
  it('writes each month as verified by the office, corrects a month the manager reported, and a re-import writes nothing', async () => {
    const provinsi = uniqueName('Provinsi Laporan');
    const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
    const { kd_desa: kd } = await makeVillage(owner, { provinsi, kabupaten: 'Sleman', nama_desa: 'Pentingsari Impor' });
    await report(kd, monthsAgo(2), owner.token, { wisnus: 500 });
    const header = 'kd_desa;nama_desa;provinsi;kabupaten;bulan;wisnus;wisman;pendapatan;tenaga_kerja;malam_inap';
    const file = Buffer.from(
      [
        header,
        `${kd};;;;${monthsAgo(3)};1.200;10;25.000.000;12;40`,
        // the month the manager reported, with other figures: corrected
        `${kd};;;;${monthsAgo(2)};1.300;11;26.000.000;12;`,
        // by name and region
        `;pentingsari  impor;${provinsi};Sleman;${monthsAgo(1)};1.400;12;27.000.000;13;`,
        `;Tidak Ada;${provinsi};Sleman;${monthsAgo(1)};1;1;1;1;`,
      ].join('\n'),
    );
    const id = await checked(file, dinas.token, 'laporan');
    const seen = (await status(id, dinas.token)).body.data;
    expect(seen).toMatchObject({ status: 'siap', jumlah: { baris: 4, valid: 3, ditolak: 1, dibuat: 2, diubah: 1 } });
    expect(seen.baris_ditolak.baris).toEqual([{ baris: 5, kolom: 'nama_desa', pesan: MSG.importRowVillageNotFound }]);
    expect((await jalankan(id, dinas.token)).statusCode).toBe(202);
    await workImport(id);
    expect((await status(id, dinas.token)).body.data).toMatchObject({ status: 'selesai', hasil: { dibuat: 2, diubah: 1 } });
    const months = (await allItems()).filter((i) => i.PK === `LAPORAN#${kd}`).sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
    expect(months.map((m) => [m.bulan, m.wisnus, m.diverifikasi, m.terlambat])).toEqual([
      [monthsAgo(3), 1200, true, false],
      // the manager's own report came late: it stays late
      [monthsAgo(2), 1300, true, true],
      [monthsAgo(1), 1400, true, false],
    ]);
    expect(months[1]).toMatchObject({ alasan_koreksi: `${MSG.importCorrectionReason} ${id}`, dikoreksi_oleh: dinas.username });
    expect((await historyOf(id)).map((e) => e.action).sort()).toEqual(['report.created', 'report.created', 'report.updated']);
    await expectReportCountersMatchRecount();

    const again = await checked(file, dinas.token, 'laporan');
    expect((await status(again, dinas.token)).body.data.jumlah).toMatchObject({ valid: 3, tidak_berubah: 3 });
    const before = (await allItems()).filter((i) => !String(i.PK).startsWith('IMPOR#'));
    await jalankan(again, dinas.token);
    await workImport(again);
    expect((await status(again, dinas.token)).body.data.status).toBe('selesai');
    expect((await allItems()).filter((i) => !String(i.PK).startsWith('IMPOR#'))).toEqual(before);
    expect(await historyOf(again)).toHaveLength(0);
  });
});

describe('coordinates of imported villages', () => {
  it('set the village description’s (an entry of its own, after the village’s); a village without a description keeps none', async () => {
    const provinsi = uniqueName('Provinsi Koordinat');
    const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
    const asRow = (nama: string) => ({
      provinsi,
      kabupaten: 'Sleman',
      nama_desa: nama,
      nama_popular: `Desa Wisata ${nama}`,
      alamat: 'Jalan Desa 1',
      pengelola: 'Pak Kades',
      nomor_telepon: '+62 812-1111-2222',
    });
    const [onlyPlace, both, bare] = await Promise.all(
      ['Hanya Lokasi', 'Lokasi Alamat', 'Tanpa Deskripsi'].map((n) => makeVillage(owner, asRow(n))),
    );
    for (const v of [onlyPlace!, both!]) {
      const vd = { kd_desa: v.kd_desa, lokasi_desa: 'L', deskripsi_desa: 'D', jenis_desa: 'Alam', latitude: -7, longitude: 110 };
      const made = await invoke(createDescription, {
        method: 'POST',
        resource: '/api/deskripsi-desa',
        ...multipart({ data: JSON.stringify(vd) }),
        token: owner.token,
      });
      expect(made.statusCode, JSON.stringify(made.body)).toBe(201);
    }
    const file = Buffer.from(
      [
        `${HEADER},latitude,longitude`,
        [...villageRow(provinsi, 'Hanya Lokasi', owner.email), '-7.5', '110.25'].join(','),
        [...villageRow(provinsi, 'Lokasi Alamat', owner.email, 'Alamat Baru'), '-8', '111'].join(','),
        [...villageRow(provinsi, 'Tanpa Deskripsi', owner.email), '-7.5', '110.25'].join(','),
      ].join('\n') + '\n',
    );
    const id = await checked(file, dinas.token);
    expect((await status(id, dinas.token)).body.data.jumlah).toMatchObject({ valid: 3, diubah: 2, tidak_berubah: 1 });
    expect((await jalankan(id, dinas.token)).statusCode).toBe(202);
    await workImport(id);
    expect((await status(id, dinas.token)).body.data.hasil).toMatchObject({ dibuat: 0, diubah: 2, tidak_berubah: 1, gagal: 0 });
    const description = async (kd: string) => (await allItems()).find((i) => i.PK === `DESA#${kd}` && i.SK === 'DESKDESA');
    expect(await description(onlyPlace!.kd_desa)).toMatchObject({ latitude: -7.5, longitude: 110.25, version: 2 });
    expect(await description(both!.kd_desa)).toMatchObject({ latitude: -8, longitude: 111 });
    expect(await description(bare!.kd_desa)).toBeUndefined();
    const entries = await historyOf(id);
    expect(entries.map((e) => `${e.kd_desa} ${e.action}`).sort()).toEqual(
      [
        `${onlyPlace!.kd_desa} village_description.updated`,
        `${both!.kd_desa} village.updated`,
        `${both!.kd_desa} village_description.updated`,
      ].sort(),
    );

    // the same file again: nothing to change
    const again = await checked(file, dinas.token);
    expect((await status(again, dinas.token)).body.data.jumlah).toMatchObject({ valid: 3, diubah: 0, tidak_berubah: 3 });
  });
});
