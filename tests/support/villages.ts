import { handler as createVillage } from '../../functions/villages/create';
import { invoke } from './api';

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
