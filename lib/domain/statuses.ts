import * as z from 'zod';
import * as store from '../db/statuses';
import { StatusChangedError, statuses, toPublicStatus, VILLAGE_STATUSES } from '../db/statuses';
import { inUnitOfWork } from '../db/unit-of-work';
import type { Acting } from '../contract/caller';
import { filteredVillages, getVillage, listVillages, type VillageFilter } from '../db/villages';
import { found, notFound } from '../contract/errors';
import { MSG } from '../contract/messages';
import { refusals, namingRefusal } from '../contract/validation';

const keterangan = z.string().trim().max(1000).default('');
/** POST /api/status-desa (a failure names its fields: 400 "Data status desa tidak valid: …"). */
export const createStatusInput = z.object({
  kd_desa: z.string().trim().min(1).max(100),
  status: z.enum(VILLAGE_STATUSES),
  keterangan,
});
refusals.add(createStatusInput, namingRefusal(MSG.villageStatusInvalid));
/** PUT /api/status-desa/{kd}. */
export const updateStatusInput = z.object({ status: z.enum(VILLAGE_STATUSES), keterangan });
refusals.add(updateStatusInput, namingRefusal(MSG.villageStatusInvalid));

/** POST /api/status-desa: the village must exist (its tallies and region count the status). */
export function createStatus(input: z.output<typeof createStatusInput>, caller: Acting) {
  return inUnitOfWork(caller, async (uow, read) => {
    const village = found(await getVillage(input.kd_desa, read.consistent), MSG.villageNotFound);
    const status = store.newStatus(input);
    uow.create(statuses, status, { village });
    return status;
  });
}

/**
 * GET /api/status-desa: every status with its village (null when the village is gone), in
 * two parallel Queries; with a filter, the statuses of the villages it admits (of the
 * status asked for), read by key.
 */
export async function listStatuses(filter?: VillageFilter) {
  if (filter) {
    const villages = await filteredVillages(filter);
    const byCode = new Map(villages.map((v) => [v.kd_desa, v]));
    const found = await store.statuses.getMany(villages.flatMap((v) => [...(v.status_codes ?? [])]));
    return [...found.values()]
      .filter((s) => !filter.status || s.status === filter.status)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.kd_status.localeCompare(b.kd_status))
      .map((status) => ({ status, village: byCode.get(status.kd_desa) ?? null }));
  }
  const [statuses, villages] = await Promise.all([store.listStatuses(), listVillages(['kd_desa', 'nama_desa', 'provinsi', 'kabupaten'])]);
  const byCode = new Map(villages.map((v) => [v.kd_desa, v]));
  return statuses.map((status) => ({ status, village: byCode.get(status.kd_desa) ?? null }));
}

/** GET /api/status-desa/{kd}. */
export const getStatus = async (code: string) => toPublicStatus(found(await store.getStatus(code), MSG.villageStatusNotFound));

/**
 * PUT /api/status-desa/{kd}: status and remark set to the values sent, if the status (and
 * its village, whose statistics it moves) are still as read: its history entry's before
 * is exactly what it replaced; a lost race reads again. The first read of the status is
 * the one made with the token check (read ahead).
 */
export async function updateStatus(code: string, input: z.output<typeof updateStatusInput>, caller: Acting): Promise<void> {
  await inUnitOfWork(caller, async (uow) => {
    const status = found(await store.getStatus(code, true), MSG.villageStatusNotFound);
    const village = await getVillage(status.kd_desa, true);
    uow.update(statuses, status, store.withStatus(status, input), { village, guard: () => new StatusChangedError() });
  });
}

/** DELETE /api/status-desa/{kd}: the status and its code on the village (and its count), in one transaction. */
export async function deleteStatus(code: string, caller: Acting): Promise<void> {
  await inUnitOfWork(caller, async (uow) => {
    const status = found(await store.getStatus(code, true), MSG.villageStatusNotFound);
    const village = await getVillage(status.kd_desa, true);
    uow.delete(statuses, status, { village, guard: () => notFound(MSG.villageStatusNotFound) });
  });
}
