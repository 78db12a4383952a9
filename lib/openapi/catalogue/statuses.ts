/** The catalogue of functions/statuses. */
import * as z from 'zod';
import { kdStatusParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { createStatusInput, updateStatusInput } from '../../domain/statuses';
import * as R from '../responses';
import { area, byKey, createdDoc, done, e, filteredList, json, villageMissing, withData, type AreaDocs, trips } from './shared';

const entry = area('Status desa');
const statusMissing = e(404, MSG.villageStatusNotFound, 'No status with this code');

export const STATUS_DOCS = {
  'GET /api/status-desa': entry('All village statuses', filteredList(R.VillageStatus, 'statuses ∥ villages')),
  'GET /api/status-desa/{kd_status}': entry('One village status', {
    facts: trips(2, 'token, then the status'),
    ...byKey(kdStatusParams, R.VillageStatus, statusMissing),
  }),
  'POST /api/status-desa': entry('Add a status to a village', {
    facts: trips(3, 'token, the village, then status + village codes', 'status.created'),
    request: json(createStatusInput, { kd_desa: 'DESA-a1B2c3D4e5', status: 'aktif', keterangan: 'Beroperasi normal' }),
    success: createdDoc(withData(MSG.villageStatusCreated, z.object({ kd_status: z.string() }))),
    errors: [villageMissing],
  }),
  'PUT /api/status-desa/{kd_status}': entry('Change a village status', {
    facts: trips(
      3,
      'token + the status together, its village (the statistics it moves), then one conditional transaction',
      'status.updated',
    ),
    params: kdStatusParams,
    request: json(updateStatusInput, { status: 'nonaktif', keterangan: 'Tutup sementara' }),
    success: done(MSG.villageStatusUpdated),
    errors: [statusMissing],
  }),
  'DELETE /api/status-desa/{kd_status}': entry('Delete a village status', {
    facts: trips(
      3,
      'token + the status together, its village (codes, statistics), then status + village in one transaction',
      'status.deleted',
    ),
    params: kdStatusParams,
    success: done(MSG.villageStatusDeleted),
    errors: [statusMissing],
  }),
} satisfies AreaDocs;
