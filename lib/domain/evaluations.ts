import * as z from 'zod';
import type { Caller } from '../contract/caller';
import type { UploadedFile } from '../contract/files';
import { conflict, forbidden, found, notFound } from '../contract/errors';
import { isPlainLine, kabupatenWithinProvinsi, listPagingQuery, listPage, plainLine, regionName } from '../contract/inputs';
import { MSG } from '../contract/messages';
import { whenFieldsValid, refusals, namingRefusal } from '../contract/validation';
import { nowMs } from '../platform/clock';
import * as store from '../db/evaluations';
import {
  ASSESSMENT_STATES,
  assessments,
  EVIDENCE_FILES_PER_CRITERION,
  evidenceLinks,
  RoundChangedError,
  rounds,
  type AssessmentRecord,
  type AssessmentState,
  type RoundRecord,
} from '../db/evaluations';
import { normEmail, regionPart } from '../db/keys';
import { readRegionCounters } from '../db/stats';
import { getScore, newScore, ScoreChangedError, scores, SCORE_FIELDS, withValues, type ScoreField } from '../db/scores';
import { inUnitOfWork } from '../db/unit-of-work';
import { filteredVillages, getVillage, listVillages, villagesByEmail, type VillageRecord } from '../db/villages';
import { column, spreadsheet, type Cell, type Column, type ExportFile } from './export';
import { deleteRoundEvidence, dropEvidence, EvidenceUpload, evidenceView, keptEvidence } from './evidence';
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
  .refine((r) => r.mulai <= r.batas_mandiri && r.batas_mandiri <= r.selesai, { error: MSG.evaluationDatesOrder, ...whenFieldsValid })
  .refine(kabupatenWithinProvinsi, { error: MSG.evaluationRegionNeedsProvince, ...whenFieldsValid });
refusals.add(roundInput, namingRefusal(MSG.evaluationInvalid));
export type RoundInput = z.output<typeof roundInput>;

export const evaluationParams = z.object({ id_evaluasi: z.string().meta({ description: 'Evaluation round code (`EVAL-…`)' }) });
export const assessmentParams = evaluationParams.extend({ kd_desa: z.string().meta({ description: 'Village code (`DESA-…`)' }) });

/** A round as answered: its public fields and its state today. */
export const roundView = (r: RoundRecord) => ({ ...rounds.publicView(r), status: roundState(r) });

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
refusals.add(selfAssessmentInput, namingRefusal(MSG.selfAssessmentInvalid, 'form'));
export type SelfAssessmentInput = z.output<typeof selfAssessmentInput>;

/**
 * A self-assessment is written only as a draft (409 otherwise): submitted, it is locked; reviewed
 * by dinas without having been submitted, it is no draft either, and the answer says so.
 */
function stillDraft(a: AssessmentRecord | undefined) {
  if (!a || a.status === 'draf') return;
  throw conflict(a.status === 'dinilai' && !a.diajukan_at ? MSG.selfAssessmentReviewed : MSG.selfAssessmentLocked);
}

/** The period of self-assessment: from `mulai` through `batas_mandiri` (409 outside it). */
function selfAssessmentOpen(round: RoundRecord) {
  const state = roundState(round);
  if (state === 'akan_datang') throw conflict(MSG.selfAssessmentNotStarted);
  if (state !== 'penilaian_mandiri') throw conflict(MSG.selfAssessmentClosed);
}

