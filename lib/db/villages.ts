import * as z from 'zod';
import { newCode } from '../contract/codes';
import { numberedSlug } from '../contract/slug';
import { defineEntity, imageUrl, timestamp, type TransactItem } from './entity';
import {
  and,
  beginsWith,
  contains,
  eq,
  exists,
  fieldMissing,
  gt,
  gte,
  ifAbsent,
  keyQuery,
  notExists,
  or,
  plus,
  txDelete,
  txPut,
  txUpdate,
  updateInput,
  type Condition,
} from './expression';
import { getItem, queryAll, updateItem } from './helpers';
import { GSI1, GSI2, GSI3, keys, LIST, normEmail, fitsKey, regionPart } from './keys';
import { pageOfQueries } from './paging';
import { KATEGORI } from './scores';
import { REQUEST_STATUSES, requests, type RequestRecord } from './requests';
import { VILLAGE_STATUSES } from './statuses';
import { RaceLostError, withChildCounted, type UnitOfWork } from './unit-of-work';
import { noticeOnChange } from './outbox';
import { contributionOf, monthOf, regionKey } from './stats';
import { changesNothing } from './history';
import type { UserRecord } from './users';

/** The eight fields a client sends for a village. */
const villageFields = {
  provinsi: z.string(),
  kabupaten: z.string(),
  nama_desa: z.string(),
  nama_popular: z.string(),
  alamat: z.string(),
  pengelola: z.string(),
  nomor_telepon: z.string(),
  email: z.string().meta({ format: 'email' }),
};

/** The village's tallies of its children by state (lib/db/stats.ts): absent is 0. */
const TALLY_FIELDS = Object.fromEntries(
  [...REQUEST_STATUSES.map((st) => `nreq_${st}`), ...VILLAGE_STATUSES.map((st) => `nstat_${st}`)].map((f) => [
    f,
    z.number().int().optional(),
  ]),
) as Record<`nreq_${(typeof REQUEST_STATUSES)[number]}` | `nstat_${(typeof VILLAGE_STATUSES)[number]}`, z.ZodOptional<z.ZodNumber>>;

/** A tourism village: DESA#<kd_desa>, listed in GSI1 DESA (by creation), by owner in GSI2. */
export const villages = defineEntity({
  type: 'DESA',
  schema: z.object({
    kd_desa: z.string().meta({ examples: ['DESA-a1B2c3D4e5'] }),
    ...villageFields,
    slug: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    /** Bumped by every PUT; a PUT writes only if it is still the version it read. */
    version: z.number().int(),
    /** Bumped by every transaction that adds or removes something hanging off the village. */
    child_rev: z.number().int(),
    request_codes: z.set(z.string()).optional(),
    status_codes: z.set(z.string()).optional(),
    /** The village description's cover, kept here so lists need no extra reads. */
    gambar_cover: imageUrl.nullable().optional(),
    /** The village description's kinds (`Alam`, `Budaya`, `Buatan`), kept here for the same reason. */
    jenis_desa_list: z.array(z.string()).nullable().optional(),
    /** What the village adds to its region's statistics (lib/db/stats.ts): its score's category (absent: unscored) … */
    kategori: z.string().optional(),
    /** … and how many of its requests and statuses are in each state (`nreq_<status>`, `nstat_<status>`). */
    ...TALLY_FIELDS,
    /** Set when a deletion too large for one transaction has begun (lib/db/cascade.ts): the village reads as gone. */
    deleting: timestamp.optional(),
  }),
  key: keys.village,
  id: (v) => v.kd_desa,
  indexes: (v) => ({
    ...keys.villageList(v.created_at, v.kd_desa),
    ...keys.villageOwner(v.email, v.kd_desa),
    ...keys.villageFilter(v.kategori, v, v.kd_desa),
  }),
  list: LIST.villages,
  hidden: (v) => v.deleting !== undefined,
  changes: {
    history: { subject: 'village', record: (v) => v.kd_desa, kd_desa: (v) => v.kd_desa },
    lists: ['villages'],
    // its region's statistics: the village, its category, its children's states (lib/db/stats.ts)
    counts: (v) => [{ region: v, counts: contributionOf(v) }],
    events: (before, after, at) => (!before && after ? [{ region: after, counts: { [`baru_${monthOf(at)}`]: 1 } }] : []),
    // a hand-over tells both managers (mailed by the outbox drain, once the change committed)
    notify: noticeOnChange('email', (before, { kd_desa, nama_popular, email }) => ({
      kind: 'village_handed_over',
      kd_desa,
      nama_popular,
      dari: before.email,
      kepada: email,
    })),
  },
  public: [
    'kd_desa',
    'provinsi',
    'kabupaten',
    'nama_desa',
    'nama_popular',
    'alamat',
    'pengelola',
    'nomor_telepon',
    'email',
    'slug',
    'created_at',
    'updated_at',
  ],
  publicMeta: { id: 'Village', description: 'A tourism village (desa wisata).' },
});
export type VillageRecord = z.infer<typeof villages.schema>;
export type VillageFields = z.infer<z.ZodObject<typeof villageFields>>;
export type PublicVillage = ReturnType<typeof villages.publicView>;
export const toPublicVillage = villages.publicView;

