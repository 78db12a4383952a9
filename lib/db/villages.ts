import { BatchGetCommand, GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../clock';
import { newCode } from '../codes';
import { numberedSlug, slugify } from '../slug';
import { db, tableName } from './client';
import { failedConditions, projection, queryAll } from './helpers';
import { GSI1, GSI2, keys, LIST, normEmail, fitsKey } from './keys';
import { transactWrite } from './transact';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The eight fields a client sends for a village. */
export interface VillageFields {
  provinsi: string;
  kabupaten: string;
  nama_desa: string;
  nama_popular: string;
  alamat: string;
  pengelola: string;
  nomor_telepon: string;
  email: string;
}

export interface VillageRecord extends VillageFields {
  kd_desa: string;
  slug: string;
  created_at: string;
  updated_at: string;
  /** Bumped by every PUT; a PUT writes only if it is still the version it read. */
  version: number;
  /** Bumped by every transaction that adds or removes something hanging off the village. */
  child_rev: number;
  request_codes?: Set<string>;
  status_codes?: Set<string>;
  /** First gallery image of the village description, kept here so lists need no extra reads. */
  gambar_cover?: string | null;
  /** The village description's kinds (`Alam`, `Budaya`, `Buatan`), kept here for the same reason. */
  jenis_desa_list?: string[] | null;
}

export interface PublicVillage extends VillageFields {
  kd_desa: string;
  slug: string;
  created_at: string;
  updated_at: string;
}

export const toPublicVillage = (v: VillageRecord): PublicVillage => ({
  kd_desa: v.kd_desa,
  provinsi: v.provinsi,
  kabupaten: v.kabupaten,
  nama_desa: v.nama_desa,
  nama_popular: v.nama_popular,
  alamat: v.alamat,
  pengelola: v.pengelola,
  nomor_telepon: v.nomor_telepon,
  email: v.email,
  slug: v.slug,
  created_at: v.created_at,
  updated_at: v.updated_at,
});

export class SlugTakenError extends Error {}
export class VillageCodeTakenError extends Error {}
export class SignupRefusedError extends Error {}
export class VersionConflictError extends Error {}

export async function getVillage(kd: string, consistent = false): Promise<VillageRecord | undefined> {
  if (!fitsKey(kd)) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.village(kd), ConsistentRead: consistent }));
  return out.Item as VillageRecord | undefined;
}

export async function getVillageBySlug(slug: string): Promise<VillageRecord | undefined> {
  if (!fitsKey(slug)) return undefined;
  const marker = await db().send(new GetCommand({ TableName: tableName(), Key: keys.slugMarker(slug) }));
  const kd = marker.Item?.kd_desa as string | undefined;
  return kd ? getVillage(kd) : undefined;
}

/** Several villages by code in one BatchGetItem round trip per 100 codes. */
export async function getVillages(codes: string[]): Promise<Map<string, VillageRecord>> {
  const found = new Map<string, VillageRecord>();
  const unique = [...new Set(codes)].filter((kd) => fitsKey(kd));
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100).map((kd) => keys.village(kd)) },
    };
    while (request && Object.keys(request).length > 0) {
      const out = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[tableName()] ?? []) found.set(item.kd_desa as string, item as VillageRecord);
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** Every village, oldest first; with `fields`, only those attributes are read and parsed. */
export function listVillages(): Promise<VillageRecord[]>;
export function listVillages<K extends keyof VillageRecord>(fields: readonly K[]): Promise<Pick<VillageRecord, K>[]>;
export function listVillages(fields?: readonly string[]) {
  return queryAll<VillageRecord>({
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': LIST.villages },
    ...(fields ? projection(fields) : {}),
  });
}

export const villagesByEmail = async (email: string) =>
  !fitsKey(email)
    ? []
    : queryAll<VillageRecord>({
        IndexName: GSI2,
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.ownerPartition(email) },
      });

/** The next free-looking number for a slug base (2, 3, …), from an atomic counter. */
async function nextSlugNumber(base: string): Promise<number> {
  const out = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slugCounter(base),
      UpdateExpression: 'SET n = if_not_exists(n, :one) + :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.n);
}

/**
 * Tries `write(slug)` with the base slug, then with base-N where N comes from the
 * counter, until a slug marker's condition no longer fails. Parallel creators of the
 * same name each get their own number at once instead of racing through -2, -3, …
 */
async function withFreeSlug<T>(base: string, write: (slug: string) => Promise<T>): Promise<T> {
  let slug = base;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await write(slug);
    } catch (err) {
      if (!(err instanceof SlugTakenError)) throw err;
      slug = numberedSlug(base, await nextSlugNumber(base));
    }
  }
  throw new Error(`no free slug found for ${base}`);
}

export interface CreatedVillage {
  village: VillageRecord;
  kd_permintaan: string;
}

/**
 * Creates a village, its slug marker and its request (`diproses`) in one transaction.
 * With `signupOf`, the same transaction marks that unverified account as having used its
 * one token-less sign-up village (refused with SignupRefusedError otherwise).
 */
