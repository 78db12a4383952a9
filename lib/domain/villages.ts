import * as z from 'zod';
import { isCaller, type Acting, type Caller } from '../contract/caller';
import { getUserByEmail, listUsers, users as userEntity } from '../db/users';
import { finishVillageDeletion, pendingDeletions, recordVillageDeletion, retiredVillageOwner } from '../db/cascade';
import { normEmail } from '../db/keys';
import { listRequests, requests as requestEntity } from '../db/requests';
import { inUnitOfWork } from '../db/unit-of-work';
import { slugify } from '../contract/slug';
import * as store from '../db/villages';
import { variantUrl } from '../storage/images';
import {
  SignupRefusedError,
  toPublicVillage,
  VillageCodeTakenError,
  type CreatedVillage,
  type VillageFilter,
  type VillageRecord,
} from '../db/villages';

const getRequests = (codes: string[]) => requestEntity.getMany(codes);
const getUsers = (emails: string[]) => userEntity.getMany(emails);
import { conflict, DomainError, forbidden, found, invalid, unauthenticated } from '../contract/errors';
import { RetriesExhaustedError } from '../platform/retry';
import { nowMs } from '../platform/clock';
import { config } from '../platform/config';
import { MSG } from '../contract/messages';
import { regionName } from '../contract/inputs';
import { sameSignupSource } from '../auth/signup-source';
import { deleteVillageImages } from './images';
import { refusals, namingRefusal } from '../contract/validation';

const text = (max: number) => z.string().trim().min(1).max(max);

/** The eight fields of POST and PUT /api/desa-wisata (a failure names its fields: 400 "Data desa wisata tidak valid: …"). */
export const villageInput = z.object({
  provinsi: regionName(),
  kabupaten: regionName(),
  nama_desa: text(150),
  nama_popular: text(150),
  alamat: text(500),
  pengelola: text(150),
  nomor_telepon: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{4,24}$/),
  email: z.email().max(254),
});
refusals.add(villageInput, namingRefusal(MSG.villageInvalid));

export type VillageInput = z.output<typeof villageInput>;

/**
 * POST /api/desa-wisata. With a token: the caller must be the pengelola whose e-mail the
 * village names. Without one (the sign-up flow): only while that account is unverified
 * and owns no village, once, and only from the source address (`caller.source`, the
 * request's IP) that registered the account.
 */
export async function createVillage(fields: VillageInput, caller: Acting): Promise<CreatedVillage> {
  const owner = await getUserByEmail(fields.email);
  if (!owner) throw invalid(MSG.emailNotRegistered);
  const base = slugify(fields.nama_popular);
  // a taken slug or code is a lost race: the next attempt tries another (lib/db/villages.ts slugToTry)
  const create = (opts?: Parameters<typeof store.recordNewVillage>[3]) =>
    inUnitOfWork(caller, async (uow, attempt) => store.recordNewVillage(uow, fields, await store.slugToTry(base, attempt.lost), opts));
  try {
    if (isCaller(caller)) {
      // (the access rule already admitted only a pengelola's token)
      if (caller.email !== owner.email) throw forbidden(MSG.villageOwnerOnly);
      return await create();
    }
    // Sign-up: the first village of a fresh, unverified pengelola account only, within
    // the sign-up window (so nobody can squat a victim's village long after they registered).
    if (owner.is_verified || owner.role !== 'pengelola') throw unauthenticated(MSG.tokenMissing);
    // Whoever knows a fresh account's e-mail (GET /api/users is public) is not its owner:
    // only the client that registered it may, from where it registered (the web app posts
    // the village right after the registration, from the same browser).
    if (!sameSignupSource(owner.signup_source, caller.source)) throw unauthenticated(MSG.tokenMissing);
    if (nowMs() - Date.parse(owner.created_at) > config().signupWindowMs) throw unauthenticated(MSG.tokenMissing);
    if ((await store.villagesByEmail(owner.email)).length > 0) throw unauthenticated(MSG.tokenMissing);
    // a token-less sign-up is a security event (who registered from where), as well as the village's first entry
    return await create({ signupOf: owner.email, action: 'village.signup_created', security: true });
  } catch (err) {
    if (err instanceof SignupRefusedError) throw unauthenticated(MSG.tokenMissing);
    // every freshly drawn code collided (astronomically unlikely): the contract's own text
    if (err instanceof RetriesExhaustedError && err.last instanceof VillageCodeTakenError) throw conflict(MSG.villageCodeTaken);
    throw err;
  }
}

/** Loads a village the caller owns: 404 when missing, 403 when another manager's. */
export async function ownedVillage(kd: string, caller: Caller, consistent = false): Promise<VillageRecord> {
  const village = found(await store.getVillage(kd, consistent), MSG.villageNotFound);
  if (village.email !== normEmail(caller.email)) throw forbidden(MSG.villageOwnerOnly);
  return village;
}

/**
 * PUT /api/desa-wisata/{kd}: re-reads and re-applies when a concurrent PUT came first
 * (409 "busy" when every attempt lost). Naming another e-mail hands the village over:
 * only to a verified pengelola, with no acceptance step (docs/decisions.md); both
 * managers are mailed through the outbox (the village's `notify`, lib/db/villages.ts).
 */
