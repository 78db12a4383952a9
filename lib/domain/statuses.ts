import * as z from 'zod';
import * as store from '../db/statuses';
import { StatusChangedError, toPublicStatus, VILLAGE_STATUSES, type StatusRecord } from '../db/statuses';
import { isTransactionConflict } from '../db/transact';
import { withRetries } from '../platform/retry';
import { journal, type Who } from '../db/history';
import { VillageGoneError } from '../db/requests';
import { getVillage, listVillages } from '../db/villages';
import { found, notFound } from '../contract/errors';
import { MSG } from '../contract/messages';

const keterangan = z.string().trim().max(1000).default('');
/** POST /api/status-desa (a failure names its fields: 400 "Data status desa tidak valid: …"). */
export const createStatusInput = z.object({
  kd_desa: z.string().trim().min(1).max(100),
  status: z.enum(VILLAGE_STATUSES),
  keterangan,
});
/** PUT /api/status-desa/{kd}. */
export const updateStatusInput = z.object({ status: z.enum(VILLAGE_STATUSES), keterangan });

/** The history entry of a change of a status (`status.created`, …), in the village's timeline. */
const statusJournal = (who: Who, action: string) =>
  journal<StatusRecord>(who, `status.${action}`, { record: (s) => s.kd_status }, (b, a) => ({ kd_desa: (a ?? b)!.kd_desa }));

/** POST /api/status-desa: the village must exist. */
export async function createStatus(input: z.output<typeof createStatusInput>, who: Who) {
  if (!(await getVillage(input.kd_desa))) throw notFound(MSG.villageNotFound);
  try {
    return await store.createStatus(input, statusJournal(who, 'created'));
  } catch (err) {
    if (err instanceof VillageGoneError) throw notFound(MSG.villageNotFound);
    throw err;
  }
}

/** GET /api/status-desa: every status with its village (null when the village is gone), in two parallel Queries. */
export async function listStatuses() {
  const [statuses, villages] = await Promise.all([store.listStatuses(), listVillages(['kd_desa', 'nama_desa', 'provinsi', 'kabupaten'])]);
  const byCode = new Map(villages.map((v) => [v.kd_desa, v]));
  return statuses.map((status) => ({ status, village: byCode.get(status.kd_desa) ?? null }));
}

/** GET /api/status-desa/{kd}. */
export const getStatus = async (code: string) => toPublicStatus(found(await store.getStatus(code), MSG.villageStatusNotFound));

/**
 * PUT /api/status-desa/{kd}: status and remark set to the values sent, if the status is
 * still as read (its history entry's before is exactly what it replaced); a lost race
 * reads again. The first read is the one made with the token check (read ahead).
 */
export async function updateStatus(code: string, input: z.output<typeof updateStatusInput>, who: Who): Promise<void> {
  await withRetries(
    async () =>
      store.updateStatus(found(await store.getStatus(code, true), MSG.villageStatusNotFound), input, statusJournal(who, 'updated')),
    (err) => err instanceof StatusChangedError || isTransactionConflict(err),
    30,
  );
}

/** DELETE /api/status-desa/{kd}: the status and its code on the village, in one transaction. */
export async function deleteStatus(code: string, who: Who): Promise<void> {
  found(await store.deleteStatus(code, statusJournal(who, 'deleted')), MSG.villageStatusNotFound);
}
