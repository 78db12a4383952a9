/** The catalogue of functions/import (docs/import.md). */
import * as z from 'zod';
import { MSG } from '../../contract/messages';
import { imports } from '../../db/imports';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_UPLOAD_LIMITS,
  importErrorsQuery,
  importKindQuery,
  importListQuery,
  importParams,
  importTemplateQuery,
  SHOWN_PROBLEMS,
} from '../../domain/import';
import * as R from '../responses';
import {
  area,
  e,
  fieldTooLarge,
  fileAnswers,
  mb,
  multipartInvalid,
  ok,
  okData,
  pagingInvalid,
  payloadTooLarge,
  tooManyFields,
  trips,
  unrecorded,
  type AreaDocs,
} from './shared';

const entry = area('Impor');

const count = z.number().int();
const Counts = z
  .object({
    baris: count.meta({ description: 'Data rows in the file' }),
    valid: count.meta({ description: 'Rows that can be applied' }),
    ditolak: count.meta({ description: 'Rows refused' }),
    dibuat: count.meta({ description: 'Valid rows that would create a village or month' }),
    diubah: count.meta({ description: 'Valid rows that would change one' }),
    tidak_berubah: count.meta({ description: 'Valid rows that change nothing' }),
    diterapkan: count.meta({ description: 'Valid rows the apply has done so far' }),
  })
  .meta({ id: 'ImportCounts', description: 'The check’s counts, and the apply’s progress' });
const Outcome = z.object({ dibuat: count, diubah: count, tidak_berubah: count, gagal: count }).meta({
  id: 'ImportOutcome',
  description: 'What the applied rows did (`gagal`: the village went or its manager changed since the check)',
});
const Problem = z
  .object({
    baris: count.meta({ description: 'Row number in the sheet (the header is row 1)' }),
    kolom: z.string().nullable().meta({ description: 'The column, or null for the whole row' }),
    pesan: z.string(),
  })
  .meta({ id: 'ImportRowProblem' });
const Problems = z.object({ total: count, baris: z.array(Problem).meta({ description: `The first ${SHOWN_PROBLEMS}` }) });
const Summary = imports.publicSchema.extend({ jumlah: Counts, hasil: Outcome }).meta({ id: 'ImportSummary' });
const Status = Summary.extend({
  kemajuan: z.object({ diterapkan: count, total: count, persen: count }),
  baris_ditolak: Problems,
  baris_gagal: Problems,
}).meta({ id: 'ImportStatus' });

/** Every text a refused file or row can carry (`pesan`), from the reader (lib/import) and the check and apply. */
const ROW_TEXTS = Object.entries(MSG)
  .filter(([k]) => k.startsWith('import') || k.startsWith('fieldReport'))
  .map(([, v]) => `- ${v}`)
  .join('\n');

/** A CSV of one new village (`jenis=desa`), as the template’s example row has it. */
const VILLAGES_CSV =
  'kd_desa,nama_desa,nama_popular,provinsi,kabupaten,alamat,pengelola,nomor_telepon,email\n' +
  ',Penglipuran,Desa Wisata Penglipuran,Bali,Bangli,"Kubu, Bangli, Bali",I Wayan Contoh,081234567890,pengelola@contoh.id\n';

const importMissing = e(404, MSG.importNotFound, 'No such import, or one another dinas account started');
const states =
  '`memeriksa` (the worker checks the file) → `siap` (checked; nothing written yet) or `ditolak` (the file, or every row, refused) → `berjalan` (applying) → `selesai`, or `gagal` (stopped by repeated service errors; rows applied stay)';

