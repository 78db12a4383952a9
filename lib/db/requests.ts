import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { newCode } from '../contract/codes';
import { batchGetItems } from './helpers';
import { defineEntity, timestamp, type Journal } from './entity';
import { transactWrite } from './transact';
import { keys, LIST, normEmail } from './keys';
import { listsChanged } from './list-versions';
import { addVillageChild, deleteVillageChild, villageTallyItems, VillageStaleError, type ReadVillage } from './village-children';

export { VillageStaleError };

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

/** Creates a request and records it on its village (as read), with its tallies, its region's counts and its history entry, in one transaction. */
export async function createRequest(
  input: { kd_desa: string; email: string; status_permintaan: RequestStatus },
  village: ReadVillage,
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
  await addVillageChild(
    requests.putNew(record),
    village,
    { request: record.kd_permintaan },
    { [`nreq_${record.status_permintaan}`]: 1 },
    journal(undefined, record),
  );
  return record;
}

/** The request changed (or went) since it was read: read it again. */
export class RequestChangedError extends Error {}

/**
 * Sets the status of the request as read (`current`), with its village's tallies and
 * region counts (`village` as read; undefined: the village is gone) and its history
 * entry; RequestChangedError when the request changed meanwhile, VillageStaleError when
 * the village did.
 */
export async function setRequestStatus(
  current: RequestRecord,
  status: RequestStatus,
  village: ReadVillage | undefined,
  journal: Journal<RequestRecord>,
): Promise<RequestRecord> {
  if (status === current.status_permintaan) return current; // nothing to write (nor to record)
  const next: RequestRecord = { ...current, status_permintaan: status, updated_at: nowIsoAfter(current.updated_at) };
  const moved = status !== current.status_permintaan && village;
  await transactWrite(
    [
      requests.setIfUnchanged(current, { status_permintaan: next.status_permintaan, updated_at: next.updated_at }),
      journal(current, next),
      ...listsChanged('requests'),
      ...(moved ? villageTallyItems(village, {}, { [`nreq_${current.status_permintaan}`]: -1, [`nreq_${status}`]: 1 }) : []),
    ],
    (failed) => (failed.includes(0) ? new RequestChangedError() : failed.length ? new VillageStaleError() : undefined),
  );
  return next;
}

/**
 * Deletes the request as read and removes it from its village (as read), with the
 * village's tallies, its region's counts and its history entry, in one transaction.
 * Returns false when it is gone already.
 */
export function deleteRequest(request: RequestRecord, village: ReadVillage | undefined, journal: Journal<RequestRecord>): Promise<boolean> {
  return deleteVillageChild(
    village,
    keys.request(request.kd_permintaan),
    { request: request.kd_permintaan },
    { [`nreq_${request.status_permintaan}`]: -1 },
    journal(request, undefined),
  );
}
