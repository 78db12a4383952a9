import * as z from 'zod';
import type { UserRecord } from '../db/users';
import { listUsers } from '../db/users';
import { getVillage, listVillages } from '../db/villages';
import * as store from '../db/requests';
import { REQUEST_STATUSES, RequestChangedError, toPublicRequest, VillageStaleError, type RequestRecord } from '../db/requests';
import { isTransactionConflict } from '../db/transact';
import { withRetries } from '../platform/retry';
import { journal, type Who } from '../db/history';
import { found } from '../contract/errors';
import { MSG } from '../contract/messages';
import { ownedVillage } from './villages';

/** POST /api/permintaan (any failure: 400 "Data tidak valid"). */
export const createRequestInput = z.object({
  kd_desa: z.string().trim().min(1).max(100),
  status_permintaan: z.enum(REQUEST_STATUSES),
});
/** PUT /api/permintaan/{kd} (any failure: 400 "Data tidak valid"). */
export const updateRequestInput = z.object({ status_permintaan: z.enum(REQUEST_STATUSES) });

const withNames = (r: RequestRecord, fullName?: string, villageName?: string) => ({
  ...toPublicRequest(r),
  nama_pengguna: fullName ?? null,
  nama_desa_wisata: villageName ?? null,
});

/** GET /api/permintaan: every request with its requester's and village's names; three list queries joined in memory, no per-item reads. */
export async function listRequests() {
  const [requests, users, villages] = await Promise.all([store.listRequests(), listUsers(), listVillages(['kd_desa', 'nama_desa'])]);
  const names = new Map(users.map((u) => [u.email, u.full_name]));
  const villageNames = new Map(villages.map((v) => [v.kd_desa, v.nama_desa]));
  return requests.map((r) => withNames(r, names.get(r.email), villageNames.get(r.kd_desa)));
}

/** The history entry of a change of a request (`request.created`, …), in the village's timeline. */
const requestJournal = (who: Who, action: string) =>
  journal<RequestRecord>(who, `request.${action}`, { record: (r) => r.kd_permintaan }, (b, a) => ({ kd_desa: (a ?? b)!.kd_desa }));

/** A write of a request lost a race (to another writer of it or of its village): read both again. */
const raced = (err: unknown) => err instanceof RequestChangedError || err instanceof VillageStaleError || isTransactionConflict(err);

/** POST /api/permintaan: a pengelola files a request for a village it owns (counted in its region's statistics). */
export async function createRequest(input: z.output<typeof createRequestInput>, caller: UserRecord, who: Who) {
  let first = true;
  return withRetries(
    async () => {
      // afresh after a lost race (the village's tallies and region are what the write counts from)
      const village = await ownedVillage(input.kd_desa, caller, !first);
      first = false;
      return store.createRequest(
        { kd_desa: village.kd_desa, email: caller.email, status_permintaan: input.status_permintaan },
        village,
        requestJournal(who, 'created'),
      );
    },
    raced,
    30,
  );
}

/** GET /api/permintaan/{kd}: the request with the requester's and the village's names. */
export async function getRequest(code: string) {
  const { request, fullName, villageName } = found(await store.getRequestWithNames(code), MSG.requestNotFound);
  return withNames(request, fullName, villageName);
}

/**
 * PUT /api/permintaan/{kd}: any status may follow any other. Written only if the request
 * (and its village, whose statistics it moves) are still as read, so its history entry's
 * before is exactly what it replaced; a lost race reads both again.
 */
export async function updateRequestStatus(code: string, input: z.output<typeof updateRequestInput>, who: Who): Promise<void> {
  await withRetries(
    async () => {
      const request = found(await store.getRequest(code, true), MSG.requestNotFound);
      const village = await getVillage(request.kd_desa, true);
      return store.setRequestStatus(request, input.status_permintaan, village, requestJournal(who, 'updated'));
    },
    raced,
    30,
  );
}

/** DELETE /api/permintaan/{kd}: the request and its code on the village (and its count), in one transaction. */
export async function deleteRequest(code: string, who: Who): Promise<void> {
  await withRetries(
    async () => {
      const request = found(await store.getRequest(code, true), MSG.requestNotFound);
      const village = await getVillage(request.kd_desa, true);
      found(await store.deleteRequest(request, village, requestJournal(who, 'deleted')), MSG.requestNotFound);
    },
    raced,
    30,
  );
}
