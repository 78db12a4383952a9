/**
 * 1,000 villages: the list routes return all of them correctly, with a small constant
 * number of DynamoDB commands (list queries joined in memory), never a Scan and never a
 * round trip per village.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as listVillages } from '../../functions/villages/list';
import { handler as detailsList } from '../../functions/villages/details';
import { handler as listScores } from '../../functions/scores/list';
import { handler as listUsers } from '../../functions/users/list';
import { createScore } from '../../lib/domain/score-service';
import { SYSTEM } from '../../lib/db/history';
import { createAccount } from '../../lib/auth/accounts';
import { recordNewVillage, type VillageFields, type VillageRecord } from '../../lib/db/villages';
import { inUnitOfWork } from '../../lib/db/unit-of-work';
import { computeScore } from '../../lib/domain/scores';
import { slugify } from '../../lib/contract/slug';
import { invoke, uniqueEmail, uniqueName } from '../support/api';
import { countCommands } from '../support/table';

const VILLAGES = 1000;
const OWNERS = 50;
const SCORED_EVERY = 7; // every 7th village gets a score
const BATCH = 25;

interface Made {
  kd_desa: string;
  slug: string;
  kd_permintaan: string;
  fields: VillageFields;
  owner: { email: string; full_name: string; is_verified: boolean };
  score?: Record<string, number | string>;
  village: VillageRecord;
}

const made: Made[] = [];
const owners: Made['owner'][] = [];

async function inBatches<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += BATCH) out.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, n - i) }, (_, j) => fn(i + j)))));
  return out;
}

beforeAll(async () => {
  // owners straight through the repository (no scrypt: this file measures the lists, not sign-up)
  owners.push(
    ...(await inBatches(OWNERS, async (i) => {
      const u = await createAccount(
        {
          username: uniqueName('owner'),
          full_name: `Pengelola Nomor ${i}`,
          email: uniqueEmail(`owner${i}`),
          role: 'pengelola',
          password_hash: 'not-a-real-hash',
          is_verified: i % 3 !== 0,
        },
        SYSTEM,
      );
      return { email: u.email, full_name: u.full_name, is_verified: u.is_verified };
    })),
  );
  made.push(
    ...(await inBatches(VILLAGES, async (i) => {
      const owner = owners[i % OWNERS]!;
      const fields: VillageFields = {
        provinsi: `Provinsi ${i % 34}`,
        kabupaten: `Kabupaten ${i}`,
        nama_desa: `Desa Skala ${i}`,
        nama_popular: `Desa Wisata Skala Nomor ${i}`,
        alamat: `Jalan Desa ${i}`,
        pengelola: owner.full_name,
        nomor_telepon: `+62 812-${String(1000 + i).padStart(4, '0')}-0000`,
        email: owner.email,
      };
      const { village, kd_permintaan } = await inUnitOfWork(SYSTEM, async (uow) =>
        recordNewVillage(uow, fields, slugify(fields.nama_popular)),
      );
      return { kd_desa: village.kd_desa, slug: village.slug, kd_permintaan, fields, owner, village };
    })),
  );
  const scored = made.filter((_, i) => i % SCORED_EVERY === 0);
  await inBatches(scored.length, async (i) => {
    const m = scored[i]!;
    const n = 1 + ((i * 13) % 100);
    const values = {
      partisipasi_masyarakat: n,
      keragaman_paket_wisata: 100 - (n % 50),
      akses_tempat_wisata: 50,
      keramahan_difabel: 1 + (n % 100),
      fasilitas_tempat_wisata: 75,
      produk_tempat_wisata: 90,
    };
    const computed = computeScore(values);
    await createScore({ kd_desa: m.kd_desa, ...values }, SYSTEM);
    m.score = { ...values, rata_rata: computed.rata_rata, kategori_desa: computed.kategori_desa };
  });
}, 240_000);

/** Only Queries (after the one small read of the lists' versions), no Scan, and a handful of them whatever the number of villages. */
function expectConstantQueries(counts: Record<string, number>, maxQueries: number) {
  expect(counts.ScanCommand ?? 0).toBe(0);
  expect(counts.BatchGetItemCommand, JSON.stringify(counts)).toBe(1);
  expect(
    Object.keys(counts).filter((k) => k !== 'QueryCommand' && k !== 'BatchGetItemCommand'),
    JSON.stringify(counts),
  ).toEqual([]);
  expect(counts.QueryCommand ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
  expect(counts.QueryCommand, JSON.stringify(counts)).toBeLessThanOrEqual(maxQueries);
}

describe(`${VILLAGES} villages`, () => {
  it('GET /api/desa-wisata returns every village with its request and owner flag', async () => {
    const { result: res, counts } = await countCommands(() => invoke(listVillages, { method: 'GET', resource: '/api/desa-wisata' }));
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(VILLAGES);
    const byKd = new Map<string, any>(res.body.data.map((r: any) => [r.kd_desa, r]));
    expect(byKd.size).toBe(VILLAGES);
    for (const m of made) {
      const row = byKd.get(m.kd_desa);
      expect(row).toEqual({
        kd_desa: m.kd_desa,
        ...m.fields,
        slug: m.slug,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        kd_permintaan: m.kd_permintaan,
        status_permintaan: 'diproses',
        is_verified: m.owner.is_verified,
      });
      expect(m.slug).toBe(slugify(m.fields.nama_popular));
    }
    // villages, requests, users: one query each (each list is well under a 1 MB page)
    expectConstantQueries(counts, 3);
  }, 240_000);

  it('GET /api/desa-wisata/details returns every village', async () => {
    const { result: res, counts } = await countCommands(() => invoke(detailsList, { method: 'GET', resource: '/api/desa-wisata/details' }));
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(VILLAGES);
    const byKd = new Map<string, any>(res.body.data.map((r: any) => [r.kd_desa, r]));
    for (const m of made) {
      expect(byKd.get(m.kd_desa)).toEqual({
        kd_desa: m.kd_desa,
        gambar_cover: null,
        provinsi: m.fields.provinsi,
        kabupaten: m.fields.kabupaten,
        nama_popular: m.fields.nama_popular,
        slug: m.slug,
      });
    }
    expectConstantQueries(counts, 1);
  }, 240_000);

  it('GET /api/skor returns every village, scored and unscored', async () => {
    const { result: res, counts } = await countCommands(() => invoke(listScores, { method: 'GET', resource: '/api/skor' }));
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(VILLAGES);
    const byKd = new Map<string, any>(res.body.data.map((r: any) => [r.kd_desa, r]));
    let scored = 0;
    for (const m of made) {
      const row = byKd.get(m.kd_desa);
      if (m.score) {
        scored++;
        expect(row).toEqual({ kd_desa: m.kd_desa, nama_desa: m.fields.nama_desa, ...m.score });
      } else {
        expect(row).toEqual({
          kd_desa: m.kd_desa,
          nama_desa: m.fields.nama_desa,
          partisipasi_masyarakat: null,
          keragaman_paket_wisata: null,
          akses_tempat_wisata: null,
          keramahan_difabel: null,
          fasilitas_tempat_wisata: null,
          produk_tempat_wisata: null,
          rata_rata: 0,
          kategori_desa: 'Rintisan',
        });
      }
    }
    expect(scored).toBe(Math.ceil(VILLAGES / SCORED_EVERY));
    // villages + scores
    expectConstantQueries(counts, 2);
  }, 240_000);

  it('GET /api/users?includeDesa=true returns one row per village with its owner', async () => {
    const { result: res, counts } = await countCommands(() =>
      invoke(listUsers, { method: 'GET', resource: '/api/users', query: { includeDesa: 'true' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(VILLAGES);
    const expected = made.map((m) => ({
      full_name: m.owner.full_name,
      email: m.owner.email,
      is_verified: m.owner.is_verified,
      nama_desa: m.fields.nama_desa,
    }));
    const key = (r: any) => `${r.email}|${r.nama_desa}`;
    expect([...res.body.data].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected.sort((a, b) => key(a).localeCompare(key(b))));
    // users + villages
    expectConstantQueries(counts, 2);

    const plain = await countCommands(() => invoke(listUsers, { method: 'GET', resource: '/api/users' }));
    expect(plain.result.body.data).toHaveLength(OWNERS);
    expectConstantQueries(plain.counts, 1);
  }, 240_000);
});
