/**
 * Demo data for the local stack (`npm run seed`, scripts/seed.ts): one login per role, a
 * dozen villages across several provinces with tourism descriptions (items with generated
 * PNG images), village descriptions with a gallery, scores in all four categories,
 * statuses and requests, two evaluation rounds (docs/evaluations.md): last year's,
 * finished, and this year's, open, with villages in every state; and 24 months of monthly
 * figures per village (docs/monitoring.md), most verified, a few late or flagged, a few villages
 * still missing last month. Everything goes through lib/ (the same code paths as the
 * handlers, so counters and history are as the routes keep them), never raw table writes.
 *
 * Idempotent: users are looked up by e-mail, villages by their owner's e-mail and name,
 * and each part of a village (descriptions, score, requests, statuses) is added only when
 * it is missing, so running it again creates nothing new (and finishes a run that was
 * interrupted); rounds are looked up by name, and each village's assessment in them is
 * taken only as far as it is missing. lib/ reads its configuration on first use: set the
 * environment before importing this module (scripts/seed.ts does).
 */
import { registerUser } from '../lib/auth/accounts';
import type { Role } from '../lib/contract/roles';
import { config } from '../lib/platform/config';
import { setClock } from '../lib/platform/clock';
import { listRequests, type RequestRecord, type RequestStatus } from '../lib/db/requests';
import { getAssessment, type RoundRecord } from '../lib/db/evaluations';
import { getScore, SCORE_FIELDS, type ScoreField, type ScoreValues } from '../lib/db/scores';
import { listStatuses, type VillageStatus } from '../lib/db/statuses';
import { getTourismDescription } from '../lib/db/tourism-descriptions';
import { getUserByEmail, type UserRecord } from '../lib/db/users';
import { getVillageDescription, type JENIS_DESA } from '../lib/db/village-descriptions';
import { villagesByEmail, type VillageFields } from '../lib/db/villages';
import { SYSTEM } from '../lib/contract/caller';
import {
  createRound,
  listRounds,
  reviewVillage,
  roundState,
  saveSelfAssessment,
  selfAssessmentInput,
  submitSelfAssessment,
  today,
  type RoundState,
} from '../lib/domain/evaluations';
import { createRequest, updateRequestStatus } from '../lib/domain/requests';
import { createScore, updateScore } from '../lib/domain/score-service';
import { createStatus } from '../lib/domain/statuses';
import { createTourismDescription, createTourismInput } from '../lib/domain/tourism-descriptions';
import { createVillageDescription, createVillageDescriptionInput } from '../lib/domain/village-descriptions';
import { createVillage } from '../lib/domain/villages';
import { monthPlus, monthsFrom, reportInput, saveReport, thisMonth, verifyReport } from '../lib/domain/monitoring';
import { villageReports } from '../lib/db/reports';
// (the seed stores images: made web-sized like every stored image)
import '../lib/domain/image-storing';
import type { UploadedFile } from '../lib/http/multipart';
import { gradientPng, type Rgb } from './png';
import villages from './seed-villages.json';

export const DEMO_PASSWORD = 'desawisata-demo';
const DOMAIN = 'desawisata.local';

interface SeedUser {
  role: Role;
  email: string;
  username: string;
  fullName: string;
  verified: boolean;
}

/** The three logins printed by `npm run seed`, one per role. */
export const DEMO_LOGINS: SeedUser[] = [
  { role: 'admin', email: `admin@${DOMAIN}`, username: 'admin_demo', fullName: 'Admin Desa Wisata', verified: true },
  { role: 'dinas', email: `dinas@${DOMAIN}`, username: 'dinas_demo', fullName: 'Dinas Pariwisata (demo)', verified: true },
  { role: 'pengelola', email: `pengelola@${DOMAIN}`, username: 'pengelola_demo', fullName: 'Pengelola Demo', verified: true },
];

