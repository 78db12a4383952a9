import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { newCode } from '../contract/codes';
import { batchGetItems } from './helpers';
import { defineEntity, timestamp } from './entity';
import { keys, LIST, normEmail } from './keys';
import { RaceLostError } from './unit-of-work';
import { noticeOnChange } from './outbox';

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
  changes: {
    history: { subject: 'request', record: (r) => r.kd_permintaan, kd_desa: (r) => r.kd_desa },
    lists: ['requests'],
    village: {
      kd_desa: (r) => r.kd_desa,
      codes: { set: 'request_codes', of: (r) => r.kd_permintaan },
      tally: (r) => `nreq_${r.status_permintaan}`,
    },
    // its status changed: the village's manager is told
    notify: noticeOnChange('status_permintaan', (_, { kd_permintaan, kd_desa, status_permintaan }) => ({
      kind: 'request_changed',
      kd_permintaan,
      kd_desa,
      status_permintaan,
    })),
  },
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

/** A new request, with a new code. */
export function newRequest(input: { kd_desa: string; email: string; status_permintaan: RequestStatus }): RequestRecord {
  const now = nowIso();
  return { kd_permintaan: newCode.request(), ...input, email: normEmail(input.email), created_at: now, updated_at: now };
}

/** The request as it becomes with another status. */
export const withStatus = (current: RequestRecord, status: RequestStatus): RequestRecord => ({
  ...current,
  status_permintaan: status,
  updated_at: nowIsoAfter(current.updated_at),
});

/** The request changed (or went) since it was read: read it again. */
export class RequestChangedError extends RaceLostError {}
