import * as z from 'zod';
import type { Caller } from '../contract/caller';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { conflict, forbidden, found, invalid, notFound } from '../contract/errors';
import { isPlainLine, kabupatenWithinProvinsi, listPagingQuery, listPage, plainLine, regionName } from '../contract/inputs';
import { MSG } from '../contract/messages';
import { whenFieldsValid, refusals, namingRefusal, type FieldTexts } from '../contract/validation';
import { nowMs } from '../platform/clock';
import * as store from '../db/evaluations';
import {
  ASSESSMENT_STATES,
  assessments,
  EVIDENCE_FILES_PER_CRITERION,
  evidenceLinks,
  getReviewDraft,
  reviewDrafts,
  RoundChangedError,
  rounds,
  type AssessmentRecord,
  type AssessmentState,
  type ReviewDraftRecord,
  type RoundRecord,
} from '../db/evaluations';
import { normEmail, regionPart } from '../db/keys';
import { readRegionCounters } from '../db/stats';
import { getScore, newScore, ScoreChangedError, scores, SCORE_FIELDS, withValues, type ScoreField } from '../db/scores';
import { inUnitOfWork, type UnitOfWork } from '../db/unit-of-work';
import { filteredVillages, getVillage, listVillages, villagesByEmail, type VillageRecord } from '../db/villages';
import { column, exportLinkOption, spreadsheet, VILLAGE_COLUMNS, type Cell, type Column, type ExportFile } from './export';
import { deleteRoundEvidence, dropEvidence, evidenceField, EvidenceUpload, evidenceView, keptEvidence } from './evidence';
import { computeScore, scoreValuesSchema } from './scores';

/**
 * Evaluation rounds (docs/evaluations.md): an office opens a round for a region and a
 * period; the managers of the villages in scope assess their own village until
 * `batas_mandiri` and submit; the office reviews until `selesai`, and a review becomes the
 * village's current score (as PUT /api/skor, its history entry naming the round).
 */

/** Dates are calendar days in Western Indonesian Time (UTC+7): a day ends at midnight in Jakarta. */
export const today = (): string => new Date(nowMs() + 7 * 3600_000).toISOString().slice(0, 10);