/** The slug was taken meanwhile: the next attempt takes a numbered one (`slugToTry`). */
export class SlugTakenError extends RaceLostError {}
/** A new village's random code was taken (astronomically unlikely): the next attempt draws another. */
export class VillageCodeTakenError extends RaceLostError {}
export class SignupRefusedError extends Error {}
/** Another writer changed the village since it was read: read again. */
export class VersionConflictError extends RaceLostError {}

export const getVillage = (kd: string, consistent = false) => villages.get(kd, consistent);

/**
 * A slug's marker: it reserves the slug (conditional Put) and carries a copy of the
 * village's public view, written in the same transaction as every change of it, so a
 * slug is read in one round trip.
 */
const slugMarkerItem = (v: VillageRecord) => ({
  ...keys.slugMarker(v.slug),
  type: 'SLUG',
  kd_desa: v.kd_desa,
  village: villages.publicView(v),
});
const slugMarkers = {
  /** Reserves a free slug for the village. */
  putNew: (v: VillageRecord): TransactItem => txPut(slugMarkerItem(v), notExists()),
  /** Rewrites the village's own marker (its copy of the public view). */
  putIfOwn: (v: VillageRecord): TransactItem => txPut(slugMarkerItem(v), or(notExists(), eq('kd_desa', v.kd_desa))),
  /** Frees a slug the village held. */
  deleteIfOwn: (slug: string, kd: string): TransactItem => txDelete(keys.slugMarker(slug), eq('kd_desa', kd)),
};

/** The public view of the village with this slug: one GetItem (markers written before the copy existed: two). */
export async function getVillageBySlug(slug: string): Promise<PublicVillage | undefined> {
  if (!fitsKey(slug)) return undefined;
  const marker = await getItem(keys.slugMarker(slug));
  if (marker?.village) return marker.village as PublicVillage;
  const kd = marker?.kd_desa as string | undefined;
  const village = kd ? await getVillage(kd) : undefined;
  return village && villages.publicView(village);
}

/** Several villages by code in one BatchGetItem round trip per 100 codes. */
export const getVillages = (codes: string[]) => villages.getMany(codes);

/** Every village, oldest first; with `fields`, only those attributes are read and parsed. */
export const listVillages = villages.listAll;

/** The villages of a manager (GSI2 OWNER#<email>), as records. */
export const villagesByEmail = async (email: string): Promise<VillageRecord[]> =>
  !fitsKey(email)
    ? []
    : (await queryAll<Record<string, unknown>>(keyQuery({ index: GSI2, pk: ['GSI2PK', keys.ownerPartition(email)] }))).map((item) =>
        villages.fromItem(item),
      );

