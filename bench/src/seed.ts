/**
 * Fixtures for the bench, made through lib/ (the seeding bundle, bench/src/seed-entry.ts):
 *
 * - `libVillage` creates a pengelola, its village, the village's score and its tourism
 *   description through the same domain functions the handlers call.
 * - `bulkVillages` writes many villages fast with BatchWriteItem. Each item is built
 *   exactly as lib/ builds it (user + username marker + USER counter; village + slug
 *   marker + request; score; description + DESKWIS#POS + DESKWIS#IDX/<pos> + the
 *   COUNTER#DESKWIS value, as createAtNextPosition writes them), marshalled by lib/'s own
 *   document client. Before the first bulk write on a table, `verify` compares the
 *   mirror with what lib/ stored for a village it created itself, item by item and
 *   attribute by attribute; on any difference the bench seeds through lib/ instead
 *   (slower: descriptions one at a time, because their positions share a counter).
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BatchWriteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { build as esbuild, type Plugin } from 'esbuild';

export type Seeder = typeof import('./seed-entry');

const requireHere = createRequire(__filename);

/**
 * The seeding bundle with more of lib/ (`exports`: export lines, paths from the repository
 * root), built to bench/.build/seed/`name`.js: its path.
 */
export async function buildSeederWith(root: string, name: string, exports: string[], plugins: Plugin[] = []): Promise<string> {
  const outfile = join(root, 'bench', '.build', 'seed', `${name}.js`);
  await esbuild({
    stdin: {
      contents: ["export * from './bench/src/seed-entry';", ...exports].join('\n'),
      resolveDir: root,
      sourcefile: `${name}-entry.ts`,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['@aws-sdk/*', '@smithy/*'],
    plugins,
    absWorkingDir: root,
    logLevel: 'warning',
  });
  return outfile;
}

/** A fresh copy of the seeding bundle: its lib/ config is read from the current env. */
export function loadSeeder(file: string): Seeder {
  delete requireHere.cache[requireHere.resolve(file)];
  return requireHere(file) as Seeder;
}

export const PASSWORD = 'rahasia-123';

export interface SeededVillage {
  kd: string;
  slug: string;
  email: string;
}

export interface Owner {
  email: string;
  token: string;
  id: number;
}

type Item = Record<string, unknown>;

/** The eight village fields (as the POST body sends them, already trimmed). */
/** The kabupaten with the same villages at every size. */
export const SAMPLE_REGION = { provinsi: 'Provinsi Contoh', kabupaten: 'Kabupaten Contoh' };
export const SAMPLE_KABUPATEN_SIZE = 20;

export function villageFields(tag: string, i: number, email: string) {
  return {
    // spread as Indonesia's are (34 provinces, 514 kabupaten), except the first 20: one kabupaten
    // that holds 20 villages at every size (the filtered list measured in the scale phase)
    // (kabupaten k lies in province k mod 34)
    provinsi: i <= SAMPLE_KABUPATEN_SIZE ? SAMPLE_REGION.provinsi : `Provinsi ${(i % 514) % 34}`,
    kabupaten: i <= SAMPLE_KABUPATEN_SIZE ? SAMPLE_REGION.kabupaten : `Kabupaten ${i % 514}`,
    nama_desa: `Pentingsari ${tag} ${i}`,
    nama_popular: `Desa Wisata Pentingsari ${tag} ${i}`,
    alamat: `Umbulharjo, Cangkringan, RT ${i % 20} RW ${i % 7}`,
    pengelola: 'Doto Yogantoro',
    nomor_telepon: '+62 812-2700-1234',
    email,
  };
}

/** The POST /api/deskripsi-wisata data of a seeded description (no images). */
export function descriptionData(kd: string, i: number) {
  return {
    kd_desa: kd,
    penjelasan_umum:
      `Desa wisata ${i} di lereng Merapi: sawah terasering, sungai jernih dan rumah joglo. ` +
      'Pengunjung belajar membatik, menanam padi, membuat gula kelapa dan menonton kesenian jathilan. '.repeat(3),
    fasilitas: 'Homestay, area parkir, toilet umum, musala, warung makan, pemandu lokal',
    dokumentasi_desa: 'Foto dan video kegiatan wisata tersedia di kantor pengelola.',
    atraksi: [
      { nama_atraksi: 'Susur sungai', kategori_atraksi: 'Alam' },
      { nama_atraksi: 'Kesenian jathilan', kategori_atraksi: 'Budaya' },
    ],
    penginapan: [{ nama_penginapan: 'Homestay Melati', harga_penginapan: 250000 }],
    paket_wisata: [{ nama_paket_wisata: 'Paket live-in 2 hari', harga_paket_wisata: 450000 }],
    suvenir: [{ nama_suvenir: 'Batik tulis', harga_suvenir: 150000 }],
  };
}

export function scoreValues(i: number, fields: readonly string[]): Record<string, number> {
  return Object.fromEntries(fields.map((f, n) => [f, 40 + ((i * 7 + n * 13) % 61)]));
}

const newTag = () => randomBytes(3).toString('hex');

/** Everything that `bulkVillages` writes for one village, built as lib/ builds it. */
interface MirrorInput {
  user: { id: number; username: string; fullName: string; email: string; passwordHash: string; now: string };
  village: { kd: string; kdp: string; slug: string; fields: ReturnType<typeof villageFields>; now: string; childRev: number };
  score?: { values: Record<string, number>; now: string };
  description?: { data: ReturnType<typeof descriptionData>; randomKey: string; now: string; pos: number };
}

function mirrorItems(s: Seeder, m: MirrorInput): Record<string, Item> {
  const { keys } = s;
  const u = m.user;
  const v = m.village;
  const items: Record<string, Item> = {};
  // lib/db/users.ts createUser
  items.user = s.users.toItem({
    id: u.id,
    username: u.username,
    full_name: u.fullName,
    email: u.email,
    role: 'pengelola',
    is_verified: true,
    password_hash: u.passwordHash,
    password_changed_at: 0,
    created_at: u.now,
    updated_at: u.now,
  });
  items.username = { ...keys.usernameMarker(u.username), type: 'USERNAME', username: u.username, email: u.email };
  // lib/db/villages.ts createVillage (+ child_rev bumped by each child's transaction)
  items.village = s.villages.toItem({
    ...v.fields,
    email: u.email,
    kd_desa: v.kd,
    slug: v.slug,
    created_at: v.now,
    updated_at: v.now,
    version: 1,
    child_rev: v.childRev,
    request_codes: new Set([v.kdp]),
    gambar_cover: null,
    // what it adds to its region's statistics (lib/db/stats.ts)
    nreq_diproses: 1,
    ...(m.score ? { kategori: s.computeScore(m.score.values as never).kategori_desa } : {}),
  });
  items.slug = {
    ...keys.slugMarker(v.slug),
    type: 'SLUG',
    kd_desa: v.kd,
    village: s.villages.publicView(s.villages.fromItem(items.village)),
  };
  items.request = s.requests.toItem({
    kd_permintaan: v.kdp,
    kd_desa: v.kd,
    email: u.email,
    status_permintaan: 'diproses',
    created_at: v.now,
    updated_at: v.now,
  });
  // lib/db/scores.ts createScore
  if (m.score) {
    const record = {
      kd_desa: v.kd,
      ...m.score.values,
      ...s.computeScore(m.score.values as never),
      created_at: m.score.now,
      updated_at: m.score.now,
    };
    items.score = s.scores.toItem(record as Parameters<Seeder['scores']['toItem']>[0]);
  }
  // lib/domain/tourism-descriptions.ts createTourismDescription + lib/db createAtNextPosition
  if (m.description) {
    const d = m.description.data;
    const nextIds: Record<string, number> = { atraksi: 1, penginapan: 1, paket_wisata: 1, suvenir: 1 };
    const cat = (c: 'atraksi' | 'penginapan' | 'paket_wisata' | 'suvenir') =>
      (d[c] as Item[]).map((it) => ({ id: nextIds[c]!++, ...it, gambar: [] as string[] }));
    const record = {
      kd_desa: v.kd,
      penjelasan_umum: d.penjelasan_umum,
      fasilitas: d.fasilitas,
      dokumentasi_desa: d.dokumentasi_desa,
      atraksi: cat('atraksi'),
      penginapan: cat('penginapan'),
      paket_wisata: cat('paket_wisata'),
      suvenir: cat('suvenir'),
      next_ids: nextIds,
      random_key: m.description.randomKey,
      version: 1,
      created_at: m.description.now,
      updated_at: m.description.now,
    };
    items.description = s.tourismDescriptions.toItem(record);
    items.position = { ...keys.tourismPosition(v.kd), pos: m.description.pos };
    items.index = { ...keys.tourismIndex(m.description.pos), kd_desa: v.kd };
  }
  return items;
}

/** Deep equality of two unmarshalled DynamoDB items (Sets by content, maps by key set). */
function sameValue(a: unknown, b: unknown, path: string, diffs: string[]): void {
  if (a instanceof Set || b instanceof Set) {
    const sa = a instanceof Set ? [...a].sort() : a;
    const sb = b instanceof Set ? [...b].sort() : b;
    if (!(a instanceof Set && b instanceof Set) || JSON.stringify(sa) !== JSON.stringify(sb)) diffs.push(`${path}: ${fmt(a)} ≠ ${fmt(b)}`);
    return;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return void diffs.push(`${path}: ${fmt(a)} ≠ ${fmt(b)}`);
    a.forEach((x, i) => sameValue(x, b[i], `${path}[${i}]`, diffs));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    for (const k of new Set([...ka, ...kb])) sameValue((a as Item)[k], (b as Item)[k], `${path}.${k}`, diffs);
    return;
  }
  if (a !== b || typeof a !== typeof b) diffs.push(`${path}: ${fmt(a)} ≠ ${fmt(b)}`);
}
const fmt = (v: unknown) => (v instanceof Set ? `Set(${JSON.stringify([...v])})` : JSON.stringify(v));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` on each item, `concurrency` at a time. */
export async function pool<T>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** Puts `items` into the seeder's table with BatchWriteItem, 25 a request, 6 requests at a time, until none is left unprocessed. */
export async function batchWrite(s: Seeder, items: Item[]): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  await pool(chunks, 6, async (chunk) => {
    let request: Record<string, unknown[]> | undefined = { [s.tableName()]: chunk.map((Item) => ({ PutRequest: { Item } })) };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 20 * 2 ** attempt));
      const out = await s.db().send(new BatchWriteCommand({ RequestItems: request as never }));
      request = out.UnprocessedItems as typeof request;
    }
  });
}

export class Fixtures {
  /** null until verified; false: the mirror differs from lib/, seed through lib/. */
  private bulkOk: boolean | null = null;
  private passwordHash = '';
  readonly diffs: string[] = [];
  private seq = 0;
  private readonly tag = newTag();
  /** Villages created so far in this table (through lib/ or in bulk). */
  created = 0;

  constructor(
    readonly s: Seeder,
    readonly mode: 'bulk' | 'lib',
  ) {}

  /** Reads the bundle's config now (from the current env), so later env changes do not move it to another table. */
  bind(): this {
    this.s.tableName();
    this.s.db();
    return this;
  }

  get table(): string {
    return this.s.tableName();
  }

  get usesBulk(): boolean {
    return this.bulkOk === true;
  }

  /** A verified user of `role` through lib/ (registerUser), with a token. */
  async user(role: 'pengelola' | 'dinas' | 'admin', label: string): Promise<Owner> {
    const email = `${label}-${this.tag}@bench.example.com`;
    await this.s.registerUser(
      { username: `${label}_${this.tag}`, fullName: `Bench ${label}`, email, password: PASSWORD, role },
      true,
      this.s.SYSTEM,
    );
    const record = (await this.s.getUserByEmail(email))!;
    this.passwordHash ||= record.password_hash;
    return { email, id: record.id, token: await this.s.signToken(record) };
  }

  /**
   * A village of `owner` (a new pengelola when omitted) with its score and description,
   * all through lib/'s domain functions, as the handlers would create them.
   */
  async libVillage(owner?: Owner, opts: { score?: boolean; description?: boolean } = {}): Promise<SeededVillage & { owner: Owner }> {
    const i = ++this.seq;
    const o = owner ?? (await this.user('pengelola', `owner${i}`));
    const record = (await this.s.getUserByEmail(o.email))!;
    const { village } = await this.s.createVillage(villageFields(this.tag, i, o.email), record);
    if (opts.score ?? true) {
      await this.s.createScore(
        this.s.createScoreInput.parse({ kd_desa: village.kd_desa, ...scoreValues(i, this.s.SCORE_FIELDS) }),
        this.s.SYSTEM,
      );
    }
    if (opts.description ?? true) {
      await this.s.createTourismDescription(this.s.createTourismInput.parse(descriptionData(village.kd_desa, i)), [], record);
    }
    this.created++;
    return { kd: village.kd_desa, slug: village.slug, email: o.email, owner: o };
  }

  private async get(key: Record<string, string>): Promise<Item | undefined> {
    const out = await this.s.db().send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item;
  }

  /**
   * Creates one village through lib/ (with a new owner, score and description), reads
   * back every item lib/ stored for it and compares them with what the bulk mirror
   * builds for the same values. Records the differences; bulk seeding only if none.
   */
  async verify(): Promise<boolean> {
    if (this.bulkOk !== null) return this.bulkOk;
    if (this.mode === 'lib') return (this.bulkOk = false);
    const v = await this.libVillage();
    const { keys } = this.s;
    const stored = {
      user: await this.get(keys.user(v.email)),
      village: await this.get(keys.village(v.kd)),
      score: await this.get(keys.score(v.kd)),
      description: await this.get(keys.tourismDescription(v.kd)),
      position: await this.get(keys.tourismPosition(v.kd)),
    } as Record<string, Item | undefined>;
    const u = stored.user ?? {};
    const vil = stored.village ?? {};
    const kdp = [...((vil.request_codes as Set<string> | undefined) ?? [])][0] ?? '';
    const pos = Number(stored.position?.pos ?? 0);
    stored.username = await this.get(keys.usernameMarker(String(u.username ?? '')));
    stored.slug = await this.get(keys.slugMarker(v.slug));
    stored.request = await this.get(keys.request(kdp));
    stored.index = await this.get(keys.tourismIndex(pos));
    const i = this.seq;
    const mirror = mirrorItems(this.s, {
      user: {
        id: Number(u.id),
        username: String(u.username),
        fullName: String(u.full_name),
        email: v.email,
        passwordHash: String(u.password_hash),
        now: String(u.created_at),
      },
      village: { kd: v.kd, kdp, slug: v.slug, fields: villageFields(this.tag, i, v.email), now: String(vil.created_at), childRev: 3 },
      score: { values: scoreValues(i, this.s.SCORE_FIELDS), now: String(stored.score?.created_at) },
      description: {
        data: descriptionData(v.kd, i),
        randomKey: String(stored.description?.random_key),
        now: String(stored.description?.created_at),
        pos,
      },
    });
    for (const [name, item] of Object.entries(mirror)) sameValue(item, stored[name], name, this.diffs);
    for (const name of Object.keys(stored)) if (!(name in mirror)) this.diffs.push(`${name}: not built by the mirror`);
    this.bulkOk = this.diffs.length === 0;
    return this.bulkOk;
  }

  private async counter(key: Record<string, string>): Promise<number> {
    return Number((await this.get(key))?.value ?? 0);
  }

  /**
   * `count` more villages, each with its own verified pengelola and (optionally) a score
   * and a tourism description at the next list positions.
   */
  async villages(count: number, opts: { score: boolean; description: boolean }): Promise<SeededVillage[]> {
    if (count <= 0) return [];
    if (!(await this.verify())) return this.libVillages(count, opts);
    const { keys } = this.s;
    if (!this.passwordHash) await this.user('pengelola', 'hash');
    const firstUserId = (await this.counter(keys.userCounter())) + 1;
    const firstPos = (await this.counter(keys.tourismCounter())) + 1;
    const out: SeededVillage[] = [];
    const items: Item[] = [];
    for (let n = 0; n < count; n++) {
      const i = ++this.seq;
      const email = `pengelola-${this.tag}-${i}@bench.example.com`;
      const fields = villageFields(this.tag, i, email);
      const slug = this.s.slugify(fields.nama_popular);
      const kd = this.s.newCode.village();
      const now = new Date().toISOString();
      const built = mirrorItems(this.s, {
        user: {
          id: firstUserId + n,
          username: `peng_${this.tag}_${i}`,
          fullName: `Pengelola ${i}`,
          email,
          passwordHash: this.passwordHash,
          now,
        },
        village: { kd, kdp: this.s.newCode.request(), slug, fields, now, childRev: 1 + Number(opts.score) + Number(opts.description) },
        score: opts.score ? { values: scoreValues(i, this.s.SCORE_FIELDS), now } : undefined,
        description: opts.description
          ? { data: descriptionData(kd, i), randomKey: randomBytes(8).toString('hex'), now, pos: firstPos + n }
          : undefined,
      });
      items.push(...Object.values(built));
      out.push({ kd, slug, email });
    }
    await batchWrite(this.s, items);
    this.created += count;
    // the statistics' counters, as the villages' own transactions would have left them
    const byRegion = new Map<string, { region: { provinsi: string; kabupaten: string }; counts: Record<string, number> }>();
    for (const item of items.filter((it) => it.type === 'DESA')) {
      const region = { provinsi: String(item.provinsi), kabupaten: String(item.kabupaten) };
      const key = this.s.regionKey(region).SK;
      const entry = byRegion.get(key) ?? { region, counts: {} };
      const part = this.s.sum(this.s.contributionOf(item as { kategori?: string }), { [`baru_${String(item.created_at).slice(0, 7)}`]: 1 });
      entry.counts = this.s.sum(entry.counts, part);
      byRegion.set(key, entry);
    }
    const counterUpdates = [
      ...[...byRegion.values()].flatMap((r) => this.s.regionCounts(r.region, r.counts)),
      ...this.s.accountCounts({ verified: count }),
    ];
    await pool(counterUpdates, 6, async (u) => {
      await this.s.db().send(new UpdateCommand(u.Update as never));
    });
    // The counters last, as lib/ leaves them: the newest user id and the number of descriptions.
    await this.s.db().send(new PutCommand({ TableName: this.table, Item: { ...keys.userCounter(), value: firstUserId + count - 1 } }));
    if (opts.description) {
      await this.s.db().send(new PutCommand({ TableName: this.table, Item: { ...keys.tourismCounter(), value: firstPos + count - 1 } }));
    }
    return out;
  }

  /**
   * `perVillage` history entries for each of these villages, built by lib/'s own
   * `historyOf` (as a status update by this table's office would record them), written
   * in bulk: the history a busy service has accumulated.
   */
  async history(villages: string[], perVillage: number): Promise<void> {
    const items: Item[] = [];
    for (const kd of villages)
      for (let i = 0; i < perVillage; i++)
        items.push(
          this.s.historyOf({
            who: this.s.SYSTEM,
            action: 'status.updated',
            kd_desa: kd,
            record: `STAT-${kd}`,
            before: { status: i % 2 ? 'aktif' : 'ditinjau', keterangan: `pemeriksaan ${i}` },
            after: { status: i % 2 ? 'ditinjau' : 'aktif', keterangan: `pemeriksaan ${i + 1}` },
          }).Put!.Item as Item,
        );
    await batchWrite(this.s, items);
  }

  /**
   * An evaluation round over every village (through lib/), and its counters per region as
   * a round half-way through leaves them (half of each region's villages submitted, a third
   * reviewed), written in bulk: what GET /api/evaluasi/{id}/rekap reads. Its code.
   */
  async round(office: Owner): Promise<string> {
    const caller = (await this.s.getUserByEmail(office.email))!;
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const round = await this.s.createRound({ nama: `Bench ${this.tag}`, mulai: day(-5), batas_mandiri: day(10), selesai: day(30) }, caller);
    const items: Item[] = [];
    for (const r of await this.s.readRegionCounters()) {
      const desa = Number(r.desa ?? 0);
      const submitted = Math.floor(desa / 2);
      const reviewed = Math.floor(desa / 3);
      const counts: Record<string, number> = {
        n_draf: desa - submitted,
        n_diajukan: submitted - reviewed,
        n_dinilai: reviewed,
        n_mandiri: submitted,
        n_nilai: reviewed,
        gerak_tetap: reviewed,
      };
      for (const [i, f] of this.s.SCORE_FIELDS.entries()) {
        counts[`mandiri_${f}`] = submitted * (70 + i);
        counts[`nilai_${f}`] = reviewed * (65 + i);
      }
      items.push({ ...this.s.keys.evaluationCounters(round.id_evaluasi, r), provinsi: r.provinsi, kabupaten: r.kabupaten, ...counts });
    }
    await batchWrite(this.s, items);
    return round.id_evaluasi;
  }

  /** The slow path: lib/ for everything; one owner per 50 villages (scrypt is slow), descriptions in order. */
  private async libVillages(count: number, opts: { score: boolean; description: boolean }): Promise<SeededVillage[]> {
    const owners: Owner[] = [];
    for (let n = 0; n < Math.ceil(count / 50); n++) owners.push(await this.user('pengelola', `libowner${this.seq}-${n}`));
    const out: SeededVillage[] = new Array(count);
    await pool([...Array(count).keys()], 8, async (n) => {
      const v = await this.libVillage(owners[Math.floor(n / 50)], { score: opts.score, description: false });
      out[n] = v;
    });
    if (opts.description) {
      for (const [n, v] of out.entries()) {
        const owner = (await this.s.getUserByEmail(v.email))!;
        await this.s.createTourismDescription(this.s.createTourismInput.parse(descriptionData(v.kd, n)), [], owner);
      }
    }
    return out;
  }
}
