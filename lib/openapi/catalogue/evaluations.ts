/** The catalogue of functions/evaluations (docs/evaluations.md). */
import * as z from 'zod';
import { MSG } from '../../contract/messages';
import {
  ASSESSMENT_STATES,
  assessments,
  EVIDENCE_FILES_PER_CRITERION,
  evidenceFile,
  MOVES,
  reviewDrafts,
  rounds,
} from '../../db/evaluations';
import { EVIDENCE_LIMITS, evidenceField } from '../../domain/evidence';
import { IMAGE_MAX_BYTES } from '../../domain/images';
import { SCORE_FIELDS } from '../../db/scores';
import { scoreExample } from './scores';
import {
  assessmentParams,
  evaluationParams,
  EVIDENCE_FILE_MAX_BYTES,
  EVIDENCE_UPLOAD_LIMITS,
  evidenceRemoveQuery,
  evidenceUploadInput,
  returnInput,
  reviewInput,
  ROUND_STATES,
  roundExportQuery,
  roundInput,
  roundVillagesQuery,
  selfAssessmentInput,
  summaryQuery,
} from '../../domain/evaluations';
import * as R from '../responses';
import {
  area,
  byKey,
  createdDoc,
  formBody,
  mb,
  fileAnswers,
  done,
  e,
  json,
  ok,
  okData,
  ownerOnlyError,
  pagingInvalid,
  type AreaDocs,
  trips,
} from './shared';

const entry = area('Evaluasi');

const Round = rounds.publicSchema
  .extend({
    status: z.enum(ROUND_STATES).meta({ description: "The round's state today, from its dates" }),
    pengingat_terakhir: z.iso.datetime().nullable().meta({
      description:
        'When the latest reminder was sent (POST …/pengingat or the automatic one; its mails go out within a minute), or null; for a round reminded before the time was kept, the start of that day (WIB)',
    }),
  })
  .meta({ id: 'EvaluationRoundView' });
/** An evidence file as answers show it: a link that works for EVIDENCE_LINK_SECONDS. */
const EvidenceView = evidenceFile.extend({ url: z.url(), expires_at: z.iso.datetime() });
const stored = assessments.publicSchema.shape.mandiri.unwrap();
const Assessment = assessments.publicSchema
  .extend({
    status: z.enum(ASSESSMENT_STATES),
    mandiri: stored
      .extend({
        bukti: z.object(
          Object.fromEntries(
            SCORE_FIELDS.map((f) => [
              f,
              z.object({ catatan: z.string(), tautan: z.array(z.string()), berkas: z.array(EvidenceView) }).optional(),
            ]),
          ),
        ),
      })
      .optional(),
  })
  .partial({ status: true })
  .meta({ id: 'VillageAssessmentView' });
/** What dinas and admin see of a village in a round: its assessment (`status: belum` when nothing was written yet) and the office's draft review. */
const OfficeView = Assessment.partial({ created_at: true, updated_at: true }).extend({
  penilaian_draf: reviewDrafts.publicSchema
    .optional()
    .meta({ description: 'dinas and admin only: the office’s review saved with `terbitkan: false`, not published' }),
});
const Move = z.enum(MOVES).meta({ description: 'Category after the review against the one before the round (baru: unscored before)' });
const VillageRow = z
  .object({
    kd_desa: z.string(),
    nama_desa: z.string(),
    provinsi: z.string(),
    kabupaten: z.string(),
    status: z.enum(ASSESSMENT_STATES),
    diajukan_at: z.string().optional(),
    dikembalikan_at: z.string().optional().meta({ description: 'When it was returned for correction (state dikembalikan)' }),
    dinilai_at: z.string().optional(),
    kategori_desa: z.string().optional(),
  })
  .meta({ id: 'EvaluationVillage' });
