/** The catalogue of functions/requests. */
import * as z from 'zod';
import { kdPermintaanParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { createRequestInput, updateRequestInput } from '../../domain/requests';
import * as R from '../responses';
import { createdDoc, done, e, okData, ownVillage, type AreaDocs } from './shared';

const TEMPORARILY_OPEN = 'Open for now, as the contract says ("temporarily open").';
const requestMissing = e(404, MSG.requestNotFound, 'No request with this code');

export const REQUEST_DOCS = {
  'GET /api/permintaan': {
    tag: 'Permintaan',
    summary: 'All requests with requester and village names',
    success: okData(z.array(R.Request)),
    errors: [],
  },
  'GET /api/permintaan/{kd_permintaan}': {
    tag: 'Permintaan',
    summary: 'One request',
    params: kdPermintaanParams,
    success: okData(R.Request),
    errors: [requestMissing],
  },
  'POST /api/permintaan': {
    tag: 'Permintaan',
    summary: 'File a request for a village the caller owns',
    request: { kind: 'json', schema: createRequestInput, example: { kd_desa: 'DESA-a1B2c3D4e5', status_permintaan: 'diproses' } },
    success: createdDoc(R.success({ message: R.message(MSG.requestCreated), data: z.object({ kd_permintaan: z.string() }) })),
    errors: [e(400, MSG.requestInvalid, 'The body is not JSON, or a field is missing or invalid'), ...ownVillage],
  },
  'PUT /api/permintaan/{kd_permintaan}': {
    tag: 'Permintaan',
    summary: 'Set the status of a request',
    description: `Any status may follow any other. ${TEMPORARILY_OPEN}`,
    params: kdPermintaanParams,
    request: { kind: 'json', schema: updateRequestInput, example: { status_permintaan: 'diterima' } },
    success: done(MSG.requestUpdated),
    errors: [e(400, MSG.requestInvalid, 'The body is not JSON, or status_permintaan is missing or invalid'), requestMissing],
  },
  'DELETE /api/permintaan/{kd_permintaan}': {
    tag: 'Permintaan',
    summary: 'Delete a request',
    description: TEMPORARILY_OPEN,
    params: kdPermintaanParams,
    success: done(MSG.requestDeleted),
    errors: [requestMissing],
  },
} satisfies AreaDocs;
