import * as z from 'zod';
import type { Acting, Caller } from '../contract/caller';
import { listUsers } from '../db/users';
import { getVillage, listVillages } from '../db/villages';
import * as store from '../db/requests';
import { REQUEST_STATUSES, RequestChangedError, requests, toPublicRequest, type RequestRecord } from '../db/requests';
import { inUnitOfWork } from '../db/unit-of-work';
import { found, notFound } from '../contract/errors';
import { MSG } from '../contract/messages';
import { ownedVillage } from './villages';
import { refusals } from '../contract/validation';

/** POST /api/permintaan (any failure: 400 "Data tidak valid"). */
export const createRequestInput = z.object({
  kd_desa: z.string().trim().min(1).max(100),
  status_permintaan: z.enum(REQUEST_STATUSES),
});
refusals.add(createRequestInput, {
  message: MSG.requestInvalid,
  when: 'The body is not JSON, or a field is missing or invalid',
  malformedToo: true,
});
/** PUT /api/permintaan/{kd} (any failure: 400 "Data tidak valid"). */
export const updateRequestInput = z.object({ status_permintaan: z.enum(REQUEST_STATUSES) });
refusals.add(updateRequestInput, {
  message: MSG.requestInvalid,
  when: 'The body is not JSON, or status_permintaan is missing or invalid',
  malformedToo: true,
});

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

/** POST /api/permintaan: a pengelola files a request for a village it owns (counted in its region's statistics). */
export function createRequest(input: z.output<typeof createRequestInput>, caller: Caller) {
  return inUnitOfWork(caller, async (uow, read) => {
    // afresh after a lost race (the village's tallies and region are what the write counts from)
    const village = await ownedVillage(input.kd_desa, caller, read.consistent);
    const request = store.newRequest({ kd_desa: village.kd_desa, email: caller.email, status_permintaan: input.status_permintaan });
    uow.create(requests, request, { village });
    return request;
  });
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
export async function updateRequestStatus(code: string, input: z.output<typeof updateRequestInput>, caller: Acting): Promise<void> {
  await inUnitOfWork(caller, async (uow) => {
    const request = found(await store.getRequest(code, true), MSG.requestNotFound);
    const village = await getVillage(request.kd_desa, true);
    uow.update(requests, request, store.withStatus(request, input.status_permintaan), { village, guard: () => new RequestChangedError() });
  });
}

/** DELETE /api/permintaan/{kd}: the request and its code on the village (and its count), in one transaction. */
export async function deleteRequest(code: string, caller: Acting): Promise<void> {
  await inUnitOfWork(caller, async (uow) => {
    const request = found(await store.getRequest(code, true), MSG.requestNotFound);
    const village = await getVillage(request.kd_desa, true);
    uow.delete(requests, request, { village, guard: () => notFound(MSG.requestNotFound) });
  });
}