export async function createVillage(fields: VillageFields, opts: { signupOf?: string } = {}): Promise<CreatedVillage> {
  const email = normEmail(fields.email);
  const base = slugify(fields.nama_popular);
  let codeCollisions = 0;
  for (;;) {
    try {
      return await withFreeSlug(base, async (slug) => {
        const now = nowIso();
        const kd = newCode.village();
        const kdp = newCode.request();
        const village: VillageRecord = {
          ...fields,
          email,
          kd_desa: kd,
          slug,
          created_at: now,
          updated_at: now,
          version: 1,
          child_rev: 1,
          request_codes: new Set([kdp]),
          gambar_cover: null,
        };
        const items: TransactItem[] = [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.village(kd), ...keys.villageList(now, kd), ...keys.villageOwner(email, kd), type: 'DESA', ...village },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.slugMarker(slug), type: 'SLUG', kd_desa: kd },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.request(kdp),
                ...keys.requestList(now, kdp),
                type: 'REQ',
                kd_permintaan: kdp,
                kd_desa: kd,
                email,
                status_permintaan: 'diproses',
                created_at: now,
                updated_at: now,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ];
        if (opts.signupOf) {
          items.push({
            Update: {
              TableName: tableName(),
              Key: keys.user(opts.signupOf),
              UpdateExpression: 'SET signup_village = :kd',
              ConditionExpression: 'attribute_exists(PK) AND is_verified = :f AND attribute_not_exists(signup_village)',
              ExpressionAttributeValues: { ':kd': kd, ':f': false },
            },
          });
        }
        try {
          await transactWrite(items);
        } catch (err) {
          const failed = failedConditions(err);
          if (failed?.includes(3)) throw new SignupRefusedError();
          if (failed?.includes(1)) throw new SlugTakenError();
          if (failed?.includes(0) || failed?.includes(2)) throw new VillageCodeTakenError();
          throw err;
        }
        return { village, kd_permintaan: kdp };
      });
    } catch (err) {
      // A random 10-character code colliding is astronomically unlikely; try a fresh one twice.
      if (err instanceof VillageCodeTakenError && ++codeCollisions < 3) continue;
      throw err;
    }
  }
}

/**
 * Replaces a village's eight fields if it is still at `current.version`. When the slug
 * changes, the new marker is written and the old one deleted in the same transaction.
 * Throws VersionConflictError when another writer came first (the caller re-reads).
 */
export async function updateVillage(current: VillageRecord, fields: VillageFields): Promise<VillageRecord> {
  const email = normEmail(fields.email);
  const base = slugify(fields.nama_popular);
  const keepSlug = base === slugify(current.nama_popular);
  const write = async (slug: string) => {
    const now = nowIso();
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName(),
          Key: keys.village(current.kd_desa),
          UpdateExpression:
            'SET provinsi = :provinsi, kabupaten = :kabupaten, nama_desa = :nama_desa, nama_popular = :nama_popular, ' +
            'alamat = :alamat, pengelola = :pengelola, nomor_telepon = :nomor_telepon, email = :email, slug = :slug, ' +
            'GSI2PK = :gsi2pk, updated_at = :now, version = :next',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: {
            ':provinsi': fields.provinsi,
            ':kabupaten': fields.kabupaten,
            ':nama_desa': fields.nama_desa,
            ':nama_popular': fields.nama_popular,
            ':alamat': fields.alamat,
            ':pengelola': fields.pengelola,
            ':nomor_telepon': fields.nomor_telepon,
            ':email': email,
            ':slug': slug,
            ':gsi2pk': keys.ownerPartition(email),
            ':now': now,
            ':version': current.version,
            ':next': current.version + 1,
          },
        },
      },
    ];
    if (slug !== current.slug) {
      items.push(
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.slugMarker(slug), type: 'SLUG', kd_desa: current.kd_desa },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Delete: {
            TableName: tableName(),
            Key: keys.slugMarker(current.slug),
            ConditionExpression: 'kd_desa = :kd',
            ExpressionAttributeValues: { ':kd': current.kd_desa },
          },
        },
      );
    }
    try {
      await transactWrite(items);
    } catch (err) {
      const failed = failedConditions(err);
      if (failed?.includes(0) || failed?.includes(2)) throw new VersionConflictError();
      if (failed?.includes(1)) throw new SlugTakenError();
      throw err;
    }
    return { ...current, ...fields, email, slug, updated_at: now, version: current.version + 1 };
  };
  return keepSlug ? write(current.slug) : withFreeSlug(base, write);
}

/** The TransactWrite item that records a new or removed child of a village. */
export function villageChildChange(
  kd: string,
  change: { add?: { request?: string; status?: string }; remove?: { request?: string; status?: string } },
): TransactItem {
  const adds: string[] = ['child_rev :one'];
  const deletes: string[] = [];
  const values: Record<string, unknown> = { ':one': 1 };
  if (change.add?.request) {
    adds.push('request_codes :addReq');
    values[':addReq'] = new Set([change.add.request]);
  }
  if (change.add?.status) {
    adds.push('status_codes :addStat');
    values[':addStat'] = new Set([change.add.status]);
  }
  if (change.remove?.request) {
    deletes.push('request_codes :delReq');
    values[':delReq'] = new Set([change.remove.request]);
  }
  if (change.remove?.status) {
    deletes.push('status_codes :delStat');
    values[':delStat'] = new Set([change.remove.status]);
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.village(kd),
      UpdateExpression: `ADD ${adds.join(', ')}${deletes.length ? ` DELETE ${deletes.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Deletes an item that hangs off village `kd` (a request or a status) and records the
 * removal on the village, in one transaction. Returns false when the item did not exist.
 */
export async function deleteVillageChild(
  kd: string,
  key: Record<string, string>,
  change: { request?: string; status?: string },
): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(PK)' } },
      villageChildChange(kd, { remove: change }),
    ]);
    return true;
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0)) return false; // deleted meanwhile
    if (failed?.includes(1)) {
      // The village is gone already (its cascade removes its children); make sure this one is.
      await transactWrite([{ Delete: { TableName: tableName(), Key: key } }]);
      return true;
    }
    throw err;
  }
}
