import * as z from 'zod';
import type { UserRecord } from '../db/users';
import { listUsers } from '../db/users';
import { listVillages } from '../db/villages';
import * as store from '../db/requests';
import { REQUEST_STATUSES, RequestChangedError, toPublicRequest, VillageGoneError, type RequestRecord } from '../db/requests';
import { isTransactionConflict } from '../db/transact';
import { withRetries } from '../platform/retry';
import { journal, type Who } from '../db/history';
import { found, notFound } from '../contract/errors';
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

/** POST /api/permintaan: a pengelola files a request for a village it owns. */
export async function createRequest(input: z.output<typeof createRequestInput>, caller: UserRecord, who: Who) {
  const village = await ownedVillage(input.kd_desa, caller);
  try {
    return await store.createRequest(
      { kd_desa: village.kd_desa, email: caller.email, status_permintaan: input.status_permintaan },
      requestJournal(who, 'created'),
    );
  } catch (err) {
    if (err instanceof VillageGoneError) throw notFound(MSG.villageNotFound);
    throw err;
  }
}

/** GET /api/permintaan/{kd}: the request with the requester's and the village's names. */
export async function getRequest(code: string) {
  const { request, fullName, villageName } = found(await store.getRequestWithNames(code), MSG.requestNotFound);
  return withNames(request, fullName, villageName);
}

/**
 * PUT /api/permintaan/{kd}: any status may follow any other. Written only if the request
 * is still as read, so its history entry's before is exactly what it replaced (a lost
 * race reads again).
 */
export async function updateRequestStatus(code: string, input: z.output<typeof updateRequestInput>, who: Who): Promise<void> {
  await withRetries(
    async () =>
      store.setRequestStatus(
        found(await store.getRequest(code, true), MSG.requestNotFound),
        input.status_permintaan,
        requestJournal(who, 'updated'),
      ),
    (err) => err instanceof RequestChangedError || isTransactionConflict(err),
    30,
  );
}

/** DELETE /api/permintaan/{kd}: the request and its code on the village, in one transaction. */
export async function deleteRequest(code: string, who: Who): Promise<void> {
  found(await store.deleteRequest(code, requestJournal(who, 'deleted')), MSG.requestNotFound);
}