const perCriterionMean = z.object(Object.fromEntries(SCORE_FIELDS.map((f) => [f, z.number().nullable()])));
const figures = {
  desa: z.number().int().meta({ description: 'Villages in scope (the statistics’ counts of the regions)' }),
  belum: z.number().int(),
  draf: z.number().int(),
  diajukan: z.number().int(),
  dikembalikan: z.number().int().meta({ description: 'Submitted, then returned for correction (not yet submitted again)' }),
  dinilai: z.number().int(),
  mandiri_diajukan: z.number().int(),
  gerak: z.object(Object.fromEntries(MOVES.map((m) => [m, z.number().int()]))),
  kriteria: z.object(
    Object.fromEntries(SCORE_FIELDS.map((f) => [f, z.object({ mandiri: z.number().nullable(), penilaian: z.number().nullable() })])),
  ),
  n_banding: z.number().int().nullable().meta({
    description:
      'Villages both submitted (not returned since) and reviewed: the ones `rata_rata_banding` is over. null: the round was opened before this was counted and its counters were not recounted yet (`npm run stats:rebuild`)',
  }),
  rata_rata_banding: z
    .object({
      mandiri: perCriterionMean.meta({ description: 'Mean self-score of those villages (null when there are none)' }),
      dinas: perCriterionMean.meta({ description: 'Mean review of the same villages (null when there are none)' }),
    })
    .nullable()
    .meta({ description: 'Both means per criterion over the same villages (`n_banding`); null as `n_banding`' }),
  kriteria_terlemah: z.enum(SCORE_FIELDS).nullable().meta({ description: 'The criterion with the lowest mean review' }),
};
const Summary = z
  .object({ evaluasi: Round, ...figures, wilayah: z.array(z.object({ provinsi: z.string(), kabupaten: z.string(), ...figures })) })
  .meta({ id: 'EvaluationSummary' });

const roundExample = {
  nama: 'Evaluasi Desa Wisata DIY 2027',
  mulai: '2027-01-04',
  batas_mandiri: '2027-02-15',
  selesai: '2027-03-31',
  provinsi: 'Daerah Istimewa Yogyakarta',
};
const scores = scoreExample;
const roundMissing = e(404, MSG.evaluationNotFound, 'No round with this code');
const roundInvalid = [
  e(400, MSG.evaluationDatesOrder, 'The dates are not in order'),
  e(400, MSG.evaluationRegionNeedsProvince, 'kabupaten without provinsi'),
];
const villageOut = [
  roundMissing,
  e(404, MSG.villageNotFound, 'No village with this code'),
  e(404, MSG.evaluationVillageNotInScope, "The village is outside the round's region"),
];
/** A self-assessment is written from mulai through batas_mandiri, until it is submitted. */
const selfPeriod = [
  e(409, MSG.selfAssessmentNotStarted, 'Before mulai'),
  e(409, MSG.selfAssessmentClosed, 'After batas_mandiri'),
  e(409, MSG.selfAssessmentLocked, 'Already submitted'),
  e(409, MSG.selfAssessmentReviewed, 'Reviewed by dinas without having been submitted'),
];
/** A review is written from mulai through selesai. */
const reviewPeriod = [e(409, MSG.reviewNotStarted, 'Before mulai'), e(409, MSG.evaluationFinished, 'After selesai')];

