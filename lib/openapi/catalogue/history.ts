/** The catalogue of functions/history: the timeline of a village, a score's trajectory, the service's feed. */
import * as z from 'zod';
import { kdDesaParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { historyEntries } from '../../db/history';
import { historyFeedQuery, historyQuery } from '../../domain/history';
import * as R from '../responses';
import { e, ok, ownerOnlyError, villageMissing, type AreaDocs } from './shared';

const queryInvalid = e(400, MSG.historyQueryInvalid, 'limit, from, to or cursor is not valid');
const page = (item: z.ZodType) =>
  ok(
    R.success({
      data: z.array(item),
      next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null after the last' }),
    }),
  );
const scorePoint = z
  .object({
    at: z.string(),
    action: z.string(),
    changes: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown())
  .meta({ description: 'An evaluation: when, the action, the score as it then was (values, total, average, category), and what changed' });

export const HISTORY_DOCS = {
  'GET /api/desa-wisata/{kd_desa}/riwayat': {
    tag: 'Riwayat',
    summary: "A village's timeline, newest first",
    description:
      'Every change of the village and its records, with who made it and when. Its managing pengelola reads it while the village exists; dinas and admin also after its deletion (the deletion is its last entry).',
    params: kdDesaParams,
    query: historyQuery,
    success: page(historyEntries.publicSchema),
    errors: [queryInvalid, ownerOnlyError, villageMissing],
  },
  'GET /api/skor/{kd_desa}/riwayat': {
    tag: 'Riwayat',
    summary: "A village's evaluations over time, newest first",
    description: 'Public like the score itself; without the evaluator.',
    params: kdDesaParams,
    query: historyQuery,
    success: page(scorePoint),
    errors: [queryInvalid],
  },
  'GET /api/riwayat': {
    tag: 'Riwayat',
    summary: "The service's history feed, newest first",
    description:
      'Filter by `actor`, `action`, `kd_desa` and a time range. dinas sees no account-security events; admin reads them with `security=true`. Cost: one Query per page (a filter by action alone reads at most 1,000 entries for a page, which may then come back short with a cursor).',
    query: historyFeedQuery,
    success: page(historyEntries.publicSchema),
    errors: [queryInvalid, e(403, MSG.historySecurityAdminOnly, 'dinas asked for the account-security events')],
  },
} satisfies AreaDocs;
