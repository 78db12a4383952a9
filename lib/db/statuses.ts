import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { newCode } from '../contract/codes';
import { defineEntity, timestamp } from './entity';
import { keys, LIST } from './keys';
import { RaceLostError } from './unit-of-work';

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
  changes: {
    history: { subject: 'status', record: (s) => s.kd_status, kd_desa: (s) => s.kd_desa },
    lists: ['statuses'],
    village: { kd_desa: (s) => s.kd_desa, codes: { set: 'status_codes', of: (s) => s.kd_status }, tally: (s) => `nstat_${s.status}` },
    stamps: ['tanggal_update'],
    // set, or changed (its state or remark): the village's manager is told
    notify: (before, after) =>
      after && (!before || before.status !== after.status || before.keterangan !== after.keterangan)
        ? [
            {
              kind: 'status_changed',
              kd_status: after.kd_status,
              kd_desa: after.kd_desa,
              status: after.status,
              keterangan: after.keterangan,
            },
          ]
        : [],
  },
  public: ['kd_status', 'kd_desa', 'status', 'keterangan', 'tanggal_update'],
  publicMeta: { id: 'VillageStatus' },
});
export type StatusRecord = z.infer<typeof statuses.schema>;
export const VILLAGE_STATUSES = statuses.schema.shape.status.options;
export type VillageStatus = StatusRecord['status'];

export const toPublicStatus = statuses.publicView;
export const getStatus = (code: string, consistent = false) => statuses.get(code, consistent);
export const listStatuses = () => statuses.listAll();

/** A new status, with a new code. */
export function newStatus(input: { kd_desa: string; status: VillageStatus; keterangan: string }): StatusRecord {
  const now = nowIso();
  return { kd_status: newCode.status(), ...input, tanggal_update: now, created_at: now };
}

/** The status as it becomes with another status and remark (the same: unchanged, tanggal_update included). */
export const withStatus = (current: StatusRecord, input: { status: VillageStatus; keterangan: string }): StatusRecord => ({
  ...current,
  ...input,
  tanggal_update: nowIsoAfter(current.tanggal_update),
});

/** The status changed (or went) since it was read: read it again. */
export class StatusChangedError extends RaceLostError {}
