/** The catalogue of functions/statistics: the figures per region. */
import * as z from 'zod';
import { MSG } from '../../contract/messages';
import { REQUEST_STATUSES } from '../../db/requests';
import { KATEGORI } from '../../db/scores';
import { VILLAGE_STATUSES } from '../../db/statuses';
import { exportQuery } from '../../domain/export';
import { statisticsQuery } from '../../domain/statistics';
import * as R from '../responses';
import { area, e, fileAnswers, ok, type AreaDocs, trips } from './shared';

const entry = area('Statistik');
const count = z.number().int();
const counts = (names: readonly string[]) => z.object(Object.fromEntries(names.map((n) => [n, count])));
const statistics = z
  .object({
    wilayah: z.object({ provinsi: z.string().nullable(), kabupaten: z.string().nullable() }),
    desa_wisata: z.object({
      total: count,
      per_provinsi: z.array(z.object({ provinsi: z.string(), jumlah: count })),
      per_kabupaten: z.array(z.object({ provinsi: z.string(), kabupaten: z.string(), jumlah: count })),
    }),
    kategori: counts([...KATEGORI, 'belum_dinilai']).meta({
      description: 'Villages per category of their score; belum_dinilai: no score yet',
    }),
    status_operasional: counts([...VILLAGE_STATUSES, 'tanpa_status']).meta({
      description: 'Operating statuses recorded, per value; tanpa_status: villages with none',
    }),
    permintaan: counts(REQUEST_STATUSES).meta({ description: 'Registration requests per status' }),
    akun: z
      .object({ terverifikasi: count, menunggu: count })
      .optional()
      .meta({ description: 'Accounts verified and waiting for verification: only with an admin or dinas token' }),
    per_bulan: z
      .array(z.object({ bulan: z.string().meta({ examples: ['2026-11'] }), desa_baru: count, perubahan_kategori: count }))
      .meta({ description: 'Per month: villages registered, and evaluations that changed a category (a first score included)' }),
    pengunjung_per_provinsi: z
      .array(
        z.object({
          provinsi: z.string(),
          per_tahun: z.array(
            z.object({
              tahun: count.meta({ examples: [2026] }),
              wisnus: count.meta({ description: 'Domestic visitors (wisatawan nusantara) the villages reported that year' }),
              wisman: count.meta({ description: 'Foreign visitors (wisatawan mancanegara) the villages reported that year' }),
            }),
          ),
        }),
      )
      .meta({
        description:
          'Each province’s visitors per year, summed from the villages’ monthly reports (docs/monitoring.md): totals only, never a village’s figures or any revenue. Per province: with kabupaten, its province’s. Years oldest first; a year with no visitors is left out',
      }),
  })
  .meta({ id: 'Statistics' });

export const STATISTICS_DOCS = {
  'GET /api/statistik': entry('Figures per region: villages, categories, operating statuses, requests, accounts, per month', {
    facts: trips(
      2,
      'with a token: the token, then one Query of the region counters ∥ one of the provinces’ yearly visitors (without one: list versions ∥ those Queries, one round trip; the bench measures it)',
    ),
    description:
      'Public (an admin or dinas token adds the accounts). Read from counters every write keeps in its own transaction: one Query of about one item per kabupaten, whatever the number of villages. Without a token, a repeat read with If-None-Match answers 304 like the public lists.',
    query: statisticsQuery,
    success: ok(R.success({ data: statistics })),
  }),
  'GET /api/desa-wisata/export': entry('Every village as a spreadsheet (XLSX) or CSV file, for dinas and admin', {
    facts: trips(2, 'token, then villages ∥ requests ∥ statuses ∥ scores ∥ users (list Queries)'),
    description:
      "One row per village: code, names, region, address, manager, phone, e-mail, the manager's verification, the latest request status, the latest operating status, the six scores, average and category, registration time. `provinsi` (and `kabupaten` with it) narrow the rows. XLSX: a bold, frozen header row with a filter, numbers as numbers, the time as a date. CSV: UTF-8 with a byte-order mark, compressed for clients that take gzip. It holds managers' contact data: dinas and admin only.",
    query: exportQuery,
    ...fileAnswers,
    errors: [e(403, MSG.exportOfficeOnly, 'a pengelola asked')],
  }),
} satisfies AreaDocs;
