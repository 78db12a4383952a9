import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { defineEntity, timestamp, type TransactItem } from './entity';
import { keyQuery, notExists, txPut } from './expression';
import { batchGetItems, queryAll } from './helpers';
import { GSI1, GSI2, GSI3 } from './keys';
import { RaceLostError } from './unit-of-work';

/**
 * Bulk imports (docs/import.md): one item per uploaded file, its state and counts, and one
 * marker per applied row that wrote something.
 *
 * | item                        | PK             | SK                  | GSI1PK / GSI1SK          | GSI2PK / GSI2SK                 | GSI3PK / GSI3SK (sparse)          |
 * |-----------------------------|----------------|---------------------|--------------------------|---------------------------------|-----------------------------------|
 * | an import                   | IMPOR#<id>     | IMPOR               | IMPOR / <created_at>#<id> | IMPORBY#<user id> / <created_at>#<id> | IMPORKERJA / <created_at>#<id> while the worker has work |
 * | a row it applied (marker)   | IMPOR#<id>     | BARIS#<index, 6 digits> | —                    | —                               | —                                 |
 *
 * The worker (lib/domain/import.ts) finds its work with one Query of GSI3 `IMPORKERJA`, which
 * holds only the imports being checked or applied; a row's marker is written in the row's own
 * transaction, so a resumed run knows which rows of an interrupted batch were applied.
 */
export const IMPORT_STATES = ['memeriksa', 'siap', 'ditolak', 'berjalan', 'selesai', 'gagal'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
/** The states the worker has work in. */
const WORKING: readonly ImportState[] = ['memeriksa', 'berjalan'];

const count = z.number().int().min(0);
const problem = z.object({ baris: z.number().int(), kolom: z.string().nullable(), pesan: z.string() });

export const imports = defineEntity({
  type: 'IMPOR',
  schema: z.object({
    id_impor: z.string().meta({ examples: ['IMP-20261128-a1b2c3d4'] }),
    jenis: z.enum(['desa', 'laporan']),
    nama_berkas: z.string(),
    status: z.enum(IMPORT_STATES),
    /** Why the whole file was refused (`ditolak`) or the apply stopped (`gagal`). */
    pesan: z.string().optional(),
    oleh_id: z.string(),
    oleh_username: z.string(),
    oleh_role: z.string(),
    oleh_nama: z.string(),
    oleh_email: z.string(),
    /** The check's counts: data rows, valid, refused, and of the valid ones what applying would do. */
    baris: count,
    valid: count,
    ditolak: count,
    dibuat: count,
    diubah: count,
    tidak_berubah: count,
    /** The apply's progress: valid rows done (the next row's index), and what they did. */
    diterapkan: count,
    hasil_dibuat: count,
    hasil_diubah: count,
    hasil_tidak_berubah: count,
    hasil_gagal: count,
    /** The first refused rows (all of them: GET …/kesalahan); rows the apply could not write follow. */
    contoh_ditolak: z.array(problem),
    /** The first rows the apply could not write (the village went, its manager changed since the check). */
    contoh_gagal: z.array(problem),
    /** Runs in a row that stopped on an error (the import is `gagal` after IMPORT_MAX_FAILED_RUNS). */
    gagal_berturut: count.optional(),
    /** A worker's claim (epoch ms): no other run takes the import before it passes. */
    klaim_sampai: z.number().optional(),
    created_at: timestamp,
    updated_at: timestamp,
    selesai_at: timestamp.optional(),
  }),
  key: (id) => ({ PK: `IMPOR#${id}`, SK: 'IMPOR' }),
  id: (r) => r.id_impor,
  indexes: (r) => ({
    GSI1PK: 'IMPOR',
    GSI1SK: `${r.created_at}#${r.id_impor}`,
    GSI2PK: `IMPORBY#${r.oleh_id}`,
    GSI2SK: `${r.created_at}#${r.id_impor}`,
    ...(WORKING.includes(r.status) ? { GSI3PK: 'IMPORKERJA', GSI3SK: `${r.created_at}#${r.id_impor}` } : {}),
  }),
  public: ['id_impor', 'jenis', 'nama_berkas', 'status', 'pesan', 'oleh_username', 'oleh_nama', 'created_at', 'updated_at', 'selesai_at'],
  publicMeta: { id: 'Import', description: 'A bulk import of one file: its state and who started it when.' },
});
export type ImportRecord = z.infer<typeof imports.schema>;

/** `IMP-<YYYYMMDD>-<8 hex>`. */
export const newImportId = (at: string) => `IMP-${at.slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;

export const getImport = (id: string, consistent = false) => imports.get(id, consistent);

/** Every import, or one user's, newest first. */
export async function listImports(byUserId?: string): Promise<ImportRecord[]> {
  const q = byUserId
    ? keyQuery({ index: GSI2, pk: ['GSI2PK', `IMPORBY#${byUserId}`] })
    : keyQuery({ index: GSI1, pk: ['GSI1PK', 'IMPOR'] });
  const items = await queryAll<Record<string, unknown>>({ ...q, ScanIndexForward: false });
  return items.map((i) => imports.fromItem(i));
}

/** The imports the worker has work in (being checked or applied), oldest first. */
export async function workingImports(): Promise<ImportRecord[]> {
  const items = await queryAll<Record<string, unknown>>(keyQuery({ index: GSI3, pk: ['GSI3PK', 'IMPORKERJA'] }));
  return items.map((i) => imports.fromItem(i));
}

export type RowOutcome = 'dibuat' | 'diubah';
const rowKey = (id: string, index: number) => ({ PK: `IMPOR#${id}`, SK: `BARIS#${String(index).padStart(6, '0')}` });

/** The row was applied meanwhile (another run): read again. */
export class RowAppliedError extends RaceLostError {}

/** The marker that row `index` of the import was applied (with what it did), in the row's transaction: only once. */
export const appliedRowMarker = (id: string, index: number, hasil: RowOutcome): TransactItem =>
  txPut({ ...rowKey(id, index), type: 'IMPORBARIS', hasil }, notExists());

/** Which of these rows of the import were applied already, and what they did. */
export async function appliedRows(id: string, indexes: readonly number[]): Promise<Map<number, RowOutcome>> {
  const out = new Map<number, RowOutcome>();
  for (let i = 0; i < indexes.length; i += 100) {
    const found = await batchGetItems(
      indexes.slice(i, i + 100).map((n) => rowKey(id, n)),
      { consistent: true },
    );
    for (const item of found) out.set(Number(String(item.SK).slice('BARIS#'.length)), item.hasil as RowOutcome);
  }
  return out;
}
