import * as z from 'zod';
import { kabupatenWithinProvinsi, listPagingQuery, regionName } from '../contract/inputs';
import { MSG } from '../contract/messages';
import { KATEGORI } from '../db/scores';
import { VILLAGE_STATUSES } from '../db/statuses';
import { JENIS_DESA } from '../db/village-descriptions';
import type { VillageFilter } from '../db/villages';

const refused = { error: MSG.listFilterInvalid };
const region = regionName(refused).optional();

/**
 * The filters of the public lists (GET /api/desa-wisata, /details, /api/skor,
 * /api/status-desa): a region (kabupaten only within its province), a category
 * (`belum_dinilai`: unscored), an operating status, a kind. Without them the contract's
 * answer is unchanged. A bad value is a 400 naming the filters.
 */
export const listFilterFields = {
  provinsi: region.meta({ description: 'Only villages of this province (case-insensitive)' }),
  kabupaten: region.meta({ description: 'Only villages of this kabupaten (with provinsi)' }),
  kategori: z
    .enum([...KATEGORI, 'belum_dinilai'], refused)
    .optional()
    .meta({ description: 'Only villages of this score category (belum_dinilai: not scored)' }),
  status: z.enum(VILLAGE_STATUSES, refused).optional().meta({ description: 'Only villages with an operating status of this value' }),
  jenis: z.enum(JENIS_DESA, refused).optional().meta({ description: 'Only villages whose description names this kind' }),
};

/** Paging and filters of a public list. */
export const filteredListQuery = listPagingQuery.extend(listFilterFields).refine(kabupatenWithinProvinsi, refused);
/** The same, with more fields (a dialect's own). */
export const filteredListQueryWith = <T extends z.ZodRawShape>(more: T) =>
  listPagingQuery
    .extend({ ...listFilterFields, ...more })
    .refine((q) => kabupatenWithinProvinsi(q as { provinsi?: string; kabupaten?: string }), refused);

/** The filter of a parsed query, or undefined when it names none (the contract's own list). */
export function filterOf(q: {
  provinsi?: string;
  kabupaten?: string;
  kategori?: string;
  status?: string;
  jenis?: string;
}): VillageFilter | undefined {
  const f: VillageFilter = {
    provinsi: q.provinsi,
    kabupaten: q.kabupaten,
    kategori: q.kategori === 'belum_dinilai' ? 'belum' : q.kategori,
    status: q.status,
    jenis: q.jenis,
  };
  return Object.values(f).some((v) => v !== undefined) ? f : undefined;
}