type Item = Record<string, string | number>;
interface SeedVillage {
  key: string;
  /** Owner: the demo pengelola, or a manager of its own (pengelola.<key>@…). */
  owner: 'demo' | { fullName: string; verified: boolean };
  fields: Omit<VillageFields, 'email'>;
  color: Rgb;
  /** The requests the village has, oldest first (the first is the one created with the village). */
  requests: RequestStatus[];
  statuses: { status: VillageStatus; keterangan: string }[];
  /** Average → category: >90 Mandiri, 75–90 Maju, 50–74 Berkembang, <50 Rintisan; null: not scored. */
  score: number | null;
  tourism: { penjelasan_umum: string; fasilitas: string; atraksi: Item[]; penginapan: Item[]; paket_wisata: Item[]; suvenir: Item[] };
  place: {
    lokasi_desa: string;
    deskripsi_desa: string;
    fasilitas_desa: string[];
    jenis_desa: (typeof JENIS_DESA)[number];
    latitude: number;
    longitude: number;
  };
}

/** The demo villages (data: scripts/seed-villages.json; the seed stores them through the domain, which validates them). */
export const SEED_VILLAGES = villages as unknown as SeedVillage[];

export const ownerEmail = (v: SeedVillage) => (v.owner === 'demo' ? DEMO_LOGINS[2]!.email : `pengelola.${v.key}@${DOMAIN}`);

/** The evaluation rounds the seed records: how long ago, and how far below the village's score today. */
const EVALUATION_ROUNDS = [
  { yearsAgo: 2, lower: 22 },
  { yearsAgo: 1, lower: 9 },
  { yearsAgo: 0, lower: 0 },
];

const DAY_MS = 86_400_000;

/** Runs `write` with the service's clock `offset` ms behind (its stamps and dates then), then restores the clock. */
async function shifted<T>(offset: number, write: () => Promise<T>): Promise<T> {
  if (offset === 0) return write();
  setClock(() => Date.now() - offset);
  try {
    return await write();
  } finally {
    setClock();
  }
}

/** Runs `write` as if it were `yearsAgo` years ago (the seed's past score updates), then restores the clock. */
const atTime = <T>(yearsAgo: number, write: () => Promise<T>) => shifted(yearsAgo * 365 * DAY_MS, write);

