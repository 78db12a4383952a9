import type { VillageRecord } from '../db/villages';

/**
 * GET /api/desa-wisata/details?byJenis=true: the home page sorts village cards with
 * `item.jenis_desa?.includes('alam' | 'budaya' | 'buatan')`, so each item also carries
 * the village description's kinds as a lower-case array (`[]` without a description).
 */
export const DETAILS_BY_KIND_QUERY = 'byJenis';

export const wantsKinds = (query: Record<string, string>) => /^(true|1)$/i.test(query[DETAILS_BY_KIND_QUERY] ?? '');

export const kindsForBoth = (v: Pick<VillageRecord, 'jenis_desa_list'>) => ({
  jenis_desa: (v.jenis_desa_list ?? []).map((k) => k.toLowerCase()),
});
