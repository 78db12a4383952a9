import * as z from 'zod';
import { newCode } from '../contract/codes';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { defineEntity, timestamp } from './entity';
import { beginsWith, keyQuery } from './expression';
import { batchDeleteItems, queryAll } from './helpers';
import { keys, LIST } from './keys';
import type { Notice } from './outbox';
import { KATEGORI, SCORE_FIELDS, type ScoreField } from './scores';
import { RaceLostError, type CounterShare } from './unit-of-work';

/**
 * Evaluation rounds: an office opens a round for a region and a period; each village in
 * scope has at most one assessment in the round's partition (self-assessment, submission,
 * review); the round's figures are counters per region kept by the same transactions.
 *
 * | item                        | PK          | SK                              |
 * |-----------------------------|-------------|---------------------------------|
 * | round                       | EVAL#<id>   | EVAL (GSI1 EVAL / <created_at>#<id>) |
 * | a village's assessment      | EVAL#<id>   | DESA#<kd_desa>                  |
 * | the round's region counters | EVAL#<id>   | REKAP#<provinsi>#<kabupaten>    |
 * | the office's draft review   | EVAL#<id>   | NILAIDRAF#<kd_desa>             |
 */

const isoDate = z.iso.date().meta({ description: 'Calendar date (YYYY-MM-DD), Western Indonesian Time' });

