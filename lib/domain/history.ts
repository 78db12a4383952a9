import * as z from 'zod';
import { forbidden, found, invalid } from '../contract/errors';
import { MSG } from '../contract/messages';
import {
  actorHistory,
  BadCursorError,
  historyEntries,
  historyFeed,
  villageHistory,
  type HistoryEntry,
  type HistoryPage,
  type HistoryQuery,
} from '../db/history';
import { normEmail } from '../db/keys';
import type { UserRecord } from '../db/users';
import { getVillage } from '../db/villages';

/** The query of a history read: a page size, the cursor of the last answer, a time range; the feed also filters. */
export const historyQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(100))
      .optional(),
    cursor: z.string().max(2048).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
  })
  .meta({ description: 'limit 1–100 (default 20); cursor: `next_cursor` of the previous page; from/to: ISO 8601 times' });
export const historyFeedQuery = historyQuery.extend({
  actor: z.string().max(50).optional().meta({ description: 'A user id, `system` or `anonymous`' }),
  action: z.string().max(100).optional().meta({ description: 'e.g. `score.updated`' }),
  kd_desa: z.string().max(100).optional(),
  security: z.enum(['true', 'false']).optional().meta({ description: 'admin only: `true` reads the account-security events' }),
});
type HistoryInput = z.output<typeof historyQuery>;

const asQuery = (q: HistoryInput): HistoryQuery => ({ limit: q.limit ?? 20, cursor: q.cursor, from: q.from, to: q.to });

async function pageOf(read: () => Promise<HistoryPage>) {
  try {
    const p = await read();
    return { entries: p.entries, next_cursor: p.next };
  } catch (err) {
    if (err instanceof BadCursorError) throw invalid(MSG.historyQueryInvalid);
    throw err;
  }
}

/** An entry as the caller sees it: the source address (evidence of an attack) only for admin. */
function viewFor(caller: UserRecord, e: HistoryEntry) {
  const view = historyEntries.publicView(e);
  if (caller.role === 'admin') return view;
  const { source: _source, ...rest } = view;
  return rest;
}

/** GET /api/desa-wisata/{kd}/riwayat: its owner (while the village exists), dinas and admin (also after its deletion). */
export async function getVillageHistory(kd: string, q: HistoryInput, caller: UserRecord) {
  if (caller.role === 'pengelola') {
    const village = found(await getVillage(kd), MSG.villageNotFound);
    if (village.email !== normEmail(caller.email)) throw forbidden(MSG.villageOwnerOnly);
  }
  const page = await pageOf(() => villageHistory(kd, asQuery(q)));
  return { ...page, entries: page.entries.map((e) => viewFor(caller, e)) };
}

/** GET /api/skor/{kd}/riwayat: the village's evaluations, newest first, without who made them. */
export async function getScoreHistory(kd: string, q: HistoryInput) {
  const page = await pageOf(() => villageHistory(kd, asQuery(q), { actionPrefix: 'score.' }));
  return {
    ...page,
    entries: page.entries.map((e) => ({ at: e.at, action: e.action, ...(e.snapshot ?? {}), changes: e.changes })),
  };
}

/** GET /api/riwayat: the feed (admin; dinas without account-security events), filtered by actor, action, village and time. */
export async function getHistoryFeed(q: z.output<typeof historyFeedQuery>, caller: UserRecord) {
  const security = q.security === 'true';
  if (security && caller.role !== 'admin') throw forbidden(MSG.historySecurityAdminOnly);
  const filter = {
    action: q.action,
    ...(caller.role === 'admin' ? {} : { security: false as const }),
  };
  const query = asQuery(q);
  const page = await pageOf(() =>
    q.kd_desa
      ? villageHistory(q.kd_desa, query, { ...filter, actor_id: q.actor })
      : q.actor
        ? actorHistory(q.actor, query, filter)
        : historyFeed(security, query, { action: q.action }),
  );
  return { ...page, entries: page.entries.map((e) => viewFor(caller, e)) };
}
