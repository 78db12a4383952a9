import * as z from 'zod';
import type { UserRecord } from '../db/users';
import { listUsers } from '../db/users';
import { listVillages } from '../db/villages';
import {
  createRequest,
  deleteRequest,
  getRequestWithNames,
  listRequests,
  REQUEST_STATUSES,
  setRequestStatus,
  toPublicRequest,
  VillageGoneError,
  type RequestRecord,
} from '../db/requests';
import { found, notFound } from '../contract/errors';
import { MSG } from '../contract/messages';
import { ownedVillage } from './villages';

export const createRequestSchema = z.object({
  kd_desa: z.string().trim().min(1).max(100),
  status_permintaan: z.enum(REQUEST_STATUSES),
});
export const updateRequestSchema = z.object({ status_permintaan: z.enum(REQUEST_STATUSES) });

export const withNames = (r: RequestRecord, fullName?: string, villageName?: string) => ({
  ...toPublicRequest(r),
  nama_pengguna: fullName ?? null,
  nama_desa_wisata: villageName ?? null,
});

/** GET /api/permintaan: three list queries joined in memory, no per-item reads. */
export async function requestListWithNames() {
  const [requests, users, villages] = await Promise.all([listRequests(), listUsers(), listVillages(['kd_desa', 'nama_desa'])]);
  const names = new Map(users.map((u) => [u.email, u.full_name]));
  const villageNames = new Map(villages.map((v) => [v.kd_desa, v.nama_desa]));
  return requests.map((r) => withNames(r, names.get(r.email), villageNames.get(r.kd_desa)));
}

/** POST /api/permintaan: a pengelola files a request for a village it owns. */
export async function createRequestAs(input: z.output<typeof createRequestSchema>, caller: UserRecord) {
  const village = await ownedVillage(input.kd_desa, caller);
  try {
    return await createRequest({ kd_desa: village.kd_desa, email: caller.email, status_permintaan: input.status_permintaan });
  } catch (err) {
    if (err instanceof VillageGoneError) throw notFound(MSG.villageNotFound);
    throw err;
  }
}

/** GET /api/permintaan/{kd}: the request with the requester's and the village's names. */
export async function requestOf(code: string) {
  const { request, fullName, villageName } = found(await getRequestWithNames(code), MSG.requestNotFound);
  return withNames(request, fullName, villageName);
}

/** PUT /api/permintaan/{kd}: any status may follow any other. */
export async function updateRequestStatusOf(code: string, input: z.output<typeof updateRequestSchema>): Promise<void> {
  found(await setRequestStatus(code, input.status_permintaan), MSG.requestNotFound);
}

/** DELETE /api/permintaan/{kd}: the request and its code on the village, in one transaction. */
export async function deleteRequestOf(code: string): Promise<void> {
  found(await deleteRequest(code), MSG.requestNotFound);
}