export async function saveSelfAssessment(id: string, kd: string, input: SelfAssessmentInput, files: UploadedFile[], caller: Caller) {
  // with files, everything that refuses the request is checked before one is stored (and that read serves the first attempt)
  const first = files.length ? await roundAndVillage(id, kd, false) : undefined;
  if (first) {
    ownedBy(first.village, caller);
    selfAssessmentOpen(first.round);
    stillDraft(first.assessment);
  }
  const upload = new EvidenceUpload(id, kd);
  let dropped: string[] = [];
  try {
    const added = await upload.store(files);
    const next = await inUnitOfWork(caller, async (uow, read) => {
      const { round, village, assessment: current } = (read.number === 1 && first) || (await roundAndVillage(id, kd, read.consistent));
      ownedBy(village, caller);
      selfAssessmentOpen(round);
      stillDraft(current);
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
      const mandiri = { nilai: dropUndefined(values), bukti };
      const next = current ? store.changed(current, { mandiri }) : { ...store.newAssessment(id, village), mandiri };
      if (current) uow.update(assessments, current, next, { guard: () => new RoundChangedError() });
      else uow.create(assessments, next, { guard: () => new RoundChangedError() });
      // a draft moves no count of the round itself: the round must still be there (not being deleted)
      uow.requireExists(rounds.key(id), () => new RoundChangedError());
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

/** POST …/mandiri/ajukan: the draft, complete (all six values), is submitted; no edits afterwards. */
export async function submitSelfAssessment(id: string, kd: string, caller: Caller) {
  // the evidence links are signed once, after the commit: a retry of the write signs nothing
  const next = await inUnitOfWork(caller, async (uow, read) => {
    const { round, village, assessment } = await roundAndVillage(id, kd, read.consistent);
    ownedBy(village, caller);
    selfAssessmentOpen(round);
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

/** PUT …/penilaian: the six values and a note per criterion. */
export const reviewInput = scoreValuesSchema.extend({ catatan: criteriaOf(z.string().trim().max(2000)).default({}) });
refusals.add(reviewInput, namingRefusal(MSG.reviewInvalid));
export type ReviewInput = z.output<typeof reviewInput>;

/**
 * PUT /api/evaluasi/{id}/desa/{kd}/penilaian (dinas): from `mulai` until `selesai`, with or
 * without a self-assessment; again to correct it. The review becomes the village's current
 * score in the same transaction, with the same effects as PUT /api/skor (category, region
 * counters, list version) and `id_evaluasi` on the score, so its history entry (and the
 * public score trajectory) names the round.
 */
export async function reviewVillage(id: string, kd: string, input: ReviewInput, caller: Caller) {
  // the evidence links are signed once, after the commit: a retry of the write signs nothing
  const { next, gerak } = await inUnitOfWork(caller, async (uow, read) => {
    const [{ round, village, assessment: current }, was] = await Promise.all([
      roundAndVillage(id, kd, read.consistent),
      getScore(kd, true),
    ]);
    const state = roundState(round);
    if (state === 'akan_datang') throw conflict(MSG.reviewNotStarted);
    if (state === 'selesai') throw conflict(MSG.evaluationFinished);
    const { catatan, ...values } = input;
    const computed = computeScore(values);
    const penilaian = {
      nilai: values,
      catatan: dropUndefined(catatan),
      rata_rata: computed.rata_rata,
      kategori_desa: computed.kategori_desa,
    };
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
    return { next, gerak: store.moveOf(next.kategori_sebelum, computed.kategori_desa) };
  });
  return { ...(await assessmentView(next)), gerak };
}

/** GET /api/evaluasi/{id}/desa/{kd}: the owner, dinas, admin; `belum` when nothing was written yet. */
export async function getVillageAssessment(id: string, kd: string, caller: Caller) {
  const { village, assessment: a } = await roundAndVillage(id, kd, false);
  if (caller.role === 'pengelola') ownedBy(village, caller);
  return a ? await assessmentView(a) : { id_evaluasi: id, kd_desa: kd, status: 'belum' as const };
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
    status: stateFilter.meta({ description: 'Only villages in this state: belum, draf, diajukan, dinilai' }),
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
 * GET /api/evaluasi/{id}/rekap: from the round's counters per region and the statistics'
 * village counts (two Queries whose size is the number of regions): villages in scope,
 * submitted, reviewed, category moves, mean self-score and review per criterion, and the
 * weakest criterion (lowest mean review) of each region.
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
    const written = n('n_draf') + n('n_diajukan') + n('n_dinilai');
    return {
      desa,
      belum: Math.max(0, desa - written),
      draf: n('n_draf'),
      diajukan: n('n_diajukan'),
      dinilai: n('n_dinilai'),
      mandiri_diajukan: n('n_mandiri'),
      gerak: { naik: n('gerak_naik'), tetap: n('gerak_tetap'), turun: n('gerak_turun'), baru: n('gerak_baru') },
      kriteria: perCriterion,
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

/** GET /api/evaluasi/{id}/export?format=xlsx|csv. */
export const roundExportQuery = z
  .object({ format: z.enum(['xlsx', 'csv']).default('xlsx') })
  .meta({ description: 'format: xlsx (default) or csv' });
refusals.add(roundExportQuery, { message: MSG.exportQueryInvalid, when: 'format not xlsx or csv' });

const label = (f: string) => f.replace(/_/g, ' ');
/** The round's sheet: one row per village in scope, the self-assessment beside the review. */
const ROUND_COLUMNS: readonly Column[] = [
  column('kd_desa', 'Kode desa', 16),
  column('nama_desa', 'Nama desa', 24),
  column('provinsi', 'Provinsi', 22),
  column('kabupaten', 'Kabupaten', 20),
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
