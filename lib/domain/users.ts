import * as z from 'zod';
import * as store from '../db/users';
import { listVillages } from '../db/villages';
import { MSG } from '../contract/messages';

/** GET /api/users: `?includeDesa=` true/1 or false/0/empty (default false; case and spaces ignored); anything else is a 400. */
export const listUsersQuery = z.object({
  includeDesa: z
    .string()
    .meta({ description: 'Add `nama_desa` (default false)', examples: ['true'] })
    .optional()
    .transform((value, ctx) => {
      const v = (value ?? '').trim().toLowerCase();
      if (v === '' || v === 'false' || v === '0') return false;
      if (v === 'true' || v === '1') return true;
      ctx.addIssue({ code: 'custom', message: MSG.includeDesaInvalid, input: value });
      return z.NEVER;
    }),
});

/**
 * GET /api/users. With includeDesa, one row per (user, village) pair — only users that
 * manage a village appear, each row naming one village (as a SQL inner join would).
 */
export async function listUsers(includeDesa: boolean) {
  // Both lists at once when both are needed: one round trip.
  const [users, villages] = await Promise.all([store.listUsers(), includeDesa ? listVillages(['email', 'nama_desa']) : []]);
  const row = (u: (typeof users)[number]) => ({ full_name: u.full_name, email: u.email, is_verified: u.is_verified });
  if (!includeDesa) return users.map(row);
  const byEmail = new Map(users.map((u) => [u.email, u]));
  return villages.flatMap((v) => {
    const u = byEmail.get(v.email);
    return u ? [{ ...row(u), nama_desa: v.nama_desa }] : [];
  });
}
