import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../clock';
import { newCode } from '../codes';
import { db, tableName } from './client';
import { failedConditions, isConditionFailure, queryAll } from './helpers';
import { GSI1, keys, LIST, fitsKey } from './keys';
import { transactWrite } from './transact';
import { deleteVillageChild, villageChildChange } from './villages';
import { VillageGoneError } from './requests';

export const VILLAGE_STATUSES = ['aktif', 'nonaktif', 'ditinjau', 'pending'] as const;
export type VillageStatus = (typeof VILLAGE_STATUSES)[number];

export interface StatusRecord {
  kd_status: string;
  kd_desa: string;
  status: VillageStatus;
  keterangan: string;
  tanggal_update: string;
  created_at: string;
}

export const toPublicStatus = (s: StatusRecord) => ({
  kd_status: s.kd_status,
  kd_desa: s.kd_desa,
  status: s.status,
  keterangan: s.keterangan,
  tanggal_update: s.tanggal_update,
});

export async function getStatus(code: string): Promise<StatusRecord | undefined> {
  if (!fitsKey(code)) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.status(code) }));
  return out.Item as StatusRecord | undefined;
}

export const listStatuses = () =>
  queryAll<StatusRecord>({
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': LIST.statuses },
  });

/** Creates a status and records it on its village in one transaction. */
export async function createStatus(input: { kd_desa: string; status: VillageStatus; keterangan: string }): Promise<StatusRecord> {
  const now = nowIso();
  const record: StatusRecord = { kd_status: newCode.status(), ...input, tanggal_update: now, created_at: now };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.status(record.kd_status), ...keys.statusList(now, record.kd_status), type: 'STAT', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      villageChildChange(input.kd_desa, { add: { status: record.kd_status } }),
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(1)) throw new VillageGoneError();
    throw err;
  }
  return record;
}

/** Sets status and remark. Returns false when the status does not exist. */
export async function updateStatus(code: string, input: { status: VillageStatus; keterangan: string }): Promise<boolean> {
  if (!fitsKey(code)) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.status(code),
        UpdateExpression: 'SET #s = :s, keterangan = :k, tanggal_update = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': input.status, ':k': input.keterangan, ':now': nowIso() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function deleteStatus(code: string): Promise<boolean> {
  const item = await getStatus(code);
  if (!item) return false;
  return deleteVillageChild(item.kd_desa, keys.status(code), { status: code });
}
