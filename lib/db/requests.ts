import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { newCode } from '../contract/codes';
import { batchGetItems } from './helpers';
import { defineEntity, timestamp, type Journal } from './entity';
import { transactWrite } from './transact';
import { keys, LIST, normEmail } from './keys';
import { listsChanged } from './list-versions';
import { addVillageChild, deleteVillageChild, VillageGoneError } from './village-children';

export { VillageGoneError };

/** A village registration request (permintaan): REQ#<kd_permintaan>, listed in GSI1 REQ. */
export const requests = defineEntity({
  type: 'REQ',
  schema: z.object({
    kd_permintaan: z.string().meta({ examples: ['REQ-a1B2c3D4e5'] }),
    email: z.string().meta({ format: 'email' }),
    kd_desa: z.string(),
    status_permintaan: z.enum(['diproses', 'diterima', 'ditolak', 'selesai']),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  key: keys.request,
  id: (r) => r.kd_permintaan,
  indexes: (r) => keys.requestList(r.created_at, r.kd_permintaan),
  list: LIST.requests,
  public: ['kd_permintaan', 'email', 'kd_desa', 'status_permintaan', 'created_at', 'updated_at'],
  publicMeta: { id: 'RequestRecord', description: 'A village registration request (permintaan) as stored.' },
});
export type RequestRecord = z.infer<typeof requests.schema>;
export const REQUEST_STATUSES = requests.schema.shape.status_permintaan.options;
export type RequestStatus = RequestRecord['status_permintaan'];

export const toPublicRequest = requests.publicView;
export const getRequest = (code: string, consistent = false) => requests.get(code, consistent);
export const listRequests = requests.listAll;

/** A request together with its requester's name and its village's name, in two round trips. */
export async function getRequestWithNames(
  code: string,
): Promise<{ request: RequestRecord; fullName?: string; villageName?: string } | undefined> {
  const request = await getRequest(code);
  if (!request) return undefined;
  const items = await batchGetItems([keys.user(request.email), keys.village(request.kd_desa)], {
    fields: ['PK', 'full_name', 'nama_desa'],
  });
  const user = items.find((i) => i.PK === keys.user(request.email).PK);
  const village = items.find((i) => i.PK === keys.village(request.kd_desa).PK);
  return { request, fullName: user?.full_name as string | undefined, villageName: village?.nama_desa as string | undefined };
}

/** Creates a request and records it on its village, with its history entry, in one transaction. */
export async function createRequest(
  input: { kd_desa: string; email: string; status_permintaan: RequestStatus },
  journal: Journal<RequestRecord>,
): Promise<RequestRecord> {
  const now = nowIso();
  const record: RequestRecord = {
    kd_permintaan: newCode.request(),
    ...input,
    email: normEmail(input.email),
    created_at: now,
    updated_at: now,
  };
  await addVillageChild(requests.putNew(record), input.kd_desa, { request: record.kd_permintaan }, journal(undefined, record));
  return record;
}

/** The request changed (or went) since it was read: read it again. */
export class RequestChangedError extends Error {}

/** Sets the status of the request as read (`current`), with its history entry; RequestChangedError when it changed meanwhile. */
export async function setRequestStatus(
  current: RequestRecord,
  status: RequestStatus,
  journal: Journal<RequestRecord>,
): Promise<RequestRecord> {
  const next: RequestRecord = { ...current, status_permintaan: status, updated_at: nowIsoAfter(current.updated_at) };
  await transactWrite(
    [
      requests.setIfUnchanged(current, { status_permintaan: next.status_permintaan, updated_at: next.updated_at }),
      journal(current, next),
      ...listsChanged('requests'),
    ],
    (failed) => (failed.includes(0) ? new RequestChangedError() : undefined),
  );
  return next;
}

/** Deletes a request and removes it from its village, with its history entry, in one transaction. Returns false when it does not exist. */
export async function deleteRequest(code: string, journal: Journal<RequestRecord>): Promise<boolean> {
  const item = await getRequest(code);
  if (!item) return false;
  return deleteVillageChild(item.kd_desa, keys.request(code), { request: code }, journal(item, undefined));
}