export const EVALUATION_DOCS = {
  'POST /api/evaluasi': entry('Open an evaluation round', {
    facts: trips(2, 'token, then the round + its history entry', 'evaluation.created'),
    description:
      'Dates are calendar days in Western Indonesian Time; mulai ≤ batas_mandiri ≤ selesai. Without provinsi, every village is in scope.',
    request: json(roundInput, roundExample),
    success: createdDoc(R.success({ message: R.message(MSG.evaluationCreated), data: Round })),
    errors: roundInvalid,
  }),
  'GET /api/evaluasi': entry('Every evaluation round, newest first', {
    facts: trips(2, 'token, then one Query of the rounds'),
    success: okData(z.array(Round)),
  }),
  'GET /api/evaluasi/{id_evaluasi}': entry('One evaluation round', {
    facts: trips(2, 'token, then the round'),
    ...byKey(evaluationParams, Round, roundMissing),
  }),
  'PUT /api/evaluasi/{id_evaluasi}': entry('Change an evaluation round', {
    facts: trips(3, 'token, the round, then its change + history entry', 'evaluation.updated'),
    description: 'The whole round, until it is over. Its region can change only while nothing was submitted or reviewed.',
    params: evaluationParams,
    request: json(roundInput, roundExample),
    success: ok(R.success({ message: R.message(MSG.evaluationUpdated), data: Round })),
    errors: [
      ...roundInvalid,
      roundMissing,
      e(409, MSG.evaluationFinished, 'The round is over'),
      e(409, MSG.evaluationRegionLocked, 'The region changes after a submission or a review'),
    ],
  }),
  'DELETE /api/evaluasi/{id_evaluasi}': entry('Delete an evaluation round', {
    facts: trips(5, 'token, the round, its deletion, then its partition’s drafts and counters (Query, batch delete)', 'evaluation.deleted'),
    description: 'Only while no self-assessment was submitted and no village reviewed; its drafts go with it.',
    params: evaluationParams,
    success: done(MSG.evaluationDeleted),
    errors: [roundMissing, e(409, MSG.evaluationHasSubmissions, 'Something was submitted or reviewed')],
  }),
  'GET /api/evaluasi/{id_evaluasi}/desa': entry('The villages of a round with their state', {
    facts: trips(3, 'token, the round (its region), then the villages in scope ∥ the assessments'),
    description:
      'dinas and admin: every village in scope; pengelola: their own. One page (default 100 rows) and `pagination`. States: belum (nothing written), draf, diajukan (submitted), dinilai (reviewed).',
    params: evaluationParams,
    query: roundVillagesQuery,
    success: ok(R.success({ data: z.array(VillageRow), pagination: R.Pagination })),
    errors: [
      pagingInvalid,
      e(400, MSG.evaluationStateInvalid, 'status is not a state'),
      e(400, MSG.listFilterInvalid, 'A region filter is invalid'),
      roundMissing,
    ],
  }),
  'GET /api/evaluasi/{id_evaluasi}/desa/{kd_desa}': entry("A village's assessment in a round", {
    facts: trips(2, 'token, then round ∥ village ∥ assessment (∥ the office’s draft review, for dinas and admin)'),
    description:
      'Its owner, dinas and admin: the self-assessment with its evidence, and the review; dinas and admin also the office’s draft review (`penilaian_draf`). `status: belum` when nothing was written yet; `dikembalikan` (with `catatan_pengembalian`, `dikembalikan_at`) when the office returned it for correction.',
    params: assessmentParams,
    // nothing written yet: only the round, the village and `status: belum`
    success: okData(OfficeView.meta({ id: 'VillageAssessmentOrNone' })),
    errors: [ownerOnlyError, ...villageOut],
  }),
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri': entry('Save the self-assessment (a draft)', {
    facts: trips(
      3,
      'token, round ∥ village ∥ assessment, then assessment + round check + counters + history in one transaction',
      'assessment.created',
    ),
    description:
      'The village’s own pengelola, from mulai through batas_mandiri (one returned for correction until selesai). Any of the six values (1–100) and per criterion `bukti` {catatan ≤ 2,000 characters, tautan: up to 10 http(s) links, berkas: the keys of the files to keep}; the draft becomes what is sent. On AWS one request carries about 4.4 MB of files in all: send files one per request with POST …/mandiri/bukti.',
    params: assessmentParams,
    request: formBody(
      selfAssessmentInput,
      SCORE_FIELDS.map((f) => ({
        field: `${evidenceField(f)}[]`,
        description: `Evidence of ${f}: photos (JPG, PNG, WebP; re-encoded, metadata dropped) or PDF files, up to ${mb(IMAGE_MAX_BYTES)} each`,
        maxFiles: EVIDENCE_FILES_PER_CRITERION,
      })),
      {
        ...scores,
        bukti: { partisipasi_masyarakat: { catatan: '45 warga terlibat', tautan: ['https://example.org/laporan'] } },
      },
      EVIDENCE_LIMITS,
    ),
    success: ok(R.success({ message: R.message(MSG.selfAssessmentSaved), data: Assessment })),
    errors: [
      e(415, MSG.evidenceTypeInvalid, 'A file is neither an image (JPG, PNG, WebP) nor a PDF, by its bytes'),
      e(400, MSG.evidenceTooMany, 'A criterion would hold more than five files'),
      e(400, MSG.evidenceFileUnknown, '`berkas` names a file the assessment does not have'),
      ownerOnlyError,
      ...villageOut,
      ...selfPeriod,
    ],
  }),
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/ajukan': entry('Submit the self-assessment', {
    facts: trips(3, 'token, round ∥ village ∥ assessment, then assessment + counters + history in one transaction', 'assessment.submitted'),
    description:
      'All six values must be filled in; no edits afterwards, unless dinas returns it for correction (POST …/kembalikan): then it is edited and submitted again, until selesai.',
    params: assessmentParams,
    success: ok(R.success({ message: R.message(MSG.selfAssessmentSubmitted), data: Assessment })),
    errors: [
      ownerOnlyError,
      ...villageOut,
      e(404, MSG.selfAssessmentMissing, 'No draft yet'),
      ...selfPeriod,
      e(409, MSG.selfAssessmentIncomplete, 'A value is missing'),
    ],
  }),
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/penilaian': entry('Review a village (it becomes its score)', {
    facts: trips(
      3,
      'token, round ∥ village ∥ assessment ∥ score ∥ the office’s draft review, then assessment + score + village + counters + histories in one transaction',
      'assessment.reviewed',
      'score.updated',
    ),
    description:
      'dinas, from mulai until selesai, with or without a self-assessment; again to correct it. The review becomes the village’s current score exactly as PUT /api/skor would set it (category, statistics, list versions), and the score history entry names the round (`id_evaluasi` in GET /api/skor/{kd_desa}/riwayat); the office’s draft of it, if any, goes (history `review_draft.deleted`). With `terbitkan: false` the review is only stored as the office’s draft (`penilaian_draf`, history `review_draft.created|updated` in the round’s timeline): no score, no mail, not counted as reviewed, shown only to dinas and admin; a later PUT without it (or with `terbitkan: true`) publishes it.',
    params: assessmentParams,
    request: json(reviewInput, { ...scores, catatan: { keramahan_difabel: 'Belum ada jalur kursi roda ke area utama' } }),
    success: ok(
      R.success({
        message: z.union([R.message(MSG.reviewSaved), R.message(MSG.reviewDraftSaved)]),
        data: OfficeView.extend({ gerak: Move.optional().meta({ description: 'Published: the category move' }) }),
      }),
    ),
    errors: [...villageOut, ...reviewPeriod],
  }),
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/bukti': entry('Add one evidence file to the self-assessment', {
    facts: trips(
      3,
      'token, round ∥ village ∥ assessment, then (the file stored) assessment + round check + history in one transaction',
      'assessment.updated',
    ),
    description: `The village’s own pengelola, while the draft may be changed (as PUT …/mandiri). One file per request, what one request carries on AWS: a photo (JPG, PNG, WebP; re-encoded, metadata dropped) or a PDF of at most ${mb(EVIDENCE_FILE_MAX_BYTES)}, added to the evidence of the criterion \`data.kriteria\` (at most ${EVIDENCE_FILES_PER_CRITERION} per criterion); a draft is begun if there is none. The answer is the assessment with every evidence file (links that expire).`,
    params: assessmentParams,
    request: formBody(
      evidenceUploadInput,
      [{ field: 'berkas', description: `One photo or PDF, at most ${mb(EVIDENCE_FILE_MAX_BYTES)}`, maxFiles: 1 }],
      { kriteria: 'partisipasi_masyarakat' },
      EVIDENCE_UPLOAD_LIMITS,
    ),
    success: ok(R.success({ message: R.message(MSG.evidenceUploaded), data: Assessment })),
    errors: [
      e(400, MSG.evidenceFileMissing, 'No file (or an empty one) in `berkas`'),
      e(415, MSG.evidenceTypeInvalid, 'The file is neither an image (JPG, PNG, WebP) nor a PDF, by its bytes'),
      e(400, MSG.evidenceTooMany, 'The criterion holds five files already'),
      ownerOnlyError,
      ...villageOut,
      ...selfPeriod,
    ],
  }),
  'DELETE /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/bukti': entry('Remove one evidence file from the self-assessment', {
    facts: trips(
      3,
      'token, round ∥ village ∥ assessment, then assessment + round check + history in one transaction',
      'assessment.updated',
    ),
    description:
      'The village’s own pengelola, while the draft may be changed (as PUT …/mandiri). `berkas`: the file’s `key` as answers list it; the file is deleted once the change is stored. The answer is the assessment with the evidence left.',
    params: assessmentParams,
    query: evidenceRemoveQuery,
    success: ok(R.success({ message: R.message(MSG.evidenceRemoved), data: Assessment })),
    errors: [e(404, MSG.evidenceFileUnknown, 'The draft lists no file with this key'), ownerOnlyError, ...villageOut, ...selfPeriod],
  }),
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/kembalikan': entry('Return a submitted self-assessment for correction', {
    facts: trips(
      3,
      'token, round ∥ village ∥ assessment, then assessment + counters + history + one outbox item in one transaction',
      'assessment.returned',
    ),
    description:
      'dinas, from mulai until selesai, a village in the round’s region whose self-assessment is submitted and not reviewed: it becomes `dikembalikan` with the note (`catatan_pengembalian`, also in the history), counts as returned (not submitted) in the progress, and its manager is mailed the note (unless they turned such mails off). The manager corrects it (PUT …/mandiri, …/bukti) and submits it again (POST …/mandiri/ajukan), until selesai.',
    params: assessmentParams,
    request: json(returnInput, { catatan: 'Foto bukti keramahan difabel belum ada; lengkapi lalu ajukan kembali.' }),
    success: ok(R.success({ message: R.message(MSG.selfAssessmentReturned), data: Assessment })),
    errors: [
      ...villageOut,
      ...reviewPeriod,
      e(409, MSG.returnNotSubmitted, 'Nothing submitted to return (no self-assessment, a draft, or returned already)'),
      e(409, MSG.returnReviewed, 'The village is reviewed already'),
    ],
  }),
  'GET /api/wilayah': entry('The regions that have villages, with their counts', {
    facts: trips(2, 'token, then one Query of the region counters'),
    description:
      'Any signed-in user: each province and its kabupaten that have villages, with the number of villages (`n_desa`), names as the villages write them, in alphabetical order: for choosing a round’s region and showing how many villages it covers. From the statistics’ counters: one Query whose size is the number of kabupaten, never of villages.',
    success: okData(
      z
        .object({
          provinsi: z.array(
            z.object({
              provinsi: z.string(),
              n_desa: z.number().int(),
              kabupaten: z.array(z.object({ kabupaten: z.string(), n_desa: z.number().int() })),
            }),
          ),
        })
        .meta({ id: 'Regions' }),
    ),
  }),
  'GET /api/evaluasi/{id_evaluasi}/rekap': entry("A round's progress", {
    facts: trips(3, 'token, the round, then its counters ∥ the region counters'),
    description:
      'From counters kept by the writes (cost: the number of regions, not villages): villages in scope, states, category moves, mean self-score (over the submitted) and mean review (over the reviewed) per criterion, both means again over the same villages, those submitted and reviewed (`rata_rata_banding`, `n_banding`), the weakest criterion, overall and per kabupaten.',
    params: evaluationParams,
    query: summaryQuery,
    success: okData(Summary),
    errors: [e(400, MSG.listFilterInvalid, 'A region filter is invalid'), roundMissing],
  }),
  'POST /api/evaluasi/{id_evaluasi}/pengingat': entry('Remind the villages that have not submitted', {
    facts: trips(3, 'token, the round, then its reminder day + history entry + one outbox item in one transaction', 'evaluation.reminded'),
    description:
      'While self-assessment is open: a mail to the manager of each village in scope whose self-assessment is not submitted (none yet, or a draft), unless they turned reminders off (PUT /api/akun/notifikasi). At most one reminder a day per round (this or the automatic one, from 08:00 WIB three days before batas_mandiri). The mails go out with the outbox drain (every minute), at the stage’s SES rate.',
    params: evaluationParams,
    success: {
      status: 202,
      description: 'Accepted: the reminder is queued',
      schema: R.success({
        message: R.message(MSG.reminderQueued),
        data: z.object({ id_evaluasi: z.string(), tanggal: z.iso.date().meta({ description: 'The day of the reminder (WIB)' }) }),
      }),
    },
    errors: [
      roundMissing,
      e(409, MSG.reminderOutsidePeriod, 'Self-assessment is not open (before mulai or after batas_mandiri)'),
      e(409, MSG.reminderAlreadySent, 'A reminder of this round went out today already'),
    ],
  }),
  'GET /api/evaluasi/{id_evaluasi}/export': entry("A round's villages as a spreadsheet (XLSX) or CSV file", {
    facts: trips(3, 'token, the round, then the villages in scope ∥ the assessments'),
    description:
      'One row per village in scope: code, name, region, state, the six submitted self-scores and when, the six review values, average, the category before and after and the move, the review notes, when reviewed.',
    params: evaluationParams,
    query: roundExportQuery,
    ...fileAnswers,
    errors: [roundMissing],
  }),
} satisfies AreaDocs;
