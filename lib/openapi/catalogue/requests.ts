/** The catalogue of functions/requests. */
import * as z from 'zod';
import { kdPermintaanParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { createRequestInput, updateRequestInput } from '../../domain/requests';
import * as R from '../responses';
import { area, byKey, createdDoc, done, e, json, okData, ownVillage, withData, type AreaDocs, trips } from './shared';

const entry = area('Permintaan');
const TEMPORARILY_OPEN = 'Open for now, as the contract says ("temporarily open").';
const requestMissing = e(404, MSG.requestNotFound, 'No request with this code');

export const REQUEST_DOCS = {
  'GET /api/permintaan': entry('All requests with requester and village names', {
    facts: trips(2, 'token, then requests ∥ users ∥ villages'),
    success: okData(z.array(R.Request)),
  }),
  'GET /api/permintaan/{kd_permintaan}': entry('One request', {
    facts: trips(3, 'token, the request, then its user ∥ village names'),
    ...byKey(kdPermintaanParams, R.Request, requestMissing),
  }),
  'POST /api/permintaan': entry('File a request for a village the caller owns', {
    facts: trips(3, 'token, the village (ownership), then request + village codes', 'request.created'),
    request: json(createRequestInput, { kd_desa: 'DESA-a1B2c3D4e5', status_permintaan: 'diproses' }),
    success: createdDoc(withData(MSG.requestCreated, z.object({ kd_permintaan: z.string() }))),
    errors: ownVillage,
  }),
  'PUT /api/permintaan/{kd_permintaan}': entry('Set the status of a request', {
    facts: trips(
      3,
      'the request (its entry names what it replaces), its village (the statistics it moves), then one conditional transaction',
      'request.updated',
    ),
    description: `Any status may follow any other. ${TEMPORARILY_OPEN}`,
    params: kdPermintaanParams,
    request: json(updateRequestInput, { status_permintaan: 'diterima' }),
    success: done(MSG.requestUpdated),
    errors: [requestMissing],
  }),
  'DELETE /api/permintaan/{kd_permintaan}': entry('Delete a request', {
    facts: trips(3, 'the request, its village (codes, statistics), then request + village in one transaction', 'request.deleted'),
    description: TEMPORARILY_OPEN,
    params: kdPermintaanParams,
    success: done(MSG.requestDeleted),
    errors: [requestMissing],
  }),
} satisfies AreaDocs;
