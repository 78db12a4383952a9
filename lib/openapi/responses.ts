/**
 * Zod schemas of the success responses, for the OpenAPI document only (the handlers
 * build their bodies directly; tests/docs/openapi.test.ts checks real responses against
 * these shapes). Schemas with an `id` become components of the document.
 */
import * as z from 'zod';
import { ROLES } from '../roles';
import { REQUEST_STATUSES } from '../db/requests';
import { SCORE_FIELDS } from '../db/scores';
import { VILLAGE_STATUSES } from '../db/statuses';
import { JENIS_DESA } from '../db/village-descriptions';
import { KATEGORI } from '../domain/scores';

const timestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601 time (UTC)' });
const imageUrl = z.string().meta({ format: 'uri', description: 'Public URL of an image in the object store' });

/** `{status: 'success', …fields}`: the contract's envelope of a 2xx body. */
export const success = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal('success'), ...shape });
/** A success message: exactly this text. */
export const message = (text: string) => z.literal(text);

export const PublicUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    full_name: z.string(),
    email: z.string().meta({ format: 'email' }),
    role: z.enum(ROLES),
    is_verified: z.boolean(),
  })
  .meta({ id: 'PublicUser', description: 'A user as the service shows it (never the password hash).' });

export const Village = z
  .object({
    kd_desa: z.string().meta({ examples: ['DESA-a1B2c3D4e5'] }),
    provinsi: z.string(),
    kabupaten: z.string(),
    nama_desa: z.string(),
    nama_popular: z.string(),
    alamat: z.string(),
    pengelola: z.string(),
    nomor_telepon: z.string(),
    email: z.string().meta({ format: 'email' }),
    slug: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Village', description: 'A tourism village (desa wisata).' });

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
  })
  .meta({ id: 'TourismDescription', description: 'A tourism description; the four categories are JSON text arrays.' });

export const VillageDescription = z
  .object({
    kd_desa: z.string(),
    lokasi_desa: z.string(),
    deskripsi_desa: z.string(),
    fasilitas_desa: z.array(z.string()),
    galeri_gambar: z.array(imageUrl),
    url_video: z.array(z.string().meta({ format: 'uri' })),
    jenis_desa: z.enum(JENIS_DESA),
    latitude: z.number(),
    longitude: z.number(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'VillageDescription' });

export const Request = z
  .object({
    kd_permintaan: z.string().meta({ examples: ['REQ-a1B2c3D4e5'] }),
    email: z.string().meta({ format: 'email' }),
    kd_desa: z.string(),
    status_permintaan: z.enum(REQUEST_STATUSES),
    created_at: timestamp,
    updated_at: timestamp,
    nama_pengguna: z.string().nullable().meta({ description: "The requester's full_name" }),
    nama_desa_wisata: z.string().nullable().meta({ description: "The village's nama_desa" }),
  })
  .meta({ id: 'Request', description: 'A village registration request (permintaan).' });

export const VillageStatus = z
  .object({
    kd_status: z.string().meta({ examples: ['STAT-a1B2c3D4e5'] }),
    kd_desa: z.string(),
    status: z.enum(VILLAGE_STATUSES),
    keterangan: z.string(),
    tanggal_update: timestamp,
  })
  .meta({ id: 'VillageStatus' });

const scoreValue = z.number().min(1).max(100);
const scoreValues = Object.fromEntries(SCORE_FIELDS.map((f) => [f, scoreValue])) as Record<
  (typeof SCORE_FIELDS)[number],
  typeof scoreValue
>;
const nullableScores = Object.fromEntries(SCORE_FIELDS.map((f) => [f, scoreValue.nullable()]));

export const Score = z
  .object({ kd_desa: z.string(), ...scoreValues, total_skor: z.number(), rata_rata: z.number().int(), kategori_desa: z.enum(KATEGORI) })
  .meta({
    id: 'Score',
    description: 'rata_rata = round(total_skor / 6); kategori_desa: >90 Mandiri, 75–90 Maju, 50–74 Berkembang, <50 Rintisan.',
  });

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

export const ScoreDetail = z.object({ kd_desa: z.string(), ...scoreValues, created_at: timestamp, updated_at: timestamp });

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