/** The calendar day `n` days after `day` (YYYY-MM-DD). */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * Runs `write` on `day` (YYYY-MM-DD, Western Indonesian Time) at 09:00 plus `minutes` (the
 * evaluation rounds' past days), then restores the clock; today: now.
 */
function onDay<T>(day: string, minutes: number, write: () => Promise<T>): Promise<T> {
  if (day === today()) return write();
  return shifted(Date.now() - (Date.parse(`${day}T02:00:00Z`) + minutes * 60_000), write);
}

/** What a village does in a seeded round: its self-assessment (partial draft or submitted), and whether dinas reviews it. */
interface RoundPart {
  mandiri?: 'draf' | 'diajukan';
  review?: boolean;
}

interface SeedRound {
  nama: (year: number) => string;
  /** mulai, batas_mandiri, selesai, and the day it was opened: days from today when it is created. */
  days: { opened: number; mulai: number; batas_mandiri: number; selesai: number };
  /** Each village's part by its key (the others: `belum`). */
  parts: (v: SeedVillage) => RoundPart | undefined;
}

/** This year's round: the demo manager's two villages have a draft and a submission; one village is reviewed already. */
const OPEN_ROUND_PARTS: Record<string, RoundPart> = {
  pentingsari: { mandiri: 'draf' },
  nglanggeran: { mandiri: 'diajukan' },
  ponggok: { mandiri: 'diajukan' },
  penglipuran: { mandiri: 'diajukan', review: true },
};

/**
 * The evaluation rounds (no region: every village). Last year's is over: the managers
 * submitted during its self-assessment period (except the two not verified yet, who cannot
 * sign in), and dinas reviewed every scored village during its review. This year's is open
 * for self-assessment: the demo manager's villages have a draft and a submission, one
 * village is already reviewed, the rest have not started. A review becomes the village's
 * score: the seed reviews with the village's current values, so the scores (and their
 * categories) stay as seeded, their trajectory naming the round.
 */
export const SEED_ROUNDS: SeedRound[] = [
  {
    nama: (year) => `Evaluasi Desa Wisata ${year - 1}`,
    days: { opened: -125, mulai: -120, batas_mandiri: -90, selesai: -60 },
    // every scored village reviewed; their managers submitted first, but for those who cannot sign in yet (not verified)
    parts: (v) =>
      v.score === null ? undefined : { mandiri: v.owner !== 'demo' && !v.owner.verified ? undefined : 'diajukan', review: true },
  },
  {
    nama: (year) => `Evaluasi Desa Wisata ${year}`,
    days: { opened: -10, mulai: -7, batas_mandiri: 14, selesai: 45 },
    parts: (v) => OPEN_ROUND_PARTS[v.key],
  },
];

/** A manager's evidence per criterion: a note and a link. */
const EVIDENCE: Record<ScoreField, string> = {
  partisipasi_masyarakat: 'Pokdarwis aktif; rapat warga setiap bulan',
  keragaman_paket_wisata: 'Paket harian, menginap dan edukasi',
  akses_tempat_wisata: 'Jalan aspal sampai pusat desa, papan petunjuk arah',
  keramahan_difabel: 'Toilet difabel di pusat informasi',
  fasilitas_tempat_wisata: 'Homestay, toilet umum, parkir dan mushola',
  produk_tempat_wisata: 'Suvenir dan kuliner khas desa',
};
const evidenceOf = (key: string, fields: readonly ScoreField[]) =>
  Object.fromEntries(fields.map((f) => [f, { catatan: EVIDENCE[f], tautan: [`https://${DOMAIN}/bukti/${key}/${f}`] }]));
/** The office's note on the weakest criterion of scoreValuesFor. */
const REVIEW_NOTES = { keramahan_difabel: 'Perlu jalur landai dan pemandu untuk tamu difabel' };

/** Six values averaging to about `avg` (each kept within 1–100), so the village lands in its category. */
export function scoreValuesFor(avg: number): ScoreValues {
  const spread = [3, -2, 1, -3, 2, -1];
  const v = spread.map((d) => Math.min(100, Math.max(1, avg + d)));
  return {
    partisipasi_masyarakat: v[0]!,
    keragaman_paket_wisata: v[1]!,
    akses_tempat_wisata: v[2]!,
    keramahan_difabel: v[3]!,
    fasilitas_tempat_wisata: v[4]!,
    produk_tempat_wisata: v[5]!,
  };
}

export interface SeedSummary {
  logins: { role: Role; email: string; password: string }[];
  /** The other village managers (same password); the unverified ones cannot log in until an admin verifies them. */
  managers: { email: string; village: string; verified: boolean }[];
  villages: { kd_desa: string; slug: string; nama_popular: string; owner: string }[];
  /** What this run added (all zero on a second run). */
  created: {
    users: number;
    villages: number;
    tourismDescriptions: number;
    villageDescriptions: number;
    scores: number;
    requests: number;
    statuses: number;
    images: number;
    /** Evaluation rounds opened. */
    evaluations: number;
    /** Villages' assessments in them begun or taken further (saved, submitted, reviewed). */
    assessments: number;
    /** Monthly reports written, and months verified by the office. */
    reports: number;
    verifications: number;
  };
  /** The evaluation rounds, oldest first, with their state today. */
  evaluations: { id_evaluasi: string; nama: string; status: RoundState }[];
}

export interface SeedOptions {
  password?: string;
  log?: (line: string) => void;
  /** false: no monthly figures (REPORT_MONTHS of them; most of the seed's writes): for tests that need none. */
  reports?: boolean;
}

const shade = (rgb: Rgb, k: number): Rgb => rgb.map((c) => Math.max(0, Math.min(255, Math.round(c * k)))) as unknown as Rgb;
const image = (field: string, rgb: Rgb): UploadedFile => ({ field, data: gradientPng(320, 200, rgb) });

/** Creates what is missing of the demo data; see the module comment. */
export async function seedDemoData(options: SeedOptions = {}): Promise<SeedSummary> {
  const password = options.password ?? DEMO_PASSWORD;
  const log = options.log ?? (() => {});
  if (!config().isLocal)
    throw new Error(`refusing to seed demo users with a known password into stage "${config().stage}" (local and test only)`);
  const created: SeedSummary['created'] = {
    users: 0,
    villages: 0,
    tourismDescriptions: 0,
    villageDescriptions: 0,
    scores: 0,
    requests: 0,
    statuses: 0,
    images: 0,
    evaluations: 0,
    assessments: 0,
    reports: 0,
    verifications: 0,
  };

  async function ensureUser(u: SeedUser): Promise<UserRecord> {
    const existing = await getUserByEmail(u.email);
    if (existing) return existing;
    await registerUser({ username: u.username, fullName: u.fullName, email: u.email, password, role: u.role }, u.verified, SYSTEM);
    created.users++;
    log(`user ${u.role} ${u.email}`);
    return (await getUserByEmail(u.email))!;
  }

  for (const login of DEMO_LOGINS) await ensureUser(login);
  // who the history names: each manager for their village, the office for requests, statuses and evaluations
  const office = (await getUserByEmail(DEMO_LOGINS[1]!.email))!;

  const [allRequests, allStatuses] = await Promise.all([listRequests(), listStatuses()]);
  const villages: SeedSummary['villages'] = [];
  const placed: { seed: SeedVillage; kd: string; owner: UserRecord }[] = [];
  for (const seed of SEED_VILLAGES) {
    const email = ownerEmail(seed);
    const owner =
      seed.owner === 'demo'
        ? (await getUserByEmail(email))!
        : await ensureUser({
            role: 'pengelola',
            email,
            username: `pengelola_${seed.key}`,
            fullName: seed.owner.fullName,
            verified: seed.owner.verified,
          });

    // The village: found by its owner and name, else created (which also files its first request).
    let village = (await villagesByEmail(email)).find(
      (v) => v.nama_desa === seed.fields.nama_desa && v.nama_popular === seed.fields.nama_popular,
    );
    let requests: Pick<RequestRecord, 'kd_permintaan' | 'status_permintaan'>[];
    if (village) {
      requests = allRequests
        .filter((r) => r.kd_desa === village!.kd_desa)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.kd_permintaan.localeCompare(b.kd_permintaan));
    } else {
      const fresh = await createVillage({ ...seed.fields, email }, owner);
      village = fresh.village;
      requests = [{ kd_permintaan: fresh.kd_permintaan, status_permintaan: 'diproses' }];
      created.villages++;
      log(`village ${village.kd_desa} ${seed.fields.nama_popular}`);
    }
    const kd = village.kd_desa;
    villages.push({ kd_desa: kd, slug: village.slug, nama_popular: village.nama_popular, owner: email });
    placed.push({ seed, kd, owner });

    // Requests: as many as listed, oldest first, each set to its listed status.
    for (const [i, status] of seed.requests.entries()) {
      let code = requests[i]?.kd_permintaan;
      if (!code) {
        code = (await createRequest({ kd_desa: kd, status_permintaan: status }, owner)).kd_permintaan;
        created.requests++;
      }
      if (requests[i]?.status_permintaan !== status) await updateRequestStatus(code, { status_permintaan: status }, office);
    }

    // Statuses: the listed ones that are not there yet.
    const statuses = allStatuses.filter((s) => s.kd_desa === kd);
    for (const st of seed.statuses.slice(statuses.length)) {
      await createStatus({ kd_desa: kd, ...st }, office);
      created.statuses++;
    }

    // Score.
    // Score: evaluated in three rounds (two years ago, last year, now), so each village has a trajectory to show.
    if (seed.score !== null && !(await getScore(kd))) {
      const rounds = EVALUATION_ROUNDS.map((r) => ({ ...r, score: Math.max(1, seed.score! - r.lower) }));
      for (const [i, round] of rounds.entries()) {
        const values = scoreValuesFor(round.score);
        await atTime(round.yearsAgo, () => (i === 0 ? createScore({ kd_desa: kd, ...values }, office) : updateScore(kd, values, office)));
      }
      created.scores++;
    }

    // Tourism description: one image per item (atraksi, penginapan, suvenir), packages without.
    if (!(await getTourismDescription(kd))) {
      const t = seed.tourism;
      const files = [
        ...t.atraksi.map((_, i) => image('atraksi', shade(seed.color, 1 - i * 0.15))),
        ...t.penginapan.map((_, i) => image('penginapan', shade(seed.color, 0.8 - i * 0.1))),
        ...t.suvenir.map((_, i) => image('suvenir', shade(seed.color, 0.6 - i * 0.1))),
      ];
      const data = {
        kd_desa: kd,
        penjelasan_umum: t.penjelasan_umum,
        fasilitas: t.fasilitas,
        dokumentasi_desa: '',
        atraksi: t.atraksi,
        penginapan: t.penginapan,
        paket_wisata: t.paket_wisata.map((p) => ({ ...p, jumlah_gambar: 0 })),
        suvenir: t.suvenir,
      };
      await createTourismDescription(createTourismInput.parse(data), files, owner);
      created.tourismDescriptions++;
      created.images += files.length;
    }

    // Village description with a three-image gallery (the first becomes the village's cover).
    if (!(await getVillageDescription(kd))) {
      const files = [1, 0.8, 0.6].map((k) => image('galeri_gambar', shade(seed.color, k)));
      await createVillageDescription(
        createVillageDescriptionInput.parse({ kd_desa: kd, ...seed.place, url_video: [] }),
        { gallery: files },
        owner,
      );
      created.villageDescriptions++;
      created.images += files.length;
    }
  }

  // Evaluation rounds: found by name, else opened; each village's part taken as far as it is missing.
  const year = Number(today().slice(0, 4));
  const existing = await listRounds();
  const evaluations: SeedSummary['evaluations'] = [];
  for (const plan of SEED_ROUNDS) {
    const nama = plan.nama(year);
    let round: Pick<RoundRecord, 'id_evaluasi' | 'mulai' | 'batas_mandiri' | 'selesai'> | undefined = existing.find((r) => r.nama === nama);
    if (!round) {
      const d = plan.days;
      const day0 = today();
      const dates = { mulai: addDays(day0, d.mulai), batas_mandiri: addDays(day0, d.batas_mandiri), selesai: addDays(day0, d.selesai) };
      round = await onDay(addDays(day0, d.opened), 0, () => createRound({ nama, ...dates }, office));
      created.evaluations++;
      log(`evaluation ${round.id_evaluasi} ${nama}`);
    }
    const { id_evaluasi: id, mulai, batas_mandiri, selesai } = round;
    // a write's day: today while the round allows it, else the village's turn (`n` days) into its period
    const t = today();
    const turn = (from: string, to: string, n: number) => (addDays(from, n) < to ? addDays(from, n) : to);
    for (const [i, { seed, kd, owner }] of placed.entries()) {
      const part = plan.parts(seed);
      if (!part) continue;
      let state = (await getAssessment(id, kd, true))?.status ?? 'belum';
      const selfDay = mulai <= t && t <= batas_mandiri ? t : turn(mulai, batas_mandiri, 5 + 2 * i);
      if ((part.mandiri && state === 'belum') || (part.mandiri === 'diajukan' && state === 'draf')) {
        // managers rate themselves a little higher than the office does; a draft has half the criteria
        const self = scoreValuesFor(Math.min(97, (seed.score ?? 60) + 4));
        const fields = part.mandiri === 'draf' ? SCORE_FIELDS.slice(0, 3) : SCORE_FIELDS;
        const input = selfAssessmentInput.parse({
          ...Object.fromEntries(fields.map((f) => [f, self[f]])),
          bukti: evidenceOf(seed.key, fields),
        });
        await onDay(selfDay, 0, () => saveSelfAssessment(id, kd, input, [], owner));
        state = 'draf';
        created.assessments++;
      }
      if (part.mandiri === 'diajukan' && state === 'draf') {
        await onDay(selfDay, 45, () => submitSelfAssessment(id, kd, owner));
        state = 'diajukan';
        created.assessments++;
      }
      const score = part.review && state !== 'dinilai' ? await getScore(kd, true) : undefined;
      if (score) {
        // with the village's current values: its score stays as seeded, now set by the round
        const values = Object.fromEntries(SCORE_FIELDS.map((f) => [f, score[f]])) as ScoreValues;
        const reviewDay = mulai <= t && t <= selesai ? t : turn(addDays(batas_mandiri, 1), selesai, 2 + 2 * i);
        await onDay(reviewDay, 0, () => reviewVillage(id, kd, { ...values, catatan: REVIEW_NOTES }, office));
        created.assessments++;
      }
    }
    evaluations.push({ id_evaluasi: id, nama, status: roundState(round) });
  }

  if (options.reports !== false) await seedReports(placed, office, created, log);

  return {
    logins: DEMO_LOGINS.map((u) => ({ role: u.role, email: u.email, password })),
    managers: SEED_VILLAGES.flatMap((v) =>
      v.owner === 'demo' ? [] : [{ email: ownerEmail(v), village: v.fields.nama_popular, verified: v.owner.verified }],
    ),
    villages,
    created,
    evaluations,
  };
}

