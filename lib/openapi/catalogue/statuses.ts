/** The catalogue of functions/statuses. */
import * as z from 'zod';
import { kdStatusParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { createStatusInput, updateStatusInput } from '../../domain/statuses';
import * as R from '../responses';
import { filteredListQuery } from '../../domain/list-filters';
import { badJson, createdDoc, done, e, fieldsInvalid, okData, filterInvalid, pagingInvalid, type AreaDocs } from './shared';

const statusMissing = e(404, MSG.villageStatusNotFound, 'No status with this code');

export const STATUS_DOCS = {
  'GET /api/status-desa': {
    tag: 'Status desa',
    summary: 'All village statuses',
    query: filteredListQuery,
    success: okData(z.array(R.VillageStatus)),
    errors: [pagingInvalid, filterInvalid],
  },
  'GET /api/status-desa/{kd_status}': {
    tag: 'Status desa',
    summary: 'One village status',
    params: kdStatusParams,
    success: okData(R.VillageStatus),
    errors: [statusMissing],
  },
  'POST /api/status-desa': {
    tag: 'Status desa',
    summary: 'Add a status to a village',
    request: {
      kind: 'json',
      schema: createStatusInput,
      example: { kd_desa: 'DESA-a1B2c3D4e5', status: 'aktif', keterangan: 'Beroperasi normal' },
    },
    success: createdDoc(R.success({ message: R.message(MSG.villageStatusCreated), data: z.object({ kd_status: z.string() }) })),
    errors: [badJson, fieldsInvalid(MSG.villageStatusInvalid), e(404, MSG.villageNotFound, 'No village with this code')],
  },
  'PUT /api/status-desa/{kd_status}': {
    tag: 'Status desa',
    summary: 'Change a village status',
    params: kdStatusParams,
    request: { kind: 'json', schema: updateStatusInput, example: { status: 'nonaktif', keterangan: 'Tutup sementara' } },
    success: done(MSG.villageStatusUpdated),
    errors: [badJson, fieldsInvalid(MSG.villageStatusInvalid), statusMissing],
  },
  'DELETE /api/status-desa/{kd_status}': {
    tag: 'Status desa',
    summary: 'Delete a village status',
    params: kdStatusParams,
    success: done(MSG.villageStatusDeleted),
    errors: [statusMissing],
  },
} satisfies AreaDocs;
