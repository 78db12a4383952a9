import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { newCode } from '../contract/codes';
import { defineEntity, timestamp, type Journal } from './entity';
import { transactWrite } from './transact';
import { keys, LIST } from './keys';
import { listsChanged } from './list-versions';
import { addVillageChild, deleteVillageChild } from './village-children';

/** An operating status of a village: STAT#<kd_status>, listed in GSI1 STAT. */
export const statuses = defineEntity({
  type: 'STAT',
  schema: z.object({
    kd_status: z.string().meta({ examples: ['STAT-a1B2c3D4e5'] }),
    kd_desa: z.string(),
    status: z.enum(['aktif', 'nonaktif', 'ditinjau', 'pending']),
    keterangan: z.string(),
    tanggal_update: timestamp,
    created_at: timestamp,
  }),
  list: LIST.statuses,
  id: (s) => s.kd_status,
  key: keys.status,
  indexes: (s) => keys.statusList(s.created_at, s.kd_status),
  public: ['kd_status', 'kd_desa', 'status', 'keterangan', 'tanggal_update'],
  publicMeta: { id: 'VillageStatus' },
});
export type StatusRecord = z.infer<typeof statuses.schema>;
export const VILLAGE_STATUSES = statuses.schema.shape.status.options;
export type VillageStatus = StatusRecord['status'];

export const toPublicStatus = statuses.publicView;
export const getStatus = (code: string, consistent = false) => statuses.get(code, consistent);
export const listStatuses = () => statuses.listAll();

/** Creates a status and records it on its village, with its history entry, in one transaction. */
export async function createStatus(
  input: { kd_desa: string; status: VillageStatus; keterangan: string },
  journal: Journal<StatusRecord>,
): Promise<StatusRecord> {
  const now = nowIso();
  const record: StatusRecord = { kd_status: newCode.status(), ...input, tanggal_update: now, created_at: now };
  await addVillageChild(statuses.putNew(record), input.kd_desa, { status: record.kd_status }, journal(undefined, record));
  return record;
}

/** The status changed (or went) since it was read: read it again. */
export class StatusChangedError extends Error {}

/** Sets status and remark of the status as read (`current`), with its history entry; StatusChangedError when it changed meanwhile. */
export async function updateStatus(
  current: StatusRecord,
  input: { status: VillageStatus; keterangan: string },
  journal: Journal<StatusRecord>,
): Promise<StatusRecord> {
  const next: StatusRecord = { ...current, ...input, tanggal_update: nowIsoAfter(current.tanggal_update) };
  await transactWrite(
    [
      statuses.setIfUnchanged(current, { status: next.status, keterangan: next.keterangan, tanggal_update: next.tanggal_update }),
      journal(current, next),
      ...listsChanged('statuses'),
    ],
    (failed) => (failed.includes(0) ? new StatusChangedError() : undefined),
  );
  return next;
}

/** Deletes a status and removes it from its village, with its history entry; false when it does not exist. */
export async function deleteStatus(code: string, journal: Journal<StatusRecord>): Promise<boolean> {
  const item = await getStatus(code);
  if (!item) return false;
  return deleteVillageChild(item.kd_desa, keys.status(code), { status: code }, journal(item, undefined));
}
