import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { newCode } from '../contract/codes';
import { defineEntity, timestamp, type Journal } from './entity';
import { transactWrite } from './transact';
import { keys, LIST } from './keys';
import { listsChanged } from './list-versions';
import { addVillageChild, deleteVillageChild, villageTallyItems, VillageStaleError, type ReadVillage } from './village-children';

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

/** Creates a status and records it on its village (as read), with its tallies, its region's counts and its history entry, in one transaction. */
export async function createStatus(
  input: { kd_desa: string; status: VillageStatus; keterangan: string },
  village: ReadVillage,
  journal: Journal<StatusRecord>,
): Promise<StatusRecord> {
  const now = nowIso();
  const record: StatusRecord = { kd_status: newCode.status(), ...input, tanggal_update: now, created_at: now };
  await addVillageChild(
    statuses.putNew(record),
    village,
    { status: record.kd_status },
    { [`nstat_${record.status}`]: 1 },
    journal(undefined, record),
  );
  return record;
}

/** The status changed (or went) since it was read: read it again. */
export class StatusChangedError extends Error {}

/**
 * Sets status and remark of the status as read (`current`), with its village's tallies
 * and region counts (`village` as read; undefined: gone) and its history entry;
 * StatusChangedError when the status changed meanwhile, VillageStaleError when the village did.
 */
export async function updateStatus(
  current: StatusRecord,
  input: { status: VillageStatus; keterangan: string },
  village: ReadVillage | undefined,
  journal: Journal<StatusRecord>,
): Promise<StatusRecord> {
  // the same status and remark: nothing to write (nor to record), tanggal_update stays
  if (current.status === input.status && current.keterangan === input.keterangan) return current;
  const next: StatusRecord = { ...current, ...input, tanggal_update: nowIsoAfter(current.tanggal_update) };
  const moved = next.status !== current.status && village;
  await transactWrite(
    [
      statuses.setIfUnchanged(current, { status: next.status, keterangan: next.keterangan, tanggal_update: next.tanggal_update }),
      journal(current, next),
      ...listsChanged('statuses'),
      ...(moved ? villageTallyItems(village, {}, { [`nstat_${current.status}`]: -1, [`nstat_${next.status}`]: 1 }) : []),
    ],
    (failed) => (failed.includes(0) ? new StatusChangedError() : failed.length ? new VillageStaleError() : undefined),
  );
  return next;
}

/** Deletes the status as read and removes it from its village (as read), with tallies, counts and its history entry; false when gone. */
export function deleteStatus(status: StatusRecord, village: ReadVillage | undefined, journal: Journal<StatusRecord>): Promise<boolean> {
  return deleteVillageChild(
    village,
    keys.status(status.kd_status),
    { status: status.kd_status },
    { [`nstat_${status.status}`]: -1 },
    journal(status, undefined),
  );
}
