import * as z from 'zod';
import { nowIso } from '../platform/clock';
import { newCode } from '../contract/codes';
import { defineEntity, timestamp } from './entity';
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
export const getStatus = (code: string) => statuses.get(code);
export const listStatuses = () => statuses.listAll();

/** Creates a status and records it on its village in one transaction. */
export async function createStatus(input: { kd_desa: string; status: VillageStatus; keterangan: string }): Promise<StatusRecord> {
  const now = nowIso();
  const record: StatusRecord = { kd_status: newCode.status(), ...input, tanggal_update: now, created_at: now };
  await addVillageChild(statuses.putNew(record), input.kd_desa, { status: record.kd_status });
  return record;
}

/** Sets status and remark. Returns false when the status does not exist. */
export const updateStatus = (code: string, input: { status: VillageStatus; keterangan: string }): Promise<boolean> =>
  statuses.setIfExists(code, { ...input, tanggal_update: nowIso() }, listsChanged('statuses'));

export async function deleteStatus(code: string): Promise<boolean> {
  const item = await getStatus(code);
  if (!item) return false;
  return deleteVillageChild(item.kd_desa, keys.status(code), { status: code });
}
