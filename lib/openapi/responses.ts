/**
 * Zod schemas of the success responses, for the OpenAPI document only (the handlers
 * build their bodies directly; tests/docs/openapi.test.ts checks real responses against
 * these shapes). Schemas with an `id` become components of the document.
 */
import * as z from 'zod';
import { imageUrl, timestamp } from '../db/entity';
import { REQUEST_STATUSES, requests } from '../db/requests';
import { KATEGORI, scores, SCORE_FIELDS } from '../db/scores';
import { statuses } from '../db/statuses';
import { villages } from '../db/villages';
import { users } from '../db/users';
import { villageDescriptions } from '../db/village-descriptions';

/** `{status: 'success', …fields}`: the contract's envelope of a 2xx body. */
export const success = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal('success'), ...shape });
/** A success message: exactly this text. */
export const message = (text: string) => z.literal(text);

export const PublicUser = users.publicSchema;

export const Village = villages.publicSchema;

export const VillageListItem = Village.extend({
  kd_permintaan: z.string().nullable().meta({ description: "Code of the village's newest request" }),
  status_permintaan: z.enum(REQUEST_STATUSES).nullable(),
  is_verified: z.boolean().meta({ description: "The owner's verification flag" }),
}).meta({ id: 'VillageListItem' });

export const VillageDetails = z
  .object({
    kd_desa: z.string(),
    gambar_cover: imageUrl.nullable().meta({ description: 'First gallery image of the village description' }),
    provinsi: z.string(),
    kabupaten: z.string(),
    nama_popular: z.string(),
    slug: z.string(),
  })
  .meta({ id: 'VillageDetails' });

const categoryText = (item: string) =>
  z.string().meta({
    description: `JSON text of an array of ${item} items: [{id, …fields, gambar: [URL]}]`,
    examples: ['[{"id":1,"nama_atraksi":"Jeep lava tour","kategori_atraksi":"Alam","gambar":[]}]'],
  });

/** `gambar_varian` (lib/storage/images.ts imageVariantsOf): beside the contract's fields of responses that carry images. */
export const ImageVariants = z.record(z.string().meta({ format: 'uri' }), z.object({ card: z.url(), thumb: z.url() })).meta({
  id: 'ImageVariants',
  description:
    "Each image of the response (by its URL) → its WebP renditions: `card` (long edge 800 px) and `thumb` (320 px). Added beside the contract's fields; images stored elsewhere are not listed.",
});
export const withImageVariants = <T extends z.ZodObject>(schema: T) => schema.extend({ gambar_varian: ImageVariants });

export const TourismDescription = z
  .object({
    kd_desa: z.string(),
    penjelasan_umum: z.string(),
    fasilitas: z.string(),
    dokumentasi_desa: z.string(),
    atraksi: categoryText('atraksi {nama_atraksi, kategori_atraksi}'),
    penginapan: categoryText('penginapan {nama_penginapan, harga_penginapan}'),
    paket_wisata: categoryText('paket_wisata {nama_paket_wisata, harga_paket_wisata}'),
    suvenir: categoryText('suvenir {nama_suvenir, harga_suvenir}'),
    created_at: timestamp,
    updated_at: timestamp,
    gambar_varian: ImageVariants,
  })
  .meta({ id: 'TourismDescription', description: 'A tourism description; the four categories are JSON text arrays.' });

export const VillageDescription = withImageVariants(villageDescriptions.publicSchema);

export const Request = requests.publicSchema
  .extend({
    nama_pengguna: z.string().nullable().meta({ description: "The requester's full_name" }),
    nama_desa_wisata: z.string().nullable().meta({ description: "The village's nama_desa" }),
  })
  .meta({ id: 'Request', description: 'A village registration request (permintaan).' });

export const VillageStatus = statuses.publicSchema;

const nullableScores = Object.fromEntries(SCORE_FIELDS.map((f) => [f, scores.schema.shape[f].nullable()]));

export const Score = scores.publicSchema;

export const ScoreResponse = success({
  data: Score,
  total_skor: z.number(),
  rata_rata: z.number().int(),
  kategori_desa: z.enum(KATEGORI),
});

export const ScoreListItem = z
  .object({
    kd_desa: z.string(),
    nama_desa: z.string(),
    kategori_desa: z.enum(KATEGORI),
    ...nullableScores,
    rata_rata: z.number().int(),
  })
  .meta({ id: 'ScoreListItem', description: 'Unscored villages have null scores, rata_rata 0 and kategori_desa Rintisan.' });

export const ScoreDetail = scores.schema.pick({
  kd_desa: true,
  ...Object.fromEntries(SCORE_FIELDS.map((f) => [f, true])),
  created_at: true,
  updated_at: true,
});

export const UserListItem = z
  .object({
    full_name: z.string(),
    email: z.string().meta({ format: 'email' }),
    is_verified: z.boolean(),
    nama_desa: z.string().optional().meta({ description: 'Only with includeDesa=true' }),
  })
  .meta({ id: 'UserListItem' });

export const Attraction = z
  .object({ nama_atraksi: z.string(), gambar: z.array(imageUrl).min(1), nama_desa: z.string(), slug: z.string() })
  .meta({ id: 'Attraction' });

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
