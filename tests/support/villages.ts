import { handler as createVillage } from '../../functions/villages/create';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { invoke, uniqueName } from './api';
import { makeUser, makeUsers } from './users';

let counter = 0;
/** A valid village body for `email`; override any field. */
export function villageBody(email: string, overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    provinsi: 'Daerah Istimewa Yogyakarta',
    kabupaten: 'Sleman',
    nama_desa: `Pentingsari ${counter}`,
    nama_popular: `Desa Wisata Pentingsari ${counter} ${Math.random().toString(36).slice(2, 7)}`,
    alamat: 'Umbulharjo, Cangkringan',
    pengelola: 'Doto Yogantoro',
    nomor_telepon: '+62 812-2700-1234',
    email,
    ...overrides,
  };
}

/** Creates a village through the real POST handler with the owner's token. */
export async function makeVillage(owner: { email: string; token: string }, overrides: Record<string, unknown> = {}) {
  const res = await invoke(createVillage, {
    method: 'POST',
    resource: '/api/desa-wisata',
    body: villageBody(owner.email, overrides),
    token: owner.token,
  });
  if (res.statusCode !== 200) throw new Error(`village creation failed: ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res.body.data as { kd_desa: string; slug: string };
}

/** Deletes a village through the real DELETE handler with `token`; its response. */
export const removeVillage = (kd_desa: string, token: string) =>
  invoke(deleteVillage, { method: 'DELETE', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa }, token });

/**
 * A province of its own (`uniqueName(prefix)`) with its dinas and an admin, and the villages
 * `villages(provinsi)` describes, each made by a manager of its own (`owner`).
 */
export async function regionWithVillages<const V extends readonly Record<string, unknown>[]>(
  prefix: string,
  villages: (provinsi: string) => V,
) {
  const provinsi = uniqueName(prefix);
  const [[dinas, admin], made] = await Promise.all([
    makeUsers('dinas', 'admin'),
    Promise.all(
      villages(provinsi).map(async (overrides) => {
        const owner = await makeUser('pengelola');
        return { ...(await makeVillage(owner, overrides)), owner };
      }),
    ),
  ]);
  return {
    provinsi,
    dinas,
    admin,
    villages: made as unknown as { -readonly [K in keyof V]: (typeof made)[number] },
  };
}
