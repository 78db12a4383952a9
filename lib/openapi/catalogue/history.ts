/** The catalogue of functions/history: the timeline of a village, a score's trajectory, the service's feed. */
import * as z from 'zod';
import { kdDesaParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { historyEntries } from '../../db/history';
import { historyFeedQuery, historyQuery } from '../../domain/history';
import * as R from '../responses';
import { area, e, ok, ownerOnlyError, type AreaDocs, trips } from './shared';

const entry = area('Riwayat');

const queryErrors = [
  e(400, MSG.historyRangeReversed, 'from is later than to'),
  e(400, MSG.historyCursorInvalid, 'cursor is not the next_cursor of this very read (same path, kd_desa, from and to)'),
];
const noVillage = e(404, MSG.villageNotFound, 'No village ever had this code, or it is no `DESA-…` code at all');
const page = (item: z.ZodType) =>
  ok(
    R.success({
      data: z.array(item),
      next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null after the last' }),
    }),
  );
/** A village's entries over time: the path names the village, the query pages and narrows. */
const timeline = (item: z.ZodType) => ({ params: kdDesaParams, query: historyQuery, success: page(item) });
const scorePoint = z
  .object({
    at: z.string(),
    action: z.string(),
    changes: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown())
  .meta({ description: 'An evaluation: when, the action, the score as it then was (values, total, average, category), and what changed' });

export const HISTORY_DOCS = {
  'GET /api/desa-wisata/{kd_desa}/riwayat': entry("A village's timeline, newest first", {
    facts: trips(2, 'token + village together, then one Query of its timeline'),
    description:
      'Every change of the village and its records, with who made it and when. Its managing pengelola reads it while the village exists; dinas and admin also after its deletion (the deletion is its last entry).',
    ...timeline(historyEntries.publicSchema),
    errors: [
      ...queryErrors,
      ownerOnlyError,
      e(404, MSG.villageNotFound, 'No village with this code (for dinas and admin: none ever had it), or no `DESA-…` code at all'),
    ],
  }),
  'GET /api/skor/{kd_desa}/riwayat': entry("A village's evaluations over time, newest first", {
    facts: trips(1, 'one Query of the village timeline (score entries)'),
    description: 'Public like the score itself; without the evaluator.',
    ...timeline(scorePoint),
    errors: [...queryErrors, noVillage],
  }),
  'GET /api/riwayat': entry("The service's history feed, newest first", {
    facts: trips(2, 'token, then one Query of the feed'),
    description:
      "Filter by `actor`, `action`, `kd_desa` (a village code) and a time range. Account events (sign-ups, verifications, logins, resets) are admin's only: dinas sees neither them nor other security events; admin reads the security events with `security=true`. Fields that came from a request (records, names, changed values) are stored as sent: a UI must render them as text, never as HTML. Cost: one Query per page (a filter by action alone reads at most 1,000 entries for a page, which may then come back short with a cursor).",
    query: historyFeedQuery,
    success: page(historyEntries.publicSchema),
    errors: [
      ...queryErrors,
      e(403, MSG.historySecurityAdminOnly, 'dinas asked for the account-security events'),
      e(404, MSG.villageNotFound, '`kd_desa` names no village that ever existed, or is no `DESA-…` code'),
    ],
  }),
} satisfies AreaDocs;