/** The next free-looking number for a slug base (2, 3, …), from an atomic counter. */
async function nextSlugNumber(base: string): Promise<number> {
  const out = await updateItem({
    ...updateInput(keys.slugCounter(base), { set: { n: plus(ifAbsent(1), 1) } }),
    ReturnValues: 'UPDATED_NEW',
  });
  return Number(out?.n);
}

/**
 * The slug an attempt tries for `base`: the base itself, or once an attempt lost because its
 * slug was taken, base-N with N from the counter. Parallel creators of the same name each get
 * their own number at once instead of racing through -2, -3, …
 */
export async function slugToTry(base: string, lost: unknown): Promise<string> {
  return lost instanceof SlugTakenError ? numberedSlug(base, await nextSlugNumber(base)) : base;
}

export interface CreatedVillage {
  village: VillageRecord;
  kd_permintaan: string;
}

/**
 * Records a new village on the unit of work: the village, its slug marker, its first request
 * (`diproses`) and its history entry. With `signupOf`, the same transaction marks that
 * unverified account as having used its one token-less sign-up village (SignupRefusedError
 * otherwise). A taken slug or code fails the commit with SlugTakenError / VillageCodeTakenError.
 */
export function recordNewVillage(
  uow: UnitOfWork,
  fields: VillageFields,
  slug: string,
  opts: { signupOf?: string; action?: string; security?: boolean } = {},
): CreatedVillage {
  const email = normEmail(fields.email);
  const now = uow.at;
  const kd = newCode.village();
  const kdp = newCode.request();
  const request: RequestRecord = {
    kd_permintaan: kdp,
    kd_desa: kd,
    email,
    status_permintaan: 'diproses',
    created_at: now,
    updated_at: now,
  };
  // its first request in its code set and tallies, as the request entity declares them
  const village: VillageRecord = withChildCounted(
    {
      ...fields,
      email,
      kd_desa: kd,
      slug,
      created_at: now,
      updated_at: now,
      version: 1,
      child_rev: 1,
      gambar_cover: null,
    },
    requests,
    request,
  );
  const codeTaken = () => new VillageCodeTakenError();
  // one more village in its region, unscored, without a status, with a request in progress; new this month
  uow.create(villages, village, { guard: codeTaken, action: opts.action, security: opts.security });
  uow.include(slugMarkers.putNew(village), () => new SlugTakenError());
  uow.create(requests, request, { guard: codeTaken, bornWithVillage: true });
  if (opts.signupOf) uow.include(signupUsed(opts.signupOf, kd), () => new SignupRefusedError());
  return { village, kd_permintaan: kdp };
}

/** The account's one token-less sign-up village, marked used (only while it is unverified and has none). */
const signupUsed = (email: string, kd: string): TransactItem =>
  txUpdate<UserRecord>(
    keys.user(email),
    { set: { signup_village: kd } },
    and(exists(), eq<UserRecord>('is_verified', false), fieldMissing<UserRecord>('signup_village')),
  );

/**
 * Records the replacement of a village's eight fields, if it is still as read (`current`;
 * VersionConflictError otherwise). When the slug changes (`slug`, from `slugToTry`), the new
 * marker is written and the old one deleted in the same transaction. Fields equal to the
 * stored ones record nothing (`current` is returned).
 */
export function recordVillageChange(
  uow: UnitOfWork,
  current: VillageRecord,
  fields: VillageFields,
  slug: string,
  action?: string,
): VillageRecord {
  const email = normEmail(fields.email);
  if (changesNothing(current, { ...current, ...fields, email })) return current;
  const moves = regionKey(current).SK !== regionKey(fields).SK;
  const next: VillageRecord = {
    ...current,
    ...fields,
    email,
    slug,
    updated_at: uow.at,
    version: current.version + 1,
    // a child's write that read the old region must read again: the village's statistics move whole
    child_rev: current.child_rev + (moves ? 1 : 0),
  };
  const conflict = () => new VersionConflictError();
  // still as read (its version; when the region changes, also no child changed since); moved to its new region
  uow.update(villages, current, next, { guard: conflict, action });
  // a new slug must be free; the current one must still be this village's
  uow.include(slug === current.slug ? slugMarkers.putIfOwn(next) : slugMarkers.putNew(next), () => new SlugTakenError());
  if (slug !== current.slug) uow.include(slugMarkers.deleteIfOwn(current.slug, current.kd_desa), conflict);
  return next;
}

