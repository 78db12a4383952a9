import * as z from 'zod';
import { isVillageCode } from '../contract/codes';
import { forbidden, found, invalid, notFound } from '../contract/errors';
import { MSG } from '../contract/messages';
import { whenFieldsValid, refusals } from '../contract/validation';
import {
  actorHistory,
  BadCursorError,
  hasHistory,
  historyEntries,
  historyFeed,
  villageHistory,
  type HistoryEntry,
  type HistoryPage,
  type HistoryQuery,
} from '../db/history';
import { normEmail } from '../db/keys';
import type { Caller } from '../contract/caller';
import { getVillage } from '../db/villages';

/** The query of a history read: a page size, the cursor of the last answer, a time range; the feed also filters. */
const historyQueryFields = z
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
/** `from` after `to` is no range (DynamoDB refuses such a key condition). */
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const HISTORY_QUERY_REFUSAL = { message: MSG.historyQueryInvalid, when: 'limit, from or to is not valid' };
export const historyQuery = historyQueryFields.refine(inOrder, { error: MSG.historyRangeReversed, ...whenFieldsValid });
refusals.add(historyQuery, HISTORY_QUERY_REFUSAL);
export const historyFeedQuery = historyQueryFields
  .extend({
    actor: z.string().max(50).optional().meta({ description: 'A user id, `system` or `anonymous`' }),
    action: z.string().max(100).optional().meta({ description: 'e.g. `score.updated`' }),
    kd_desa: z.string().max(100).optional().meta({ description: 'A village code (`DESA-…`)' }),
    security: z.enum(['true', 'false']).optional().meta({ description: 'admin only: `true` reads the account-security events' }),
  })
  .refine(inOrder, { error: MSG.historyRangeReversed, ...whenFieldsValid });
refusals.add(historyFeedQuery, HISTORY_QUERY_REFUSAL);
type HistoryInput = z.output<typeof historyQuery>;

// times as the sort keys spell them (`…00.000Z`), so that `…00Z` bounds the same instant
const isoOf = (t: string | undefined) => t && new Date(t).toISOString();
const asQuery = (q: HistoryInput): HistoryQuery => ({ limit: q.limit ?? 20, cursor: q.cursor, from: isoOf(q.from), to: isoOf(q.to) });

async function pageOf(read: () => Promise<HistoryPage>) {
  try {
    const p = await read();
    return { entries: p.entries, next_cursor: p.next };
  } catch (err) {
    if (err instanceof BadCursorError) throw invalid(MSG.historyCursorInvalid);
    throw err;
  }
}

/**
 * The history of villages only: a value that is no village code (an account's scope
 * `USER#…`, anything else) is 404 before anything is read.
 */
function requireVillageCode(kd: string): void {
  if (!isVillageCode(kd)) throw notFound(MSG.villageNotFound);
}

/** An empty page of a code that never was a village (no village, no entry) is 404; a village's timeline is never empty. */
async function ofKnownVillage<P extends { entries: unknown[] }>(kd: string, page: P): Promise<P> {
  if (page.entries.length) return page;
  const [village, history] = await Promise.all([getVillage(kd), hasHistory(kd)]);
  if (!village && !history) throw notFound(MSG.villageNotFound);
  return page;
}

/** An entry as the caller sees it: the source address (evidence of an attack) only for admin. */
function viewFor(caller: Caller, e: HistoryEntry) {
  const view = historyEntries.publicView(e);
  if (caller.role === 'admin') return view;
  const { source: _source, ...rest } = view;
  return rest;
}

/** GET /api/desa-wisata/{kd}/riwayat: its owner (while the village exists), dinas and admin (also after its deletion). */
export async function getVillageHistory(kd: string, q: HistoryInput, caller: Caller) {
  requireVillageCode(kd);
  if (caller.role === 'pengelola') {
    const village = found(await getVillage(kd), MSG.villageNotFound);
    if (village.email !== normEmail(caller.email)) throw forbidden(MSG.villageOwnerOnly);
  }
  const page = await ofKnownVillage(kd, await pageOf(() => villageHistory(kd, asQuery(q))));
  return { ...page, entries: page.entries.map((e) => viewFor(caller, e)) };
}

/** GET /api/skor/{kd}/riwayat: the village's evaluations, newest first, without who made them. */
export async function getScoreHistory(kd: string, q: HistoryInput) {
  requireVillageCode(kd);
  const page = await ofKnownVillage(kd, await pageOf(() => villageHistory(kd, asQuery(q), { actionPrefix: 'score.' })));
  return {
    ...page,
    entries: page.entries.map((e) => ({ at: e.at, action: e.action, ...(e.snapshot ?? {}), changes: e.changes })),
  };
}

/**
 * GET /api/riwayat: the feed (admin; dinas without account events or security events),
 * filtered by actor, action, village and time.
 */
export async function getHistoryFeed(q: z.output<typeof historyFeedQuery>, caller: Caller) {
  const security = q.security === 'true';
  const admin = caller.role === 'admin';
  if (security && !admin) throw forbidden(MSG.historySecurityAdminOnly);
  // account events are admin's only, whichever way the feed is read
  const filter = { action: q.action, ...(admin ? {} : { security: false as const, accounts: false as const }) };
  const query = asQuery(q);
  const kd = q.kd_desa;
  if (kd) {
    requireVillageCode(kd);
    const page = await ofKnownVillage(kd, await pageOf(() => villageHistory(kd, query, { ...filter, actor_id: q.actor })));
    return { ...page, entries: page.entries.map((e) => viewFor(caller, e)) };
  }
  const page = await pageOf(() => (q.actor ? actorHistory(q.actor, query, filter) : historyFeed(security, query, filter)));
  return { ...page, entries: page.entries.map((e) => viewFor(caller, e)) };
}