export const IMPORT_DOCS = {
  'GET /api/impor/template': entry('The template of an import', {
    facts: trips(2, 'token, then the region counters (the drop-downs)'),
    description:
      'dinas and admin: an XLSX with the columns of `jenis`, one example row, drop-down lists (provinces and kabupaten that have villages; `provinsi` narrows the kabupaten) and a "Petunjuk" sheet.',
    query: importTemplateQuery,
    ...fileAnswers,
  }),
  'POST /api/impor': entry('Upload a file to import', {
    facts: unrecorded(
      2,
      'token, then (the file stored privately) the import item',
      'stores the file and its import; the worker writes the rows later, each entry naming the import (tests/import/flow.test.ts)',
    ),
    description: `dinas and admin: one XLSX or CSV file (field \`berkas\`, at most ${mb(IMPORT_FILE_MAX_BYTES)}) of villages (\`jenis=desa\`) or monthly figures (\`jenis=laporan\`). Answers 202 with the import’s id at once; the worker checks the file within a minute (GET /api/impor/{id_impor}). Nothing but the import itself is written before POST …/jalankan. States: ${states}.`,
    query: importKindQuery,
    request: {
      kind: 'file',
      limits: IMPORT_UPLOAD_LIMITS,
      description: `One XLSX or CSV file, at most ${mb(IMPORT_FILE_MAX_BYTES)}`,
      example: { filename: 'desa.csv', contentType: 'text/csv', text: VILLAGES_CSV },
    },
    success: {
      status: 202,
      description: 'Accepted: the file is checked by the worker',
      schema: R.success({ message: R.message(MSG.importAccepted), data: z.object({ id_impor: z.string() }) }),
    },
    errors: [
      e(400, MSG.noFileUploaded, 'No file (or an empty one) in field `berkas`'),
      multipartInvalid,
      e(400, MSG.fileFieldUnknown, 'A file comes in a field other than `berkas`', ': <field>'),
      e(400, MSG.tooManyFiles, 'More than one file', ' (maksimal 1)'),
      tooManyFields,
      e(413, MSG.importFileTooLarge, `The file is larger than ${mb(IMPORT_FILE_MAX_BYTES)}`),
      fieldTooLarge,
      payloadTooLarge,
      e(415, MSG.unsupportedMediaType, 'A body that is not multipart/form-data'),
    ],
  }),
  'GET /api/impor': entry('Past imports', {
    facts: trips(2, 'token, then the imports (one Query: all, or the caller’s)'),
    description:
      'admin: every import; dinas: those it started. Newest first: who, when, the file’s name, `jenis`, state and counts; with `page`/`limit` one page and `pagination`.',
    query: importListQuery,
    success: ok(R.success({ data: z.array(Summary), pagination: R.Pagination.optional() })),
    errors: [pagingInvalid],
  }),
  'GET /api/impor/{id_impor}': entry('An import’s state, counts, refused rows and progress', {
    facts: trips(2, 'token, then the import'),
    description: `dinas (its own) and admin. States: ${states}. The refused rows (row, column, message) are the first ${SHOWN_PROBLEMS}, with their total; all of them: …/kesalahan. A refused file’s \`pesan\`, a refused row’s, or one the apply could not write is one of these texts (a list of fields or a row number may follow a colon):\n\n${ROW_TEXTS}`,
    params: importParams,
    success: okData(Status),
    errors: [importMissing],
  }),
  'GET /api/impor/{id_impor}/kesalahan': entry('An import’s refused rows as a spreadsheet', {
    facts: trips(2, 'token, then the import (the refused rows from its stored check)'),
    description:
      'dinas (its own) and admin: every refused row with its reason in a message column (and the rows the apply could not write), as XLSX, to fix and upload again.',
    params: importParams,
    query: importErrorsQuery,
    ...fileAnswers,
    errors: [importMissing],
  }),
  'POST /api/impor/{id_impor}/jalankan': entry('Apply a checked import', {
    facts: unrecorded(
      3,
      'token, the import, then its state moved from siap (a condition)',
      'moves the import to berjalan; the worker writes the rows, each entry naming the import (tests/import/flow.test.ts)',
    ),
    description:
      'dinas (its own) and admin, once, from `siap`: the worker applies the valid rows in batches (progress in GET /api/impor/{id_impor}); each row is written as any write of it (history entries naming the import, counters, list versions), a row that changes nothing writes nothing. Answers 202 with the import, now `berjalan`.',
    params: importParams,
    success: {
      status: 202,
      description: 'Accepted: the worker applies the rows',
      schema: R.success({ message: R.message(MSG.importStarted), data: Status }),
    },
    errors: [importMissing, e(409, MSG.importNotReady, 'The import is not `siap` (still being checked, refused, already started or done)')],
  }),
} satisfies AreaDocs;