export const ROUND_STATES = ['akan_datang', 'penilaian_mandiri', 'peninjauan', 'selesai'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

/** A round's state on a day: before `mulai`, until `batas_mandiri`, until `selesai`, after. */
export function roundState(r: Pick<RoundRecord, 'mulai' | 'batas_mandiri' | 'selesai'>, day = today()): RoundState {
  if (day < r.mulai) return 'akan_datang';
  if (day <= r.batas_mandiri) return 'penilaian_mandiri';
  if (day <= r.selesai) return 'peninjauan';
  return 'selesai';
}

/** The years a round's dates may fall in (docs/decisions.md "A round's dates lie in the years 2000–2100"): 0000 or 9999 is a typo. */
export const ROUND_YEARS = { from: 2000, to: 2100 } as const;
const date = z.iso
  .date()
  .refine((d) => d >= `${ROUND_YEARS.from}-01-01` && d <= `${ROUND_YEARS.to}-12-31`)
  .meta({
    description: `Calendar date (YYYY-MM-DD), Western Indonesian Time, in the years ${ROUND_YEARS.from}–${ROUND_YEARS.to}`,
    examples: ['2027-01-04'],
  });
const oneLine = 'One line: no control characters (NUL, line breaks) or lone surrogates';
/** A round's region: as villages name theirs, on one line (`isPlainLine`). */
const roundRegion = () => regionName().refine(isPlainLine).optional().meta({ description: oneLine });
/** The text `fields` gives each field of a refused round (beside the message, which names them). */
const ROUND_FIELD_TEXTS: FieldTexts = {
  fields: {
    nama: MSG.fieldRoundName,
    mulai: MSG.fieldRoundStart,
    batas_mandiri: MSG.fieldRoundDeadline,
    selesai: MSG.fieldRoundEnd,
    provinsi: MSG.fieldProvince,
    kabupaten: MSG.fieldKabupaten,
  },
  rules: { [MSG.evaluationDatesOrder]: MSG.fieldRoundDatesOrder, [MSG.evaluationRegionNeedsProvince]: MSG.fieldKabupatenNeedsProvince },
};
/** POST and PUT /api/evaluasi (the whole round each time); a field that fails is named (400 "Data evaluasi tidak valid: …"). */
export const roundInput = z
  .object({
    nama: plainLine(200).meta({ description: oneLine }),
    mulai: date,
    batas_mandiri: date,
    selesai: date,
    provinsi: roundRegion(),
    kabupaten: roundRegion(),
  })
  .refine((r) => r.mulai <= r.batas_mandiri && r.batas_mandiri <= r.selesai, {
    error: MSG.evaluationDatesOrder,
    path: ['batas_mandiri'],
    ...whenFieldsValid,
  })
  .refine(kabupatenWithinProvinsi, { error: MSG.evaluationRegionNeedsProvince, path: ['provinsi'], ...whenFieldsValid });
refusals.add(roundInput, namingRefusal(MSG.evaluationInvalid, 'body', ROUND_FIELD_TEXTS));
export type RoundInput = z.output<typeof roundInput>;

export const evaluationParams = z.object({ id_evaluasi: z.string().meta({ description: 'Evaluation round code (`EVAL-…`)' }) });
export const assessmentParams = evaluationParams.extend({ kd_desa: z.string().meta({ description: 'Village code (`DESA-…`)' }) });

/**
 * A round as answered: its public fields, its state today, and when its latest reminder went
 * (`pengingat_terakhir`, a time; a round reminded before the time was kept: the start of that day, WIB).
 */
export const roundView = (r: RoundRecord) => ({
  ...rounds.publicView(r),
  status: roundState(r),
  pengingat_terakhir: r.pengingat_at ?? (r.pengingat_terakhir ? new Date(`${r.pengingat_terakhir}T00:00:00+07:00`).toISOString() : null),
});

const roundOf = async (id: string, consistent = false) => found(await store.getRound(id, consistent), MSG.evaluationNotFound);

/** Whether a village lies in a round's region (none: every village). */
export const inScope = (r: RoundRecord, v: Pick<VillageRecord, 'provinsi' | 'kabupaten'>) =>
  (!r.provinsi || regionPart(r.provinsi) === regionPart(v.provinsi)) &&
  (!r.kabupaten || regionPart(r.kabupaten) === regionPart(v.kabupaten));

/** POST /api/evaluasi. */
export const createRound = (input: RoundInput, caller: Caller) =>
  inUnitOfWork(caller, async (uow) => {
    const round = store.newRound(input);
    uow.create(rounds, round);
    return round;
  });

/** GET /api/evaluasi: newest first. */
export const listRounds = async () => (await store.listRounds()).reverse().map(roundView);

/** GET /api/evaluasi/{id}. */
export const getRound = async (id: string) => roundView(await roundOf(id));

/** PUT /api/evaluasi/{id}: until it is over (409); its region only while nothing was submitted or reviewed (409). */
export const updateRound = (id: string, input: RoundInput, caller: Caller) =>
  inUnitOfWork(caller, async (uow, read) => {
    const current = await roundOf(id, read.consistent);
    if (roundState(current) === 'selesai') throw conflict(MSG.evaluationFinished);
    const regionMoves =
      regionPart(current.provinsi ?? '') !== regionPart(input.provinsi ?? '') ||
      regionPart(current.kabupaten ?? '') !== regionPart(input.kabupaten ?? '');
    if (regionMoves && current.n_terkirim) throw conflict(MSG.evaluationRegionLocked);
    const next = store.changed(current, { ...input, provinsi: input.provinsi, kabupaten: input.kabupaten });
    uow.update(rounds, current, next, { guard: () => new RoundChangedError() });
    return next;
  });

/**
 * DELETE /api/evaluasi/{id}: only while nothing was submitted or reviewed (409). The round
 * goes first, on the condition that its count of submissions is still what was read; its
 * drafts and counters are removed after (a draft saved meanwhile finds no round: 404).
 */
export async function deleteRound(id: string, caller: Caller): Promise<void> {
  await inUnitOfWork(caller, async (uow, read) => {
    const current = await roundOf(id, read.consistent);
    if (current.n_terkirim) throw conflict(MSG.evaluationHasSubmissions);
    uow.delete(rounds, current, { unchanged: { updated_at: current.updated_at }, guard: () => new RoundChangedError() });
  });
  await Promise.all([store.removeRoundLeftovers(id), deleteRoundEvidence(id)]);
}

/**
 * What an assessment route reads, all by key and in parallel: the round, the village (in
 * the round's scope: 404s otherwise) and the village's assessment in it (if any).
 */
async function roundAndVillage(id: string, kd: string, consistent: boolean) {
  const [round, village, assessment] = await Promise.all([
    store.getRound(id, consistent),
    getVillage(kd, consistent),
    store.getAssessment(id, kd, true),
  ]);
  found(round, MSG.evaluationNotFound);
  found(village, MSG.villageNotFound);
  if (!inScope(round!, village!)) throw notFound(MSG.evaluationVillageNotInScope);
  return { round: round!, village: village!, assessment };
}

const ownedBy = (village: VillageRecord, caller: Caller) => {
  if (village.email !== normEmail(caller.email)) throw forbidden(MSG.villageOwnerOnly);
};

/** Something per criterion, each optional; a key that is no criterion is refused and named (400 "…: catatan.lain"), not dropped. */
const criteriaOf = <T extends z.ZodType>(t: T) =>
  z.strictObject(Object.fromEntries(SCORE_FIELDS.map((f) => [f, t.optional()])) as Record<ScoreField, z.ZodOptional<T>>);

/** Each criterion's value as `fields` names it when refused ("Nilai Partisipasi masyarakat harus 1–100"). */
const SCORE_FIELD_TEXTS: Record<ScoreField, string> = {
  partisipasi_masyarakat: MSG.fieldScorePartisipasiMasyarakat,
  keragaman_paket_wisata: MSG.fieldScoreKeragamanPaketWisata,
  akses_tempat_wisata: MSG.fieldScoreAksesTempatWisata,
  keramahan_difabel: MSG.fieldScoreKeramahanDifabel,
  fasilitas_tempat_wisata: MSG.fieldScoreFasilitasTempatWisata,
  produk_tempat_wisata: MSG.fieldScoreProdukTempatWisata,
};

/**
 * PUT /api/evaluasi/{id}/desa/{kd}/mandiri: the draft becomes what is sent: any of the six
 * values (1–100) and, per criterion, `bukti` {catatan ≤ 2,000 characters, tautan: up to 10
 * http(s) links}.
 */
export const selfAssessmentInput = z.object({
  ...criteriaOf(z.number().finite().min(1).max(100)).shape,
  bukti: criteriaOf(
    z.object({
      catatan: z.string().max(2000).default(''),
      tautan: evidenceLinks.default([]),
      berkas: z.array(z.string().max(300)).max(EVIDENCE_FILES_PER_CRITERION).optional().meta({
        description: 'Keys of the files already there to keep (absent: keep them all); new files come as bukti_<criterion>[]',
      }),
    }),
  ).default({}),
});
refusals.add(
  selfAssessmentInput,
  namingRefusal(MSG.selfAssessmentInvalid, 'form', {
    fields: {
      ...SCORE_FIELD_TEXTS,
      'bukti.*.catatan': MSG.fieldNote,
      'bukti.*.tautan': MSG.fieldLinks,
      'bukti.*.berkas': MSG.fieldKeptFiles,
    },
    wildcards: SCORE_FIELDS,
  }),
);
export type SelfAssessmentInput = z.output<typeof selfAssessmentInput>;

/**
 * A self-assessment is written only as a draft, or once returned for correction (409 otherwise):
 * submitted, it is locked; reviewed by dinas without having been submitted, it is no draft
 * either, and the answer says so.
 */
function stillDraft(a: AssessmentRecord | undefined) {
  if (!a || a.status === 'draf' || a.status === 'dikembalikan') return;
  throw conflict(a.status === 'dinilai' && !a.diajukan_at ? MSG.selfAssessmentReviewed : MSG.selfAssessmentLocked);
}

/**
 * The period of self-assessment: from `mulai` through `batas_mandiri` (409 outside it); one the
 * office returned for correction may be corrected and submitted again while it reviews (until `selesai`).
 */
function selfAssessmentOpen(round: RoundRecord, a: AssessmentRecord | undefined) {
  const state = roundState(round);
  if (state === 'akan_datang') throw conflict(MSG.selfAssessmentNotStarted);
  if (a?.status === 'dikembalikan' && state === 'peninjauan') return;
  if (state !== 'penilaian_mandiri') throw conflict(MSG.selfAssessmentClosed);
}

/** Whether the caller may change the village's self-assessment now (its owner, its period, its state): 403/409 otherwise. */
function editable(round: RoundRecord, village: VillageRecord, a: AssessmentRecord | undefined, caller: Caller) {
  ownedBy(village, caller);
  selfAssessmentOpen(round, a);
  stillDraft(a);
}

export async function saveSelfAssessment(id: string, kd: string, input: SelfAssessmentInput, files: UploadedFile[], caller: Caller) {
  // with files, everything that refuses the request is checked before one is stored (and that read serves the first attempt)
  const first = files.length ? await roundAndVillage(id, kd, false) : undefined;
  if (first) editable(first.round, first.village, first.assessment, caller);
  const upload = new EvidenceUpload(id, kd);
  let dropped: string[] = [];
  try {
    const added = await upload.store(files);
    const next = await inUnitOfWork(caller, async (uow, read) => {
      const { round, village, assessment: current } = (read.number === 1 && first) || (await roundAndVillage(id, kd, read.consistent));
      editable(round, village, current, caller);
      const { bukti: sent, ...values } = input;
      const had = current?.mandiri?.bukti ?? {};
      const bukti = Object.fromEntries(
        SCORE_FIELDS.filter((f) => sent[f] || added[f] || had[f]?.berkas.length).map((f) => [
          f,
          {
            catatan: sent[f]?.catatan ?? '',
            tautan: sent[f]?.tautan ?? [],
            berkas: keptEvidence(had[f]?.berkas ?? [], sent[f]?.berkas, added[f] ?? []),
          },
        ]),
      );
      const next = writeDraft(uow, id, village, current, { nilai: dropUndefined(values), bukti });
      const kept = new Set(SCORE_FIELDS.flatMap((f) => bukti[f]?.berkas.map((b) => b.key) ?? []));
      dropped = SCORE_FIELDS.flatMap((f) => had[f]?.berkas.map((b) => b.key) ?? []).filter((k) => !kept.has(k));
      return next;
    });
    // files the draft no longer lists go once the change that stopped listing them committed
    await dropEvidence(dropped);
    return assessmentView(next);
  } catch (err) {
    await upload.rollback();
    throw err;
  }
}

/**
 * The most bytes of one evidence file sent alone (POST …/mandiri/bukti): what one request carries
 * on AWS (API Gateway and Lambda take ~6 MB per request, a file in it base64-encoded: ~4.4 MB).
 */
export const EVIDENCE_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** POST …/mandiri/bukti: one file (`berkas`) and the `data` field naming its criterion. */
export const EVIDENCE_UPLOAD_LIMITS: MultipartLimits = {
  fileSize: EVIDENCE_FILE_MAX_BYTES,
  fileTooLarge: MSG.evidenceFileTooLarge,
  files: 1,
  filesPerField: 1,
  fileFields: ['berkas'],
  fields: 2,
  fieldSize: 1024,
};

/** POST …/mandiri/bukti: `data` names the criterion the one file is evidence of. */
export const evidenceUploadInput = z.object({
  kriteria: z.enum(SCORE_FIELDS).meta({ description: 'The criterion the file is evidence of' }),
});
refusals.add(evidenceUploadInput, namingRefusal(MSG.evidenceUploadInvalid, 'form', { fields: { kriteria: MSG.fieldEvidenceCriterion } }));

/**
 * POST …/mandiri/bukti: one file added to the criterion's evidence of the draft (a draft is begun
 * when there is none), at most five per criterion; checked (type, image re-encoded) and stored
 * before the write, removed again if the write fails. The links are signed after the commit.
 */
export async function uploadEvidence(id: string, kd: string, kriteria: ScoreField, files: UploadedFile[], caller: Caller) {
  const [file] = files;
  if (!file || file.data.length === 0) throw invalid(MSG.evidenceFileMissing);
  // everything that refuses the request is checked before the file is stored (that read serves the first attempt)
  const first = await roundAndVillage(id, kd, false);
  editable(first.round, first.village, first.assessment, caller);
  if ((first.assessment?.mandiri?.bukti[kriteria]?.berkas.length ?? 0) >= EVIDENCE_FILES_PER_CRITERION) throw invalid(MSG.evidenceTooMany);
  const upload = new EvidenceUpload(id, kd);
  try {
    const added = (await upload.store([{ field: evidenceField(kriteria), data: file.data }]))[kriteria] ?? [];
    const next = await inUnitOfWork(caller, async (uow, read) => {
      const { round, village, assessment: current } = (read.number === 1 && first) || (await roundAndVillage(id, kd, read.consistent));
      editable(round, village, current, caller);
      const had = current?.mandiri?.bukti[kriteria];
      const evidence = {
        catatan: had?.catatan ?? '',
        tautan: had?.tautan ?? [],
        berkas: keptEvidence(had?.berkas ?? [], undefined, added),
      };
      const mandiri = { nilai: current?.mandiri?.nilai ?? {}, bukti: { ...current?.mandiri?.bukti, [kriteria]: evidence } };
      return writeDraft(uow, id, village, current, mandiri);
    });
    return assessmentView(next);
  } catch (err) {
    await upload.rollback();
    throw err;
  }
}

/** DELETE …/mandiri/bukti?berkas=<key>: the key of the file to remove (as answers list it). */
export const evidenceRemoveQuery = z.object({
  berkas: z.string().min(1).max(300).meta({ description: 'The key of the evidence file to remove (`key` in the answers)' }),
});
refusals.add(evidenceRemoveQuery, { message: MSG.evidenceRemoveInvalid, when: 'berkas is missing or longer than 300 characters' });

/** DELETE …/mandiri/bukti: one file off the draft's evidence (404 when the draft lists no such file); the object goes after the commit. */
export async function removeEvidence(id: string, kd: string, key: string, caller: Caller) {
  const next = await inUnitOfWork(caller, async (uow, read) => {
    const { round, village, assessment: current } = await roundAndVillage(id, kd, read.consistent);
    editable(round, village, current, caller);
    const bukti = current?.mandiri?.bukti ?? {};
    const f = SCORE_FIELDS.find((c) => bukti[c]?.berkas.some((b) => b.key === key));
    if (!current?.mandiri || !f) throw notFound(MSG.evidenceFileUnknown);
    const evidence = { ...bukti[f]!, berkas: bukti[f]!.berkas.filter((b) => b.key !== key) };
    return writeDraft(uow, id, village, current, { ...current.mandiri, bukti: { ...bukti, [f]: evidence } });
  });
  await dropEvidence([key]);
  return assessmentView(next);
}

/**
 * Records the draft (or the returned one) as it becomes with `mandiri`. A draft moves no count of
 * the round itself: the round must still be there (not being deleted).
 */
function writeDraft(
  uow: UnitOfWork,
  id: string,
  village: VillageRecord,
  current: AssessmentRecord | undefined,
  mandiri: NonNullable<AssessmentRecord['mandiri']>,
): AssessmentRecord {
  const next = current ? store.changed(current, { mandiri }) : { ...store.newAssessment(id, village), mandiri };
  if (current) uow.update(assessments, current, next, { guard: () => new RoundChangedError() });
  else uow.create(assessments, next, { guard: () => new RoundChangedError() });
  uow.requireExists(rounds.key(id), () => new RoundChangedError());
  return next;
}

/** POST …/mandiri/ajukan: the draft (or the one returned for correction), complete (all six values), is submitted; no edits afterwards. */
export async function submitSelfAssessment(id: string, kd: string, caller: Caller) {
  // the evidence links are signed once, after the commit: a retry of the write signs nothing
  const next = await inUnitOfWork(caller, async (uow, read) => {
    const { round, village, assessment } = await roundAndVillage(id, kd, read.consistent);
    ownedBy(village, caller);
    selfAssessmentOpen(round, assessment);
    const current = found(assessment, MSG.selfAssessmentMissing);
    stillDraft(current);
    if (SCORE_FIELDS.some((f) => current.mandiri?.nilai[f] === undefined)) throw conflict(MSG.selfAssessmentIncomplete);
    const next = store.changed(current, { status: 'diajukan' });
    next.diajukan_at = next.updated_at;
    uow.update(assessments, current, next, { guard: () => new RoundChangedError(), action: 'assessment.submitted' });
    return next;
  });
  return assessmentView(next);
}

/** PUT …/penilaian: the six values and a note per criterion; `terbitkan: false` keeps it as the office's draft. */
export const reviewInput = scoreValuesSchema.extend({
  catatan: criteriaOf(z.string().trim().max(2000)).default({}),
  terbitkan: z.boolean().default(true).meta({
    description:
      'false: store it as the office’s draft (no score, no mail, not counted as reviewed; only dinas and admin see it); true (default): publish it',
  }),
});
refusals.add(
  reviewInput,
  namingRefusal(MSG.reviewInvalid, 'body', {
    fields: { ...SCORE_FIELD_TEXTS, 'catatan.*': MSG.fieldNote, terbitkan: MSG.fieldPublish },
    wildcards: SCORE_FIELDS,
  }),
);
/** As parsed; callers inside the service (the seed) may leave `terbitkan` out: published. */
export type ReviewInput = Omit<z.output<typeof reviewInput>, 'terbitkan'> & { terbitkan?: boolean };

/** A review is written from `mulai` until `selesai` (409 outside). */
function reviewOpen(round: RoundRecord) {
  const state = roundState(round);
  if (state === 'akan_datang') throw conflict(MSG.reviewNotStarted);
  if (state === 'selesai') throw conflict(MSG.evaluationFinished);
}

/** A review's stored form: the values, the notes given, the average and category they make. */
function reviewOf(input: ReviewInput) {
  const { catatan, terbitkan: _publish, ...values } = input;
  const computed = computeScore(values);
  return {
    values,
    computed,
    penilaian: { nilai: values, catatan: dropUndefined(catatan), rata_rata: computed.rata_rata, kategori_desa: computed.kategori_desa },
  };
}

/**
 * PUT /api/evaluasi/{id}/desa/{kd}/penilaian (dinas): from `mulai` until `selesai`, with or
 * without a self-assessment; again to correct it. The review becomes the village's current
 * score in the same transaction, with the same effects as PUT /api/skor (category, region
 * counters, list version) and `id_evaluasi` on the score, so its history entry (and the
 * public score trajectory) names the round; the office's draft of it, if any, goes. With
 * `terbitkan: false` it is only stored as that draft (`saveReviewDraft`).
 */
export async function reviewVillage(id: string, kd: string, input: ReviewInput, caller: Caller) {
  if (input.terbitkan === false) return saveReviewDraft(id, kd, input, caller);
  // the evidence links are signed once, after the commit: a retry of the write signs nothing
  const { next, gerak } = await inUnitOfWork(caller, async (uow, read) => {
    const [{ round, village, assessment: current }, was, draft] = await Promise.all([
      roundAndVillage(id, kd, read.consistent),
      getScore(kd, true),
      getReviewDraft(id, kd, true),
    ]);
    reviewOpen(round);
    const { values, computed, penilaian } = reviewOf(input);
    const base = current ?? store.newAssessment(id, village);
    const next = store.changed(base, {
      status: 'dinilai',
      penilaian,
      kategori_sebelum: base.kategori_sebelum ?? ((village.kategori as AssessmentRecord['kategori_sebelum']) || 'belum'),
    });
    // the same review again changes nothing (not even when it was given)
    const same = current?.penilaian && JSON.stringify(current.penilaian) === JSON.stringify(penilaian);
    next.dinilai_at = same ? current.dinilai_at : next.updated_at;
    const action = 'assessment.reviewed';
    if (current) uow.update(assessments, current, next, { guard: () => new RoundChangedError(), action });
    else uow.create(assessments, next, { guard: () => new RoundChangedError(), action });
    const score = { kd_desa: kd, ...values, ...computed, id_evaluasi: id };
    if (was) uow.update(scores, was, withValues(was, score), { village, guard: () => new ScoreChangedError() });
    else uow.create(scores, newScore(score), { village, guard: () => new ScoreChangedError() });
    // published: the draft it was made from is no longer the office's work in progress
    if (draft) uow.delete(reviewDrafts, draft, { guard: () => new RoundChangedError() });
    return { next, gerak: store.moveOf(next.kategori_sebelum, computed.kategori_desa) };
  });
  return { ...(await assessmentView(next)), gerak };
}

/**
 * PUT …/penilaian with `terbitkan: false`: the review kept as the office's draft, beside the
 * assessment (whatever its state): no score, no mail, no count; a later PUT that publishes it
 * (or another review) replaces it. The answer is the office's view of the village.
 */
async function saveReviewDraft(id: string, kd: string, input: ReviewInput, caller: Caller) {
  const { assessment, draft } = await inUnitOfWork(caller, async (uow, read) => {
    const [{ round, village, assessment }, current] = await Promise.all([
      roundAndVillage(id, kd, read.consistent),
      getReviewDraft(id, kd, true),
    ]);
    reviewOpen(round);
    const { penilaian } = reviewOf(input);
    const draft = current ? store.changed(current, penilaian) : store.newReviewDraft(id, village.kd_desa, penilaian);
    if (current) uow.update(reviewDrafts, current, draft, { guard: () => new RoundChangedError() });
    else uow.create(reviewDrafts, draft, { guard: () => new RoundChangedError() });
    // it lives in the round's partition: the round must still be there (not being deleted)
    uow.requireExists(rounds.key(id), () => new RoundChangedError());
    return { assessment, draft };
  });
  return officeView(id, kd, assessment, draft);
}

/** The view dinas and admin get of a village: its assessment (or `belum`) and the office's draft review, if any. */
async function officeView(id: string, kd: string, a: AssessmentRecord | undefined, draft: ReviewDraftRecord | undefined) {
  const view = a ? await assessmentView(a) : { id_evaluasi: id, kd_desa: kd, status: 'belum' as const };
  return draft ? { ...view, penilaian_draf: reviewDrafts.publicView(draft) } : view;
}

/** POST …/kembalikan: the office's note to the manager (required). */
export const returnInput = z.object({
  catatan: z.string().trim().min(1).max(2000).meta({ description: 'What to correct, for the village’s manager (1–2,000 characters)' }),
});
refusals.add(returnInput, namingRefusal(MSG.returnInvalid, 'body', { fields: { catatan: MSG.fieldReturnNote } }));
export type ReturnInput = z.output<typeof returnInput>;

/**
 * POST /api/evaluasi/{id}/desa/{kd}/kembalikan (dinas): a submitted self-assessment goes back to
 * its manager for correction (`dikembalikan`, the note kept on it and in the history), from
 * `mulai` until `selesai`; only one submitted and not reviewed (409 otherwise). Its submission
 * no longer counts as submitted until it is submitted again; the manager is mailed (outbox).
 */
export async function returnSelfAssessment(id: string, kd: string, input: ReturnInput, caller: Caller) {
  const next = await inUnitOfWork(caller, async (uow, read) => {
    const { round, assessment: current } = await roundAndVillage(id, kd, read.consistent);
    reviewOpen(round);
    if (current?.status === 'dinilai') throw conflict(MSG.returnReviewed);
    if (current?.status !== 'diajukan') throw conflict(MSG.returnNotSubmitted);
    const next = store.changed(current, { status: 'dikembalikan', catatan_pengembalian: input.catatan });
    next.dikembalikan_at = next.updated_at;
    delete next.diajukan_at;
    uow.update(assessments, current, next, { guard: () => new RoundChangedError(), action: 'assessment.returned' });
    return next;
  });
  return assessmentView(next);
}

/** GET /api/evaluasi/{id}/desa/{kd}: the owner, dinas, admin (they also see the office's draft review); `belum` when nothing was written yet. */
export async function getVillageAssessment(id: string, kd: string, caller: Caller) {
  const office = caller.role !== 'pengelola';
  const [{ village, assessment: a }, draft] = await Promise.all([
    roundAndVillage(id, kd, false),
    office ? getReviewDraft(id, kd) : undefined,
  ]);
  if (!office) {
    ownedBy(village, caller);
    return a ? await assessmentView(a) : { id_evaluasi: id, kd_desa: kd, status: 'belum' as const };
  }
  return officeView(id, kd, a, draft);
}

/** An assessment as answers show it: each evidence file with a link that expires (the answer goes to its owner, dinas or admin only). */
export async function assessmentView(a: AssessmentRecord) {
  const view = assessments.publicView(a);
  if (!view.mandiri) return view;
  const bukti = Object.fromEntries(
    await Promise.all(
      Object.entries(view.mandiri.bukti).map(
        async ([f, b]) => [f, { ...b!, berkas: await Promise.all(b!.berkas.map(evidenceView)) }] as const,
      ),
    ),
  );
  return { ...view, mandiri: { ...view.mandiri, bukti } };
}

const stateFilter = z.enum(ASSESSMENT_STATES, { error: MSG.evaluationStateInvalid }).optional();
/** GET /api/evaluasi/{id}/desa: one page (default 100) of the villages in scope with their state. */
export const roundVillagesQuery = listPagingQuery
  .extend({
    status: stateFilter.meta({ description: 'Only villages in this state: belum, draf, diajukan, dikembalikan, dinilai' }),
    provinsi: regionName({ error: MSG.listFilterInvalid }).optional().meta({ description: 'Only villages of this province' }),
    kabupaten: regionName({ error: MSG.listFilterInvalid })
      .optional()
      .meta({ description: 'Only villages of this kabupaten (with provinsi)' }),
  })
  .refine(kabupatenWithinProvinsi, { error: MSG.listFilterInvalid });

/** The villages in a round's scope (or a region within it), or a manager's own there. */
async function villagesInScope(round: RoundRecord, region: { provinsi?: string; kabupaten?: string }, caller: Caller) {
  const villages =
    caller.role === 'pengelola'
      ? await villagesByEmail(caller.email)
      : region.provinsi
        ? await filteredVillages({ provinsi: region.provinsi, kabupaten: region.kabupaten })
        : await listVillages();
  return villages.filter((v) => inScope(round, v) && inScope({ ...round, ...region }, v));
}

/**
 * The villages of a round with their state: dinas and admin every village in scope (the
 * region's villages by the filtered lists' index), a pengelola their own in scope.
 */
export async function listRoundVillages(id: string, q: z.output<typeof roundVillagesQuery>, caller: Caller) {
  const round = await roundOf(id);
  const region = { provinsi: q.provinsi ?? round.provinsi, kabupaten: q.kabupaten ?? round.kabupaten };
  const [villages, written] = await Promise.all([villagesInScope(round, region, caller), store.roundAssessments(id)]);
  const byVillage = new Map(written.map((a) => [a.kd_desa, a]));
  const rows = villages
    .map((v) => {
      const a = byVillage.get(v.kd_desa);
      const state: AssessmentState = a?.status ?? 'belum';
      return {
        kd_desa: v.kd_desa,
        nama_desa: v.nama_desa,
        provinsi: v.provinsi,
        kabupaten: v.kabupaten,
        status: state,
        ...(a?.diajukan_at ? { diajukan_at: a.diajukan_at } : {}),
        ...(a?.status === 'dikembalikan' ? { dikembalikan_at: a.dikembalikan_at } : {}),
        ...(a?.penilaian ? { dinilai_at: a.dinilai_at, kategori_desa: a.penilaian.kategori_desa } : {}),
      };
    })
    .filter((r) => !q.status || r.status === q.status)
    .sort(
      (a, b) => a.provinsi.localeCompare(b.provinsi) || a.kabupaten.localeCompare(b.kabupaten) || a.nama_desa.localeCompare(b.nama_desa),
    );
  return listPage(rows, { page: q.page ?? 1, limit: q.limit ?? 100 });
}

/** GET …/rekap: a region within the round's. */
export const summaryQuery = z
  .object({
    provinsi: regionName({ error: MSG.listFilterInvalid }).optional().meta({ description: 'Only this province' }),
    kabupaten: regionName({ error: MSG.listFilterInvalid }).optional().meta({ description: 'Only this kabupaten (with provinsi)' }),
  })
  .refine(kabupatenWithinProvinsi, { error: MSG.listFilterInvalid });

const mean = (sum: number, n: number) => (n ? Math.round((sum / n) * 100) / 100 : null);

/**
 * The comparison over the same villages (those submitted and reviewed): their number and both
 * means per criterion; null for a round whose counters predate it and were not recounted yet.
 */
function comparisonOf(c: Record<string, number>, kept: boolean) {
  if (!kept) return { n_banding: null, rata_rata_banding: null };
  const n = c.n_banding ?? 0;
  const means = (side: 'mandiri' | 'nilai') =>
    Object.fromEntries(SCORE_FIELDS.map((f) => [f, mean(c[`banding_${side}_${f}`] ?? 0, n)])) as Record<ScoreField, number | null>;
  return { n_banding: n, rata_rata_banding: { mandiri: means('mandiri'), dinas: means('nilai') } };
}

/**
 * GET /api/evaluasi/{id}/rekap: from the round's counters per region and the statistics'
 * village counts (two Queries whose size is the number of regions): villages in scope,
 * submitted, reviewed, category moves, mean self-score and review per criterion, both means
 * again over the same villages (submitted and reviewed), and the weakest criterion (lowest
 * mean review) of each region.
 */
export async function roundSummary(id: string, q: { provinsi?: string; kabupaten?: string }) {
  const round = await roundOf(id);
  const provinsi = q.provinsi ?? round.provinsi;
  const kabupaten = q.kabupaten ?? round.kabupaten;
  const matches = (r: { provinsi?: unknown; kabupaten?: unknown }) =>
    (!provinsi || regionPart(String(r.provinsi ?? '')) === regionPart(provinsi)) &&
    (!kabupaten || regionPart(String(r.kabupaten ?? '')) === regionPart(kabupaten)) &&
    inScope(round, { provinsi: String(r.provinsi ?? ''), kabupaten: String(r.kabupaten ?? '') });
  const [counters, regions] = await Promise.all([
    store.roundCounters(id, provinsi ? `${regionPart(provinsi)}#` : ''),
    readRegionCounters(provinsi),
  ]);
  const byRegion = new Map<string, { provinsi: string; kabupaten: string; desa: number; c: Record<string, number> }>();
  const keyOf = (r: { provinsi?: unknown; kabupaten?: unknown }) => `${regionPart(String(r.provinsi))}#${regionPart(String(r.kabupaten))}`;
  for (const r of regions.filter(matches))
    byRegion.set(keyOf(r), { provinsi: String(r.provinsi), kabupaten: String(r.kabupaten), desa: Number(r.desa ?? 0), c: {} });
  for (const c of counters.filter(matches)) {
    const k = keyOf(c);
    const entry = byRegion.get(k) ?? { provinsi: String(c.provinsi), kabupaten: String(c.kabupaten), desa: 0, c: {} };
    entry.c = Object.fromEntries(Object.entries(c).filter(([, v]) => typeof v === 'number')) as Record<string, number>;
    byRegion.set(k, entry);
  }
  const figures = (desa: number, c: Record<string, number>) => {
    const n = (k: string) => c[k] ?? 0;
    const perCriterion = Object.fromEntries(
      SCORE_FIELDS.map((f) => [f, { mandiri: mean(n(`mandiri_${f}`), n('n_mandiri')), penilaian: mean(n(`nilai_${f}`), n('n_nilai')) }]),
    );
    const reviewed = SCORE_FIELDS.filter((f) => perCriterion[f]!.penilaian !== null);
    const weakest = reviewed.length ? reviewed.reduce((a, b) => (perCriterion[b]!.penilaian! < perCriterion[a]!.penilaian! ? b : a)) : null;
    const written = n('n_draf') + n('n_diajukan') + n('n_dikembalikan') + n('n_dinilai');
    return {
      desa,
      belum: Math.max(0, desa - written),
      draf: n('n_draf'),
      diajukan: n('n_diajukan'),
      dikembalikan: n('n_dikembalikan'),
      dinilai: n('n_dinilai'),
      mandiri_diajukan: n('n_mandiri'),
      gerak: { naik: n('gerak_naik'), tetap: n('gerak_tetap'), turun: n('gerak_turun'), baru: n('gerak_baru') },
      kriteria: perCriterion,
      ...comparisonOf(c, round.rekap_banding === true),
      kriteria_terlemah: weakest,
    };
  };
  const perRegion = [...byRegion.values()]
    .sort((a, b) => a.provinsi.localeCompare(b.provinsi) || a.kabupaten.localeCompare(b.kabupaten))
    .map((r) => ({ provinsi: r.provinsi, kabupaten: r.kabupaten, ...figures(r.desa, r.c) }));
  const total: Record<string, number> = {};
  for (const r of byRegion.values()) for (const [k, v] of Object.entries(r.c)) total[k] = (total[k] ?? 0) + v;
  return {
    evaluasi: roundView(round),
    ...figures(
      [...byRegion.values()].reduce((s, r) => s + r.desa, 0),
      total,
    ),
    wilayah: perRegion,
  };
}

/**
 * GET /api/wilayah: the regions that have villages, for the pages' drop-downs (a round's
 * region, a filter) and the villages each holds ("N desa dalam cakupan"): from the statistics'
 * region counters, one Query whose size is the number of kabupaten, never of villages. Names
 * as the villages first wrote them; a province is its kabupaten's, compared case-insensitively
 * as rounds compare them.
 */
export async function regionsWithVillages() {
  const byProvince = new Map<string, { provinsi: string; n_desa: number; kabupaten: { kabupaten: string; n_desa: number }[] }>();
  for (const r of await readRegionCounters()) {
    const n = Number(r.desa ?? 0);
    if (n <= 0) continue;
    const key = regionPart(String(r.provinsi));
    const p = byProvince.get(key) ?? { provinsi: String(r.provinsi), n_desa: 0, kabupaten: [] };
    p.n_desa += n;
    p.kabupaten.push({ kabupaten: String(r.kabupaten), n_desa: n });
    byProvince.set(key, p);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'id', { sensitivity: 'base' });
  const provinsi = [...byProvince.values()].sort((a, b) => byName(a.provinsi, b.provinsi));
  for (const p of provinsi) p.kabupaten.sort((a, b) => byName(a.kabupaten, b.kabupaten));
  return { provinsi };
}

/** GET /api/evaluasi/{id}/export?format=xlsx|csv&tautan=. */
export const roundExportQuery = z
  .object({ format: z.enum(['xlsx', 'csv']).default('xlsx'), ...exportLinkOption })
  .meta({ description: 'format: xlsx (default) or csv; tautan=1: the link as JSON' });
refusals.add(roundExportQuery, { message: MSG.roundExportQueryInvalid, when: 'format not xlsx or csv, or tautan not 0 or 1' });

const label = (f: string) => f.replace(/_/g, ' ');
/** The round's sheet: one row per village in scope, the self-assessment beside the review. */
const ROUND_COLUMNS: readonly Column[] = [
  ...VILLAGE_COLUMNS,
  column('status', 'Status penilaian', 12),
  ...SCORE_FIELDS.map((f) => column(`mandiri_${f}`, `Mandiri: ${label(f)}`, 12, 'number')),
  column('diajukan_at', 'Diajukan', 18, 'date'),
  ...SCORE_FIELDS.map((f) => column(`nilai_${f}`, `Penilaian: ${label(f)}`, 12, 'number')),
  column('rata_rata', 'Rata-rata', 10, 'number'),
  column('kategori_sebelum', 'Kategori sebelum', 14),
  column('kategori_desa', 'Kategori', 12),
  column('gerak', 'Perubahan', 10),
  column('catatan', 'Catatan penilaian', 40),
  column('dinilai_at', 'Dinilai', 18, 'date'),
];

/** The round's export file: every village in scope (all of them, in the list's order). */
export async function roundExport(id: string, format: 'xlsx' | 'csv', caller: Caller): Promise<ExportFile> {
  const round = await roundOf(id);
  const [villages, written] = await Promise.all([villagesInScope(round, {}, caller), store.roundAssessments(id)]);
  const byVillage = new Map(written.map((a) => [a.kd_desa, a]));
  const at = (iso?: string) => (iso ? new Date(iso) : null);
  const rows = villages
    .sort(
      (a, b) => a.provinsi.localeCompare(b.provinsi) || a.kabupaten.localeCompare(b.kabupaten) || a.nama_desa.localeCompare(b.nama_desa),
    )
    .map((v): Record<string, Cell> => {
      const a = byVillage.get(v.kd_desa);
      const p = a?.penilaian;
      return {
        kd_desa: v.kd_desa,
        nama_desa: v.nama_desa,
        provinsi: v.provinsi,
        kabupaten: v.kabupaten,
        status: a?.status ?? 'belum',
        ...Object.fromEntries(SCORE_FIELDS.map((f) => [`mandiri_${f}`, a?.diajukan_at ? (a.mandiri?.nilai[f] ?? null) : null])),
        diajukan_at: at(a?.diajukan_at),
        ...Object.fromEntries(SCORE_FIELDS.map((f) => [`nilai_${f}`, p?.nilai[f] ?? null])),
        rata_rata: p?.rata_rata ?? null,
        kategori_sebelum: p ? (a?.kategori_sebelum ?? null) : null,
        kategori_desa: p?.kategori_desa ?? null,
        gerak: p ? store.moveOf(a?.kategori_sebelum, p.kategori_desa) : null,
        catatan: p
          ? SCORE_FIELDS.filter((f) => p.catatan[f])
              .map((f) => `${label(f)}: ${p.catatan[f]}`)
              .join('; ')
          : null,
        dinilai_at: at(a?.dinilai_at),
      };
    });
  return spreadsheet(`evaluasi-${id}`, format, rows, ROUND_COLUMNS, 'Evaluasi');
}

/** An object without its undefined values (a partial record as stored). */
function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