/** How many months of figures each village gets: the 24 before this one. */
export const REPORT_MONTHS = 24;
/** Villages (by key) that have not reported last month yet: GET /api/pemantauan/belum-lapor shows them. */
export const LATE_REPORTERS = ['tamansari', 'ketekesu'];

/** Visitors a month by the village's score (a higher category draws more), and what each spends (Rupiah). */
const BASE_VISITORS = (score: number | null) => (score === null ? 300 : score > 90 ? 4200 : score >= 75 ? 2600 : score >= 50 ? 1300 : 450);
const SPEND = (score: number | null) =>
  score === null ? 30_000 : score > 90 ? 75_000 : score >= 75 ? 60_000 : score >= 50 ? 45_000 : 35_000;
/** The months' season (January … December): school holidays in June–July, the year-end peak. */
const SEASON = [1.1, 0.8, 0.85, 0.95, 1, 1.25, 1.35, 1.05, 0.85, 0.9, 0.9, 1.4];

/** A number from 0 to 1 fixed by `key` (the same figures on every run). */
function unit(key: string): number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

/** A village's plausible figures of a month: its category's visitors, the season, growth of about 8% a year, some noise. */
function seedFigures(seed: SeedVillage, bulan: string, monthsAgo: number) {
  const noise = 0.9 + 0.2 * unit(`${seed.key}/${bulan}`);
  const growth = 1 - 0.0067 * monthsAgo;
  const wisnus = Math.round(BASE_VISITORS(seed.score) * SEASON[Number(bulan.slice(5)) - 1]! * growth * noise);
  const foreign = seed.fields.provinsi === 'Bali' ? 0.18 : seed.fields.provinsi.includes('Nusa Tenggara') ? 0.09 : 0.02;
  const wisman = Math.round(wisnus * foreign * (0.8 + 0.4 * unit(`${seed.key}/${bulan}/wisman`)));
  const spend = SPEND(seed.score);
  const pendapatan = Math.round(((wisnus + wisman * 2.5) * spend) / 1000) * 1000;
  const tenaga_kerja = Math.max(4, Math.round(BASE_VISITORS(seed.score) / 90 + 4 * unit(`${seed.key}/${bulan}/kerja`)));
  const lodging = seed.tourism.penginapan.length > 0;
  return reportInput.parse({
    wisnus,
    wisman,
    pendapatan,
    tenaga_kerja,
    ...(lodging ? { malam_inap: Math.round((wisnus + wisman) * 0.05) } : {}),
  });
}

