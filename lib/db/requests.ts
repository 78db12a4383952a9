import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../clock';
import { newCode } from '../codes';
import { db, tableName } from './client';
import { failedConditions, isConditionFailure, projection, queryAll } from './helpers';
import { GSI1, keys, LIST, normEmail, fitsKey } from './keys';
import { transactWrite } from './transact';
import { deleteVillageChild, villageChildChange } from './villages';

export const REQUEST_STATUSES = ['diproses', 'diterima', 'ditolak', 'selesai'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export interface RequestRecord {
  kd_permintaan: string;
  email: string;
  kd_desa: string;
  status_permintaan: RequestStatus;
  created_at: string;
  updated_at: string;
}

export const toPublicRequest = (r: RequestRecord) => ({
  kd_permintaan: r.kd_permintaan,
  email: r.email,
  kd_desa: r.kd_desa,
  status_permintaan: r.status_permintaan,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export async function getRequest(code: string): Promise<RequestRecord | undefined> {
  if (!fitsKey(code)) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.request(code) }));
  return out.Item as RequestRecord | undefined;
}

/** A request together with its requester's name and its village's name, in two round trips. */
export async function getRequestWithNames(
  code: string,
): Promise<{ request: RequestRecord; fullName?: string; villageName?: string } | undefined> {
  const request = await getRequest(code);
  if (!request) return undefined;
  const out = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [keys.user(request.email), keys.village(request.kd_desa)],
          ProjectionExpression: 'PK, full_name, nama_desa',
        },
      },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const user = items.find((i) => i.PK === keys.user(request.email).PK);
  const village = items.find((i) => i.PK === keys.village(request.kd_desa).PK);
  return { request, fullName: user?.full_name as string | undefined, villageName: village?.nama_desa as string | undefined };
}

/** Every request; with `fields`, only those attributes are read and parsed. */
export function listRequests(): Promise<RequestRecord[]>;
export function listRequests<K extends keyof RequestRecord>(fields: readonly K[]): Promise<Pick<RequestRecord, K>[]>;
export function listRequests(fields?: readonly string[]) {
  return queryAll<RequestRecord>({
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': LIST.requests },
    ...(fields ? projection(fields) : {}),
  });
}

export class VillageGoneError extends Error {}

/** Creates a request and records it on its village in one transaction. */
export async function createRequest(input: { kd_desa: string; email: string; status_permintaan: RequestStatus }): Promise<RequestRecord> {
  const now = nowIso();
  const record: RequestRecord = {
    kd_permintaan: newCode.request(),
    email: normEmail(input.email),
    kd_desa: input.kd_desa,
    status_permintaan: input.status_permintaan,
    created_at: now,
    updated_at: now,
  };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.request(record.kd_permintaan), ...keys.requestList(now, record.kd_permintaan), type: 'REQ', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      villageChildChange(input.kd_desa, { add: { request: record.kd_permintaan } }),
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(1)) throw new VillageGoneError();
    throw err;
  }
  return record;
}

/** Sets a request's status. Returns false when the request does not exist. */
export async function setRequestStatus(code: string, status: RequestStatus): Promise<boolean> {
  if (!fitsKey(code)) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.request(code),
        UpdateExpression: 'SET status_permintaan = :s, updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':s': status, ':now': nowIso() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Deletes a request and removes it from its village in one transaction. Returns false when it does not exist. */
export async function deleteRequest(code: string): Promise<boolean> {
  const item = await getRequest(code);
  if (!item) return false;
  return deleteVillageChild(item.kd_desa, keys.request(code), { request: code });
}