/** What the filtered public lists narrow by (every field optional; `kategori` `belum`: unscored). */
export interface VillageFilter {
  provinsi?: string;
  /** Only with `provinsi`. */
  kabupaten?: string;
  kategori?: string;
  /** An operating status the village has. */
  status?: string;
  jenis?: string;
}

/**
 * The villages a filter admits, oldest first (as the unfiltered lists): Queries of GSI3,
 * one per category (one when the filter names it), each narrowed by key to the region;
 * status and kind are tested while reading those rows. The cost follows the rows of the
 * region (or category) asked for, not the table; a filter by status or kind alone reads
 * every village.
 */
export async function filteredVillages(f: VillageFilter): Promise<VillageRecord[]> {
  const tests = [
    f.status ? gt(`nstat_${f.status}`, 0) : undefined,
    f.jenis ? contains<VillageRecord>('jenis_desa_list', f.jenis) : undefined,
  ];
  const filter = tests.some(Boolean) ? and(...tests) : undefined;
  const parts = await Promise.all(regionQueries(f, { filter }).map((q) => queryAll(q)));
  return parts
    .flat()
    .map((item) => villages.fromItem(item))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.kd_desa.localeCompare(b.kd_desa));
}

/** The villages created at or after `at` (GSI1 lists them by creation), those being deleted left out. */
export async function villagesCreatedSince(at: string): Promise<VillageRecord[]> {
  const items = await queryAll(keyQuery({ index: GSI1, pk: ['GSI1PK', LIST.villages], sk: gte('GSI1SK', at) }));
  return items.map((item) => villages.fromItem(item)).filter((v) => !v.deleting);
}

/** The Queries of GSI3 that read a region's villages (one per category, or the one named), narrowed by key to the region. */
function regionQueries(
  f: Pick<VillageFilter, 'provinsi' | 'kabupaten' | 'kategori'>,
  opts: { filter?: Condition; fields?: readonly string[] },
) {
  const categories = f.kategori ? [f.kategori] : [...KATEGORI, 'belum'];
  const prefix = f.provinsi ? `${regionPart(f.provinsi)}#${f.kabupaten ? `${regionPart(f.kabupaten)}#` : ''}` : undefined;
  return categories.map((k) =>
    keyQuery({
      index: GSI3,
      pk: ['GSI3PK', keys.villageFilter(k === 'belum' ? undefined : k, { provinsi: '', kabupaten: '' }, '').GSI3PK],
      sk: prefix ? beginsWith('GSI3SK', prefix) : undefined,
      ...opts,
    }),
  );
}

/** What a page of villages holds: whom they belong to and what they are called. */
export type VillageOwner = Pick<VillageRecord, 'kd_desa' | 'email' | 'nama_desa'>;

/**
 * One page (up to `limit`) of the villages of a region (none: every village), from where
 * `cursor` says, and the cursor of the rest: a read of every village of the country in
 * resumable steps (lib/db/paging.ts). Villages being deleted are left out.
 */
export async function villagesPage(
  region: { provinsi?: string; kabupaten?: string },
  cursor: string | undefined,
  limit: number,
): Promise<{ villages: VillageOwner[]; next: string | undefined }> {
  const fields = ['kd_desa', 'email', 'nama_desa', 'deleting'];
  const queries = region.provinsi ? regionQueries(region, { fields }) : [keyQuery({ index: GSI1, pk: ['GSI1PK', LIST.villages], fields })];
  const page = await pageOfQueries(queries, cursor, limit);
  const found = page.items as (VillageOwner & { deleting?: string })[];
  return {
    villages: found.filter((v) => !v.deleting).map(({ kd_desa, email, nama_desa }) => ({ kd_desa, email, nama_desa })),
    next: page.next,
  };
}
