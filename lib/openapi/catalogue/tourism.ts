/** The catalogue of functions/tourism: tourism descriptions and their items. */
import * as z from 'zod';
import { kdDesaParams, pageQuery } from '../../contract/inputs';
import { MSG } from '../../contract/messages';
import {
  appendTourismItemsInput,
  CATEGORIES,
  createTourismInput,
  removeTourismItemInput,
  TOURISM_FORM_LIMITS,
  updateTourismInput,
} from '../../domain/tourism-descriptions';
import * as R from '../responses';
import {
  area,
  byKey,
  createdDoc,
  done,
  e,
  formBody,
  json,
  ok,
  ownVillage,
  pagingInvalid,
  withData,
  type AreaDocs,
  type ErrorDoc,
  type FileFieldDoc,
  trips,
} from './shared';

const entry = area('Deskripsi wisata');

const CATEGORY_FILES: FileFieldDoc[] = CATEGORIES.map((c) => ({
  field: `${c}[]`,
  description: `Images for the new ${c} items, in order: each item takes \`jumlah_gambar\` files (default 1 for a new item).`,
  maxFiles: TOURISM_FORM_LIMITS.filesPerField,
}));
/** A tourism form: `data` of `schema`, images per category, within the tourism form's limits. */
const tourismBody = (schema: z.ZodType, example: unknown) => formBody(schema, CATEGORY_FILES, example, TOURISM_FORM_LIMITS);

const tourismExample = {
  kd_desa: 'DESA-a1B2c3D4e5',
  penjelasan_umum: 'Desa wisata di lereng Merapi dengan budaya Jawa yang masih terjaga.',
  fasilitas: 'Parkir, toilet, mushola, homestay',
  dokumentasi_desa: '',
  atraksi: [{ nama_atraksi: 'Jeep lava tour', kategori_atraksi: 'Alam' }],
  penginapan: [{ nama_penginapan: 'Homestay Pak Darmo', harga_penginapan: 250000 }],
  paket_wisata: [{ nama_paket_wisata: 'Paket live-in 2 hari', harga_paket_wisata: 650000 }],
  suvenir: [{ nama_suvenir: 'Batik tulis', harga_suvenir: 175000 }],
};

/** What a form that writes items refuses besides the form and its `data`: the images its items list. */
const itemWriteErrors: ErrorDoc[] = [
  e(400, MSG.tooManyFilesForItems, "More files in a category field than that category's items take", ': <category>'),
  e(
    400,
    MSG.imageUrlInvalid,
    "An item's `gambar` lists a URL that, in its canonical form, is none of: an image the description lists, the caller's upload, an image of this village's descriptions (now or before)",
  ),
  e(400, MSG.imageNotFound, "An item's `gambar` lists an image that no longer exists (or that the orphan sweep is deleting)"),
  e(400, MSG.tooManyImageChanges, 'More than 90 earlier images newly listed in one request'),
];
const descriptionMissing = e(404, MSG.tourismDescriptionNotFound, 'The village has no tourism description');
/** Errors of a change of an existing description of a village the caller owns. */
const changeErrors: ErrorDoc[] = [
  ...ownVillage,
  descriptionMissing,
  e(409, MSG.tourismDescriptionBusy, 'Concurrent changes kept colliding (retried inside the service first)'),
];
/** A PATCH answer: the affected categories only. */
const categoriesAnswer = (text: string, description: string) =>
  ok(
    withData(
      text,
      z
        .object({ kd_desa: z.string(), ...Object.fromEntries(CATEGORIES.map((c) => [c, R.TourismDescription.shape[c].optional()])) })
        .meta({ description }),
    ),
  );

