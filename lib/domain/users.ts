import { listUsers } from '../db/users';
import { listVillages } from '../db/villages';
import { invalid } from '../contract/errors';
import { MSG } from '../contract/messages';

/** `?includeDesa=`: true/1 or false/0/empty (default false); anything else is a 400. */
export function parseIncludeDesa(value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  throw invalid(MSG.includeDesaInvalid);
}

/**
 * GET /api/users. With includeDesa, one row per (user, village) pair — only users that
 * manage a village appear, each row naming one village (as a SQL inner join would).
 */
export async function userList(includeDesa: boolean) {
  // Both lists at once when both are needed: one round trip.
  const [users, villages] = await Promise.all([listUsers(), includeDesa ? listVillages(['email', 'nama_desa']) : []]);
  const row = (u: (typeof users)[number]) => ({ full_name: u.full_name, email: u.email, is_verified: u.is_verified });
  if (!includeDesa) return users.map(row);
  const byEmail = new Map(users.map((u) => [u.email, u]));
  return villages.flatMap((v) => {
    const u = byEmail.get(v.email);
    return u ? [{ ...row(u), nama_desa: v.nama_desa }] : [];
  });
}