export const rounds = defineEntity({
  type: 'EVAL',
  schema: z.object({
    id_evaluasi: z.string().meta({ examples: ['EVAL-a1B2c3D4e5'] }),
    nama: z.string(),
    mulai: isoDate,
    batas_mandiri: isoDate,
    selesai: isoDate,
    provinsi: z.string().optional(),
    kabupaten: z.string().optional(),
    /** Assessments submitted or reviewed: a round with any cannot be deleted. */
    n_terkirim: z.number().int().optional(),
    /** The day of the round's latest reminder (POST …/pengingat or the automatic one): at most one a day. */
    pengingat_terakhir: isoDate.optional(),
    /** The time of that reminder (rounds reminded before it was kept have only the day). */
    pengingat_at: timestamp.optional(),
    /**
     * Its counters hold the comparison over the same villages (`n_banding`, `banding_*`): a round opened
     * since they exist, or one recounted (`rebuildRoundComparison`); the rekap gives none otherwise.
     */
    rekap_banding: z.literal(true).optional(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  key: keys.evaluation,
  id: (r) => r.id_evaluasi,
  indexes: (r) => keys.evaluationList(r.created_at, r.id_evaluasi),
  list: LIST.evaluations,
  changes: {
    history: { subject: 'evaluation', record: (r) => r.id_evaluasi, scope: (r) => keys.evaluationPartition(r.id_evaluasi) },
    stamps: ['updated_at'],
    // opened: its villages' managers are told; a reminder's day set: those who have not submitted
    notify: (before, after): Notice[] =>
      !after
        ? []
        : !before
          ? [{ kind: 'round_opened', id_evaluasi: after.id_evaluasi }]
          : after.pengingat_terakhir && after.pengingat_terakhir !== before.pengingat_terakhir
            ? [{ kind: 'reminder', id_evaluasi: after.id_evaluasi, tanggal: after.pengingat_terakhir }]
            : [],
  },
  public: ['id_evaluasi', 'nama', 'mulai', 'batas_mandiri', 'selesai', 'provinsi', 'kabupaten', 'created_at', 'updated_at'],
  publicMeta: { id: 'EvaluationRound', description: 'An evaluation round: a region (none: every village) and its period.' },
});
export type RoundRecord = z.infer<typeof rounds.schema>;

const scoreValue = z.number().finite().min(1).max(100);
const criteria = <T extends z.ZodType>(t: T) => z.object(Object.fromEntries(SCORE_FIELDS.map((f) => [f, t])) as Record<ScoreField, T>);
const partialCriteria = <T extends z.ZodType>(t: T) =>
  z.object(Object.fromEntries(SCORE_FIELDS.map((f) => [f, t.optional()])) as Record<ScoreField, z.ZodOptional<T>>);

/** An evidence file as stored (private: lib/storage/evidence.ts); answers carry a link instead of the key. */
export const evidenceFile = z.object({
  key: z.string(),
  tipe: z.enum(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  ukuran: z.number().int().meta({ description: 'Bytes' }),
});
export type EvidenceFile = z.infer<typeof evidenceFile>;
/** At most this many files per criterion. */
export const EVIDENCE_FILES_PER_CRITERION = 5;
/** The links of a text: http(s) only, at most 10 per criterion. */
export const evidenceLinks = z.array(z.url({ protocol: /^https?$/ }).max(2000)).max(10);

/** Evidence of one criterion: a note, links and files. */
export const evidence = z.object({
  catatan: z.string().max(2000).default(''),
  tautan: evidenceLinks.default([]),
  berkas: z.array(evidenceFile).max(EVIDENCE_FILES_PER_CRITERION).default([]),
});

/**
 * The assessment's states, in order; `belum` is a village without an assessment item;
 * `dikembalikan`: submitted, then returned by the office for correction (its manager edits and submits it again).
 */
export const ASSESSMENT_STATES = ['belum', 'draf', 'diajukan', 'dikembalikan', 'dinilai'] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];
/** How a review moved the village's category against its category before the round. */
export const MOVES = ['naik', 'tetap', 'turun', 'baru'] as const;

const assessmentSchema = z.object({
  id_evaluasi: z.string(),
  kd_desa: z.string(),
  /** The village's region when its assessment began (the round's counters of that region count it). */
  provinsi: z.string(),
  kabupaten: z.string(),
  status: z.enum(['draf', 'diajukan', 'dikembalikan', 'dinilai']),
  mandiri: z.object({ nilai: partialCriteria(scoreValue), bukti: partialCriteria(evidence) }).optional(),
  diajukan_at: timestamp.optional(),
  /** The office's note of the latest return for correction, and when (the history keeps every one). */
  catatan_pengembalian: z.string().max(2000).optional(),
  dikembalikan_at: timestamp.optional(),
  penilaian: z
    .object({
      nilai: criteria(scoreValue),
      catatan: partialCriteria(z.string().max(2000)),
      rata_rata: z.number().int(),
      kategori_desa: z.enum(KATEGORI),
    })
    .optional(),
  dinilai_at: timestamp.optional(),
  /** The village's category before the round's first review (`belum`: unscored). */
  kategori_sebelum: z.enum([...KATEGORI, 'belum']).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AssessmentRecord = z.infer<typeof assessmentSchema>;

export const assessments = defineEntity({
  type: 'EVALDESA',
  schema: assessmentSchema,
  key: (id) => keys.assessment(id.split('/')[0]!, id.split('/')[1] ?? ''),
  id: (a) => `${a.id_evaluasi}/${a.kd_desa}`,
  changes: {
    history: {
      subject: 'assessment',
      record: (a) => `${a.id_evaluasi}/${a.kd_desa}`,
      kd_desa: (a) => a.kd_desa,
      // the office's note whole while it stands (the entry's changes shorten a text over 200 characters)
      snapshot: (a) => (a.status === 'dikembalikan' ? { catatan_pengembalian: a.catatan_pengembalian } : undefined),
    },
    counts: (a) => assessmentCounts(a),
    stamps: ['updated_at'],
    notify: (before, after) => assessmentNotices(before, after),
  },
  public: [
    'id_evaluasi',
    'kd_desa',
    'status',
    'mandiri',
    'diajukan_at',
    'catatan_pengembalian',
    'dikembalikan_at',
    'penilaian',
    'dinilai_at',
    'kategori_sebelum',
    'created_at',
    'updated_at',
  ],
  publicMeta: { id: 'VillageAssessment', description: "A village's self-assessment, its evidence and the office's review in one round." },
});

const ORDER = ['belum', 'Rintisan', 'Berkembang', 'Maju', 'Mandiri'] as const;
/** How the review's category compares with the category before the round. */
export function moveOf(before: AssessmentRecord['kategori_sebelum'], after: string): (typeof MOVES)[number] {
  if (!before || before === 'belum') return 'baru';
  const d = ORDER.indexOf(after as (typeof ORDER)[number]) - ORDER.indexOf(before);
  return d > 0 ? 'naik' : d < 0 ? 'turun' : 'tetap';
}

/**
 * What an assessment adds to its round's counters: per region its state, the sums of the
 * submitted self-scores and of the review per criterion, the category move, both sums again
 * when it is submitted and reviewed (`comparisonCounts`); on the round itself whether anything
 * was submitted (it cannot be deleted then, and must still exist).
 */
function assessmentCounts(a: AssessmentRecord): CounterShare[] {
  const counts: Record<string, number> = { [`n_${a.status}`]: 1 };
  if (a.diajukan_at && a.mandiri) {
    counts.n_mandiri = 1;
    for (const f of SCORE_FIELDS) counts[`mandiri_${f}`] = a.mandiri.nilai[f] ?? 0;
  }
  if (a.penilaian) {
    counts.n_nilai = 1;
    for (const f of SCORE_FIELDS) counts[`nilai_${f}`] = a.penilaian.nilai[f];
    counts[`gerak_${moveOf(a.kategori_sebelum, a.penilaian.kategori_desa)}`] = 1;
  }
  Object.assign(counts, comparisonCounts(a));
  // a submission returned for correction was submitted all the same: the round keeps it (no deletion, no region change)
  const sent = a.diajukan_at || a.penilaian || a.dikembalikan_at ? 1 : 0;
  return [
    { on: keys.evaluationCounters(a.id_evaluasi, a), counts, label: { provinsi: a.provinsi, kabupaten: a.kabupaten } },
    { on: keys.evaluation(a.id_evaluasi), counts: { n_terkirim: sent }, mustExist: () => new RoundChangedError() },
  ];
}

/** The counters of the comparison over the same villages: its number and the two sums per criterion. */
export const COMPARISON_COUNTERS = ['n_banding', ...SCORE_FIELDS.flatMap((f) => [`banding_mandiri_${f}`, `banding_nilai_${f}`])];

/**
 * What an assessment adds to the comparison of the self-assessment with the review over the same
 * villages: only one both submitted (`diajukan_at`: not returned since) and reviewed, with both its sums.
 */
export function comparisonCounts(a: AssessmentRecord): Record<string, number> {
  if (!a.diajukan_at || !a.mandiri || !a.penilaian) return {};
  const counts: Record<string, number> = { n_banding: 1 };
  for (const f of SCORE_FIELDS) {
    counts[`banding_mandiri_${f}`] = a.mandiri.nilai[f] ?? 0;
    counts[`banding_nilai_${f}`] = a.penilaian.nilai[f];
  }
  return counts;
}

/**
 * What an assessment's change tells: submitted (draf or dikembalikan → diajukan) the offices;
 * returned for correction the village's manager, with the office's note; a review given or
 * changed (its values or notes) the village's manager, with the new category.
 */
function assessmentNotices(before: AssessmentRecord | undefined, after: AssessmentRecord | undefined): Notice[] {
  if (!after) return [];
  const notices: Notice[] = [];
  const at = { id_evaluasi: after.id_evaluasi, kd_desa: after.kd_desa };
  if (after.status === 'diajukan' && before?.status !== 'diajukan') notices.push({ kind: 'assessment_submitted', ...at });
  if (after.status === 'dikembalikan' && before?.status === 'diajukan')
    notices.push({ kind: 'assessment_returned', ...at, catatan: after.catatan_pengembalian ?? '' });
  const was = before?.penilaian;
  const is = after.penilaian;
  const reviewChanged =
    is && (!was || SCORE_FIELDS.some((f) => was.nilai[f] !== is.nilai[f] || (was.catatan[f] ?? '') !== (is.catatan[f] ?? '')));
  if (is && reviewChanged) notices.push({ kind: 'review_published', ...at, kategori_desa: is.kategori_desa, rata_rata: is.rata_rata });
  return notices;
}

/** The office's review of a village not yet published (PUT …/penilaian `terbitkan: false`): its key in the round's partition. */
const reviewDraftKey = (id: string, kd: string) => ({ PK: keys.evaluationPartition(id), SK: `NILAIDRAF#${kd}` });

/**
 * The office's draft review: the six values and notes, not published. It is no score and
 * moves no count; only dinas and admin read it (GET …/desa/{kd}); publishing the review
 * removes it. Its history is the round's, not the village's (whose manager reads that one).
 */
export const reviewDrafts = defineEntity({
  type: 'EVALDRAFT',
  schema: z.object({
    id_evaluasi: z.string(),
    kd_desa: z.string(),
    nilai: criteria(scoreValue),
    catatan: partialCriteria(z.string().max(2000)),
    rata_rata: z.number().int(),
    kategori_desa: z.enum(KATEGORI),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  key: (id) => reviewDraftKey(id.split('/')[0]!, id.split('/')[1] ?? ''),
  id: (d) => `${d.id_evaluasi}/${d.kd_desa}`,
  changes: {
    history: {
      subject: 'review_draft',
      record: (d) => `${d.id_evaluasi}/${d.kd_desa}`,
      scope: (d) => keys.evaluationPartition(d.id_evaluasi),
    },
    stamps: ['updated_at'],
  },
  public: ['nilai', 'catatan', 'rata_rata', 'kategori_desa', 'created_at', 'updated_at'],
  publicMeta: {
    id: 'ReviewDraft',
    description: 'The office’s review saved as a draft: not published, no score; only dinas and admin see it.',
  },
});
export type ReviewDraftRecord = z.infer<typeof reviewDrafts.schema>;
export const getReviewDraft = (id: string, kd: string, consistent = false) => reviewDrafts.get(`${id}/${kd}`, consistent);

/** The round went (or is going) since it was read: read again (a 404 then). */
export class RoundChangedError extends RaceLostError {}

export const getRound = (id: string, consistent = false) => rounds.get(id, consistent);
export const listRounds = () => rounds.listAll();
export const getAssessment = (id: string, kd: string, consistent = false) => assessments.get(`${id}/${kd}`, consistent);

export function newRound(
  fields: Pick<RoundRecord, 'nama' | 'mulai' | 'batas_mandiri' | 'selesai' | 'provinsi' | 'kabupaten'>,
): RoundRecord {
  const now = nowIso();
  // a new round's counters start at zero, so every write keeps its comparison exact from the start
  return { id_evaluasi: newCode.evaluation(), ...fields, rekap_banding: true, created_at: now, updated_at: now };
}

/** A record as it becomes with other fields (its `updated_at` moved on). */
export const changed = <R extends { updated_at: string }>(current: R, fields: Partial<R>): R => ({
  ...current,
  ...fields,
  updated_at: nowIsoAfter(current.updated_at),
});

/** A village's new (empty) assessment in a round. */
export function newAssessment(id: string, village: { kd_desa: string; provinsi: string; kabupaten: string }): AssessmentRecord {
  const now = nowIso();
  return {
    id_evaluasi: id,
    kd_desa: village.kd_desa,
    provinsi: village.provinsi,
    kabupaten: village.kabupaten,
    status: 'draf',
    created_at: now,
    updated_at: now,
  };
}

/** A village's new draft review in a round (the office's, not published). */
export function newReviewDraft(
  id: string,
  kd: string,
  fields: Pick<ReviewDraftRecord, 'nilai' | 'catatan' | 'rata_rata' | 'kategori_desa'>,
): ReviewDraftRecord {
  const now = nowIso();
  return { id_evaluasi: id, kd_desa: kd, ...fields, created_at: now, updated_at: now };
}

/** Every assessment of a round (one Query of its partition). */
export const roundAssessments = async (id: string): Promise<AssessmentRecord[]> =>
  (await queryAll<Record<string, unknown>>(partitionQuery(id, 'DESA#'))).map((i) => assessments.fromItem(i));

/** The round's counters per region (one Query: their number is the regions', never the villages'). */
export const roundCounters = async (id: string, provinsiPrefix = ''): Promise<Record<string, number | string>[]> =>
  (await queryAll<Record<string, unknown>>(partitionQuery(id, `REKAP#${provinsiPrefix}`))).map(
    ({ PK: _pk, SK: _sk, ...rest }) => rest as Record<string, number | string>,
  );

/** Removes what a deleted round leaves in its partition (drafts, counters). */
export async function removeRoundLeftovers(id: string): Promise<void> {
  const left = await queryAll<{ PK: string; SK: string }>(partitionQuery(id, '', ['PK', 'SK']));
  await batchDeleteItems(left.filter((k) => k.SK !== 'EVAL'));
}

/** A Query of the round's partition, of the items whose sort key starts with `prefix` (all: ''). */
const partitionQuery = (id: string, prefix: string, fields?: readonly string[]) =>
  keyQuery({
    pk: ['PK', keys.evaluationPartition(id)],
    ...(prefix ? { sk: beginsWith('SK', prefix) } : {}),
    ...(fields ? { fields } : {}),
  });
