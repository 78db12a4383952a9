/** The catalogue of functions/village-descriptions. */
import * as z from 'zod';
import { kdDesaParams } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import {
  createVillageDescriptionInput,
  updateVillageDescriptionInput,
  VILLAGE_DESCRIPTION_FORM_LIMITS,
} from '../../domain/village-descriptions';
import * as R from '../responses';
import {
  area,
  byKey,
  createdDoc,
  done,
  e,
  formBody,
  ok,
  ownerOnlyError,
  withData,
  type AreaDocs,
  type FileFieldDoc,
  trips,
} from './shared';

const entry = area('Deskripsi desa');

const GALLERY_FILES: FileFieldDoc[] = [
  { field: 'galeri_gambar[]', description: 'Gallery images, appended in order.', maxFiles: VILLAGE_DESCRIPTION_FORM_LIMITS.filesPerField },
];
const villageDescriptionExample = {
  kd_desa: 'DESA-a1B2c3D4e5',
  lokasi_desa: 'Umbulharjo, Cangkringan, Sleman',
  deskripsi_desa: 'Desa di lereng Merapi dengan sawah, sungai dan tradisi Jawa.',
  fasilitas_desa: ['Parkir', 'Homestay', 'Pemandu'],
  url_video: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
  jenis_desa: 'Alam',
  latitude: -7.6079,
  longitude: 110.4467,
};
const { kd_desa: _kd, ...villageDescriptionUpdateExample } = villageDescriptionExample;
void _kd;

const descriptionMissing = e(404, MSG.villageDescriptionNotFound, 'No village, or the village has no description');
const villageGone = e(404, MSG.villageNotFound, 'The village was deleted meanwhile');

export const VILLAGE_DESCRIPTION_DOCS = {
  'GET /api/deskripsi-desa/{kd_desa}': entry('The village description of a village', {
    facts: trips(1, 'the description'),
    ...byKey(kdDesaParams, R.VillageDescription, e(404, MSG.villageDescriptionNotFound, 'The village has no description')),
  }),
  'POST /api/deskripsi-desa': entry('Create a village description with its gallery', {
    facts: trips(4, 'token, village (its code is in the body), existing description, then the transaction', 'village_description.created'),
    description:
      '`fasilitas_desa` and `url_video` may be arrays or JSON text; `url_video` entries must be http(s) URLs. The first gallery image becomes the village’s `gambar_cover`.',
    request: formBody(createVillageDescriptionInput, GALLERY_FILES, villageDescriptionExample, VILLAGE_DESCRIPTION_FORM_LIMITS),
    success: createdDoc(
      withData(MSG.villageDescriptionCreated, R.withImageVariants(z.object({ kd_desa: z.string(), galeri_gambar: z.array(z.string()) }))),
    ),
    errors: [
      e(400, MSG.villageCodeUnknown, 'kd_desa is not an existing village'),
      ownerOnlyError,
      villageGone,
      e(409, MSG.villageDescriptionExists, 'The village already has one'),
    ],
  }),
  'PUT /api/deskripsi-desa/{kd_desa}': entry('Replace a village description; keep, reorder or drop gallery images', {
    facts: trips(2, 'token + village + description together, then the versioned write', 'village_description.updated'),
    description:
      'Without `keep_gallery_images` the whole gallery stays. With it, exactly the listed URLs that are in the gallery stay, in the order listed, followed by the new uploads; dropped images are released (the daily sweep removes them a day later).',
    params: kdDesaParams,
    request: formBody(
      updateVillageDescriptionInput,
      GALLERY_FILES,
      { ...villageDescriptionUpdateExample, keep_gallery_images: [] },
      VILLAGE_DESCRIPTION_FORM_LIMITS,
    ),
    success: ok(
      withData(
        MSG.villageDescriptionUpdated,
        R.withImageVariants(z.object({ kd_desa: z.string(), lokasi_desa: z.string(), galeri_gambar: z.array(z.string()) })),
      ),
    ),
    errors: [ownerOnlyError, descriptionMissing, villageGone],
  }),
  'DELETE /api/deskripsi-desa/{kd_desa}': entry('Delete a village description and its gallery', {
    facts: trips(2, 'token + village + description together, then the versioned write', 'village_description.deleted'),
    params: kdDesaParams,
    success: done(MSG.villageDescriptionDeleted),
    errors: [ownerOnlyError, descriptionMissing],
  }),
} satisfies AreaDocs;