export const TOURISM_DOCS = {
  'POST /api/deskripsi-wisata': entry('Create the tourism description of a village', {
    facts: trips(
      5,
      'token, village (its code is in the body), existing description, list counter, then the transaction',
      'tourism_description.created',
    ),
    description: 'Text fields default to `""`, categories to `[]`. Items get integer ids. A category may also be sent as JSON text.',
    request: tourismBody(createTourismInput, tourismExample),
    success: createdDoc(withData(MSG.tourismDescriptionCreated, R.TourismDescription)),
    errors: [...itemWriteErrors, ...ownVillage, e(409, MSG.tourismDescriptionExists, 'The village already has one')],
  }),
  'GET /api/deskripsi-wisata': entry('Tourism descriptions, a page at a time (oldest first)', {
    facts: trips(3, 'list versions, then counter ∥ position index, then the page’s descriptions'),
    query: pageQuery,
    success: ok(R.success({ data: z.array(R.TourismDescription), pagination: R.Pagination })),
    errors: [pagingInvalid],
  }),
  'GET /api/deskripsi-wisata/{kd_desa}': entry('The tourism description of a village', {
    facts: trips(1, 'the description'),
    ...byKey(kdDesaParams, R.TourismDescription, descriptionMissing),
  }),
  'PUT /api/deskripsi-wisata/{kd_desa}': entry('Change a tourism description', {
    facts: trips(2, 'token + village + description together, then the versioned write', 'tourism_description.updated'),
    description:
      'Text fields given are replaced. Each category given is replaced: items with a known `id` keep it (and their images unless `gambar` lists which to keep), others are new. Categories not given stay.',
    params: kdDesaParams,
    request: tourismBody(updateTourismInput, {
      penjelasan_umum: 'Teks baru',
      atraksi: [{ id: 1, nama_atraksi: 'Jeep lava tour', kategori_atraksi: 'Alam' }],
    }),
    success: ok(withData(MSG.tourismDescriptionUpdated, R.TourismDescription)),
    errors: [
      ...itemWriteErrors,
      e(400, MSG.itemIdDuplicate, 'Two items of one category carry the same `id`', ': <category>'),
      ...changeErrors,
    ],
  }),
  'DELETE /api/deskripsi-wisata/{kd_desa}': entry(
    'Delete a tourism description (its images are released; the daily sweep removes them a day later)',
    {
      facts: trips(3, 'token + village + description, list positions, then the transaction', 'tourism_description.deleted'),
      params: kdDesaParams,
      success: done(MSG.tourismDescriptionDeleted),
      errors: changeErrors,
    },
  ),
  'PATCH /api/deskripsi-wisata/{kd_desa}': entry('Append items (with images) to categories', {
    facts: trips(2, 'token + village + description together, then the versioned write', 'tourism_description.items_added'),
    description: 'Existing items are kept; new items get new integer ids. Concurrent appends all land. At most 100 items per category.',
    params: kdDesaParams,
    request: tourismBody(appendTourismItemsInput, {
      atraksi: [{ nama_atraksi: 'Tubing Sungai Gendol', kategori_atraksi: 'Alam' }],
    }),
    success: categoriesAnswer(MSG.tourismItemsAdded, 'Only the affected categories, as JSON text arrays'),
    errors: [...itemWriteErrors, ...changeErrors],
  }),
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': entry('Remove one item (and its images)', {
    facts: trips(2, 'token + village + description together, then the versioned write', 'tourism_description.item_removed'),
    params: kdDesaParams,
    request: json(removeTourismItemInput, { entity_type: 'atraksi', item_id: 1 }),
    success: categoriesAnswer(MSG.tourismItemRemoved, 'The affected category without the removed item, as JSON text'),
    errors: [
      e(400, MSG.entityTypeItemIdRequired, 'entity_type or item_id is missing'),
      e(400, MSG.entityTypeInvalid, 'entity_type is not one of the four categories'),
      e(400, MSG.itemIdInvalid, 'item_id is not a positive integer'),
      e(404, MSG.itemNotFound, 'No item with this id in the category'),
      ...changeErrors,
    ],
  }),
} satisfies AreaDocs;