export async function updateVillage(kd: string, fields: VillageInput, caller: Caller): Promise<VillageRecord> {
  let handover = false;
  if (normEmail(fields.email) !== normEmail(caller.email)) {
    // A village may pass to another manager, never to an account that cannot manage it.
    const next = await getUserByEmail(fields.email);
    if (!next) throw invalid(MSG.emailNotRegistered);
    if (next.role !== 'pengelola') throw invalid(MSG.villageOwnerNotPengelola);
    // nor to a fresh account nobody has vouched for (which would also block its own sign-up village)
    if (!next.is_verified) throw invalid(MSG.villageHandoverUnverified);
    handover = true;
  }
  const action = handover ? 'village.handed_over' : 'village.updated';
  const base = slugify(fields.nama_popular);
  return inUnitOfWork(
    caller,
    async (uow, attempt) => {
      const current = await ownedVillage(kd, caller, true);
      const slug = base === slugify(current.nama_popular) ? current.slug : await store.slugToTry(base, attempt.lost);
      return store.recordVillageChange(uow, current, fields, slug, action);
    },
    OWN_VILLAGE_RETRIES,
  );
}

/** A write of the caller's own village: read afresh (404/403) on each attempt, 10 attempts, then 409. */
const OWN_VILLAGE_RETRIES = { attempts: 10, busy: MSG.villageBusy };

/**
 * DELETE /api/desa-wisata/{kd}: the cascade, run again if a child was added meanwhile. A
 * large village's deletion that was interrupted after it began (the village reads as
 * gone) is completed by its owner's retry, which then succeeds.
 */
export async function deleteVillage(kd: string, caller: Caller): Promise<void> {
  try {
    const { afterCommit } = await inUnitOfWork(
      caller,
      async (uow) => recordVillageDeletion(uow, await ownedVillage(kd, caller, true)),
      OWN_VILLAGE_RETRIES,
    );
    await afterCommit?.();
  } catch (err) {
    if (!(err instanceof DomainError && err.kind === 'notFound' && (await finishOwnDeletion(kd, caller)))) throw err;
  }
  // once the database no longer refers to them: every image under the village's prefix
  await deleteVillageImages(kd);
}

async function finishOwnDeletion(kd: string, caller: Caller): Promise<boolean> {
  const retired = await retiredVillageOwner(kd);
  if (retired === undefined) return false;
  if (retired !== normEmail(caller.email)) throw forbidden(MSG.villageOwnerOnly);
  await finishVillageDeletion(kd);
  return true;
}

/** Completes every village deletion that began and was interrupted (the maintenance sweep runs it first). */
export async function finishPendingDeletions(): Promise<string[]> {
  const done: string[] = [];
  for (const kd of await pendingDeletions()) {
    await finishVillageDeletion(kd);
    await deleteVillageImages(kd);
    done.push(kd);
  }
  return done;
}

/**
 * GET /api/desa-wisata: every village with its latest request and its owner's
 * verification flag (three list Queries joined in memory); with a filter, the villages it
 * admits (lib/db/villages.ts `filteredVillages`) with their requests and owners read by
 * key (BatchGetItem): the cost follows the rows returned.
 */
export async function listVillages(filter?: VillageFilter) {
  const [villages, requests, users] = filter
    ? await (async () => {
        const vs = await store.filteredVillages(filter);
        const [reqs, owners] = await Promise.all([
          getRequests(vs.flatMap((v) => [...(v.request_codes ?? [])])),
          getUsers([...new Set(vs.map((v) => v.email))]),
        ]);
        return [vs, [...reqs.values()], [...owners.values()]] as const;
      })()
    : await Promise.all([store.listVillages(), listRequests(['kd_desa', 'kd_permintaan', 'status_permintaan', 'created_at']), listUsers()]);
  const latest = new Map<string, { kd_permintaan: string; status_permintaan: string; created_at: string }>();
  for (const r of requests) {
    const seen = latest.get(r.kd_desa);
    if (!seen || seen.created_at <= r.created_at) latest.set(r.kd_desa, r);
  }
  const verified = new Map(users.map((u) => [u.email, u.is_verified]));
  return villages.map((v) => ({
    ...toPublicVillage(v),
    kd_permintaan: latest.get(v.kd_desa)?.kd_permintaan ?? null,
    status_permintaan: latest.get(v.kd_desa)?.status_permintaan ?? null,
    is_verified: verified.get(v.email) ?? false,
  }));
}

const DETAIL_FIELDS = ['kd_desa', 'gambar_cover', 'provinsi', 'kabupaten', 'nama_popular', 'slug'] as const;
type DetailSource = Pick<VillageRecord, (typeof DETAIL_FIELDS)[number]>;

/** GET /api/desa-wisata/details: the contract's item of a village (a card: the cover's card variant, docs/decisions.md "Images"). */
export const toVillageDetails = (v: DetailSource) => ({
  kd_desa: v.kd_desa,
  gambar_cover: variantUrl(v.gambar_cover ?? null, 'card'),
  provinsi: v.provinsi,
  kabupaten: v.kabupaten,
  nama_popular: v.nama_popular,
  slug: v.slug,
});

/** The villages of the details list, reading only the listed fields plus `extra` ones (with a filter: the villages it admits). */
export function listVillageDetails<K extends keyof VillageRecord = never>(extra: readonly K[] = [], filter?: VillageFilter) {
  if (filter) return store.filteredVillages(filter);
  return store.listVillages([...DETAIL_FIELDS, ...extra]);
}

/** GET /api/desa-wisata/{kd}. */
export const getVillage = async (kd: string) => toPublicVillage(found(await store.getVillage(kd), MSG.villageNotFound));

/** GET /api/desa-wisata/slug/{slug} (slugs are lower case). */
export const getVillageBySlug = async (slug: string) => found(await store.getVillageBySlug(slug.toLowerCase()), MSG.villageNotFound);

/** GET /api/desa-wisata/email/{email}: `[]` for an e-mail with no village. */
export const listVillagesByEmail = async (email: string) => (await store.villagesByEmail(email)).map(toPublicVillage);
