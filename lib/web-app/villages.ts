import * as z from 'zod';
import { filteredListQueryWith } from '../domain/list-filters';
import type { VillageRecord } from '../db/villages';

/**
 * GET /api/desa-wisata/details?byJenis=true: the home page sorts village cards with
 * `item.jenis_desa?.includes('alam' | 'budaya' | 'buatan')`, so each item also carries
 * the village description's kinds as a lower-case array (`[]` without a description).
 */
export const villageDetailsQueryForWebApp = filteredListQueryWith({
  byJenis: z
    .string()
    .meta({ description: 'Web-app dialect: `true` adds `jenis_desa` (lower-case kinds) to each item', examples: ['true'] })
    .optional()
    .transform((v) => /^(true|1)$/i.test(v ?? '')),
});

export const villageKindsForWebApp = (v: Pick<VillageRecord, 'jenis_desa_list'>) => ({
  jenis_desa: (v.jenis_desa_list ?? []).map((k) => k.toLowerCase()),
});