/**
 * 24 months of figures per village through the domain's own writes (saveReport, verifyReport),
 * oldest month first, each written as if on its day: on time (a day from the 2nd to the 9th of the
 * next month, WIB), a few late (the 14th); the office verifies each quarter's months on the 20th after it, but the last two months. One
 * festival month is far over its village's pattern (flagged perlu_cek). Months a village has are
 * left as they are: a second run writes nothing.
 */
async function seedReports(
  placed: { seed: SeedVillage; kd: string; owner: UserRecord }[],
  office: UserRecord,
  created: SeedSummary['created'],
  log: (line: string) => void,
) {
  const last = monthPlus(thisMonth(), -1);
  const first = monthPlus(thisMonth(), -REPORT_MONTHS);
  const have = new Map(
    await Promise.all(
      placed.map(async (p) => [p.kd, new Map((await villageReports(p.kd, first, last)).map((r) => [r.bulan, r]))] as const),
    ),
  );
  const wib = (bulan: string, day: number) => Date.parse(`${bulan}-${String(day).padStart(2, '0')}T09:00:00+07:00`);
  const asOf = <T>(ms: number, write: () => Promise<T>) => shifted(Date.now() - ms, write);
  const before = created.reports;
  const started = Date.now();
  const pending: { kd: string; bulan: string }[] = [];
  for (const bulan of monthsFrom(first, last)) {
    const ago = monthsFrom(bulan, thisMonth()).length - 1;
    const next = monthPlus(bulan, 1);
    const due = placed.filter((p) => !have.get(p.kd)!.has(bulan) && !(bulan === last && LATE_REPORTERS.includes(p.seed.key)));
    // the on-time ones together on the month's day (the 2nd–9th), the late ones (about one in eleven) on the 14th: the clock is shared
    const write = (group: typeof due) =>
      Promise.all(
        group.map((p) => {
          const figures = seedFigures(p.seed, bulan, ago);
          // a festival: Nglanggeran's month six months ago is far over its pattern
          if (p.seed.key === 'nglanggeran' && ago === 6) figures.wisnus *= 7;
          created.reports++;
          return saveReport(p.kd, bulan, figures, p.owner);
        }),
      );
    const isLate = (p: (typeof due)[number]) => unit(`${p.seed.key}/${bulan}/late`) < 0.09;
    await asOf(wib(next, 2 + Math.floor(unit(bulan) * 8)), () => write(due.filter((p) => !isLate(p))));
    await asOf(wib(next, 14), () => write(due.filter(isLate)));
    // the office verifies a quarter's months together, on the 20th after it ends (months of the last two not yet)
    if (ago <= 2) continue;
    const quarterEnd = Number(bulan.slice(5)) % 3 === 0 || ago === 3;
    pending.push(
      ...placed.flatMap((p) => {
        const r = have.get(p.kd)!.get(bulan);
        return (r ? !r.diverifikasi : due.includes(p)) ? [{ kd: p.kd, bulan }] : [];
      }),
    );
    if (!quarterEnd) continue;
    const batch = pending.splice(0);
    await asOf(wib(next, 20), () => Promise.all(batch.map((v) => verifyReport(v.kd, v.bulan, office))));
    created.verifications += batch.length;
  }
  if (created.reports > before)
    log(
      `monthly reports: ${created.reports - before} (${first} … ${last}), ${created.verifications} verified, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}
