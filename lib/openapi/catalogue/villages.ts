/** The catalogue of functions/villages. */
import * as z from 'zod';
import { emailParams, kdDesaParams, slugParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import { villageInput } from '../../domain/villages';
import { villageDetailsQueryForWebApp } from '../../web-app/villages';
import * as R from '../responses';
import {
  area,
  byKey,
  done,
  e,
  filteredList,
  json,
  ok,
  ownVillage,
  refusedRoles,
  villageMissing,
  withData,
  type AreaDocs,
  trips,
} from './shared';

const entry = area('Desa wisata');
const pengelolaOnly = e(403, MSG.pengelolaOnlyVillage, 'The token is not a pengelola’s');
const villageBody = json(villageInput, {
  provinsi: 'Daerah Istimewa Yogyakarta',
  kabupaten: 'Sleman',
  nama_desa: 'Pentingsari',
  nama_popular: 'Desa Wisata Pentingsari',
  alamat: 'Umbulharjo, Cangkringan',
  pengelola: 'Doto Yogantoro',
  nomor_telepon: '+62 812-2700-1234',
  email: 'pengelola@desawisata.local',
});
const written = (text: string) => ok(withData(text, z.object({ kd_desa: z.string(), slug: z.string() })));
const villageBusy = e(409, MSG.villageBusy, 'Concurrent changes of the village kept colliding (retried inside the service first)');

export const VILLAGE_DOCS = {
  'GET /api/desa-wisata': entry(
    'All villages with their newest request and the owner’s verification',
    filteredList(R.VillageListItem, 'villages ∥ requests ∥ users'),
  ),
  'GET /api/desa-wisata/details': entry(
    'All villages, card view (cover image, region, popular name, slug)',
    filteredList(R.VillageDetails, 'villages', villageDetailsQueryForWebApp),
  ),
  'GET /api/desa-wisata/{kd_desa}': entry('One village by code', {
    facts: trips(1, 'the village'),
    ...byKey(kdDesaParams, R.Village, villageMissing),
  }),
  'GET /api/desa-wisata/email/{email}': entry('The villages of a manager e-mail', {
    facts: trips(1, 'the owner index'),
    description: 'An e-mail without villages gives `data: []`.',
    ...byKey(emailParams, z.array(R.Village)),
  }),
  'GET /api/desa-wisata/slug/{slug}': entry('One village by slug', {
    facts: trips(1, 'the slug marker, which carries the public view'),
    ...byKey(slugParams, R.Village, e(404, MSG.villageNotFound, 'No village with this slug')),
  }),
  'POST /api/desa-wisata': entry('Create a village (also creates its request, status `diproses`)', {
    facts: {
      ...trips(3, 'token, the caller’s villages (first village rule), then village + slug + request', 'village.created'),
      // the rule is `optional` (the sign-up flow creates one without a token), so it names no roles
      roleRefusals: [
        refusedRoles(
          ['admin', 'dinas'],
          pengelolaOnly,
          'only a pengelola owns a village; the access rule, open to the sign-up flow, names no roles',
        ),
      ],
    },
    description:
      'With a token: the caller must be the pengelola whose e-mail the body names. Without a token (the sign-up flow): allowed once for an unverified pengelola account that owns no village, within the sign-up window after its registration, and only from the source address (client IP) that registered it. `kd_desa` and `slug` are assigned by the service.',
    request: villageBody,
    success: written(MSG.villageCreated),
    errors: [
      e(400, MSG.emailNotRegistered, 'No account has the e-mail the body names'),
      e(
        401,
        MSG.tokenMissing,
        'No token, and the account is verified, not a pengelola, already owns a village, past its sign-up window, or registered from another address',
      ),
      pengelolaOnly,
      e(403, MSG.villageOwnerOnly, 'The body names another pengelola’s e-mail'),
      e(409, MSG.villageCodeTaken, 'Every freshly drawn village code collided'),
    ],
  }),
  'PUT /api/desa-wisata/{kd_desa}': entry('Replace a village’s eight fields', {
    facts: trips(2, 'token + village read together, then the versioned write', 'village.updated'),
    description:
      'The slug is recomputed when `nama_popular` changes. Another e-mail hands the village over: only to a verified pengelola, without an acceptance step; both managers are mailed.',
    params: kdDesaParams,
    request: villageBody,
    success: written(MSG.villageUpdated),
    errors: [
      e(400, MSG.emailNotRegistered, 'The new e-mail is not registered'),
      e(400, MSG.villageOwnerNotPengelola, 'The new e-mail belongs to a dinas or admin account'),
      e(400, MSG.villageHandoverUnverified, 'The new e-mail belongs to a pengelola account that is not verified yet'),
      ...ownVillage,
      villageBusy,
    ],
  }),
  'DELETE /api/desa-wisata/{kd_desa}': entry('Delete a village with everything that belongs to it', {
    facts: trips(
      5,
      'token + village, the partition (consistent Query), list positions, one transaction, then the marks of its images (one guarded transaction per 98)',
      'village.deleted',
    ),
    description:
      'Removes its requests, statuses, score and both descriptions; the images stored with its descriptions go at once, uploads they listed with the daily sweep.',
    params: kdDesaParams,
    success: done(MSG.villageDeleted),
    errors: [...ownVillage, villageBusy],
  }),
} satisfies AreaDocs;
