import { randomUUID } from 'node:crypto';
import { count } from '../platform/metrics';
import { config } from '../platform/config';
import { IMAGE_VARIANTS, type ImageType, type VariantName } from './image-type';
import { deleteObjects, s3 } from './s3';

/**
 * Image objects. Keys are generated here (never from the client's file name):
 * - `images/u/<user id>/<uuid>.<ext>`: uploaded through POST /api/upload/gambar. An item
 *   that refers to one keeps this URL: ownership is the database record that lists it,
 *   not the key;
 * - `images/d/<kd_desa>/<uuid>.<ext>`: images sent with that village's descriptions.
 * Only the orphan sweep (lib/domain/image-sweep.ts, daily on AWS) deletes an image that a
 * record may have listed, through the reference records of lib/db/image-refs.ts; a
 * write only removes the new objects of its own that it failed to commit.
 */
const PREFIX = 'images/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
export const uploadPrefix = (userId: number) => `${PREFIX}u/${userId}/`;
export const villagePrefix = (kd: string) => `${PREFIX}d/${encodeURIComponent(kd)}/`;

export const urlOf = (key: string) => `${config().s3PublicBaseUrl}/${key}`;

/**
 * The object key of a URL this service stored (as records list them), or null for any
 * other URL. For URLs a client sends, use canonicalImageUrl.
 */
export function keyOf(url: string): string | null {
  const base = `${config().s3PublicBaseUrl}/`;
  if (typeof url !== 'string' || !url.startsWith(base)) return null;
  const key = url.slice(base.length);
  if (!key.startsWith(PREFIX) || key.includes('..') || key.includes('//') || /[?#\s]/.test(key)) return null;
  return key;
}

/** The keys this service generates: images/u/<user id>/<uuid>.<ext> and images/d/<kd_desa>/<uuid>.<ext>. */
const GENERATED_KEY =
  /^images\/(u\/\d{1,15}|d\/[A-Za-z0-9_-]{1,100})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/**
 * A client-sent image URL in its one canonical form, as a browser resolves it (percent
 * escapes, `.`/`..` segments — also encoded ones such as `%2e%2e` —, scheme and host
 * case), or null unless that names a key this service generates in its own store. Every
 * ownership check and every stored URL uses this form, so what is checked is what is served.
 */
export function canonicalImageUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 2048) return null;
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(`${config().s3PublicBaseUrl}/`);
  } catch {
    return null;
  }
  if (parsed.origin !== base.origin || parsed.username || parsed.password || parsed.search || parsed.hash) return null;
  if (!parsed.pathname.startsWith(base.pathname)) return null;
  let key: string;
  try {
    key = decodeURIComponent(parsed.pathname.slice(base.pathname.length));
  } catch {
    return null;
  }
  return GENERATED_KEY.test(key) ? urlOf(key) : null;
}

/** An image as it is stored: the web-sized image in its own format, and its WebP variants. */
export interface ImageToStore {
  type: ImageType;
  data: Buffer;
  variants: Record<VariantName, Buffer>;
}

const VARIANT_SUFFIX = new RegExp(`\\.(${IMAGE_VARIANTS.map((v) => v.name).join('|')})\\.webp$`);
export const isVariantKey = (key: string) => VARIANT_SUFFIX.test(key);
/** A stored image's own key (not a variant's). */
export const isImageKey = (key: string) => /\.(jpg|png|webp)$/.test(key) && !isVariantKey(key);
/** A variant's key: the image's key with `.<variant>.webp` for its extension. */
export const variantKey = (key: string, name: VariantName) => key.replace(/\.(jpg|png|webp)$/, `.${name}.webp`);

/**
 * The URL of an image's variant, for an image this service stored; any other URL (or
 * none) is returned as it is, so a field never points at nothing.
 */
export function variantUrl<U extends string | null | undefined>(url: U, name: VariantName): U | string {
  const key = url ? keyOf(url) : null;
  return key && isImageKey(key) ? urlOf(variantKey(key, name)) : url;
}

/**
 * `gambar_varian`, the one field that lists variants beside a response's image fields:
 * each image of this store among `urls` → its variants' URLs (other URLs are left out).
 */
export function imageVariantsOf(urls: Iterable<string | null | undefined>): Record<string, Record<VariantName, string>> {
  const out: Record<string, Record<VariantName, string>> = {};
  for (const url of urls) {
    const key = url ? keyOf(url) : null;
    if (key && isImageKey(key))
      out[url!] = Object.fromEntries(IMAGE_VARIANTS.map((v) => [v.name, urlOf(variantKey(key, v.name))])) as Record<VariantName, string>;
  }
  return out;
}

/** Object metadata of an image made by lib/domain/image-processing.ts (the backfill leaves such images' bytes alone). */
const WEB_SIZED = { 'tv-image': 'web-1' };

async function putObject(Key: string, Body: Buffer, ContentType: string): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: config().bucketName, Key, Body, ContentType, CacheControl: IMMUTABLE, Metadata: WEB_SIZED }),
  );
}

/** A stored image's bytes, and whether it was made web-sized by this service (its metadata says so). */
export async function readImage(key: string): Promise<{ data: Buffer; webSized: boolean }> {
  const { client, sdk } = await s3();
  const out = await client.send(new sdk.GetObjectCommand({ Bucket: config().bucketName, Key: key }));
  const data = Buffer.from(await out.Body!.transformToByteArray());
  return { data, webSized: out.Metadata?.['tv-image'] === WEB_SIZED['tv-image'] };
}

export interface ListedObject {
  key: string;
  bytes: number;
  /** Last modified, epoch ms. */
  modified: number;
}

/** One page (up to 1,000 keys, in key order) of the objects under `prefix` after `startAfter`. */
export async function listKeyPage(
  prefix: string,
  opts: { startAfter?: string; token?: string } = {},
): Promise<{ objects: ListedObject[]; token?: string }> {
  const { client, sdk } = await s3();
  const out = await client.send(
    new sdk.ListObjectsV2Command({
      Bucket: config().bucketName,
      Prefix: prefix,
      StartAfter: opts.token ? undefined : opts.startAfter,
      ContinuationToken: opts.token,
    }),
  );
  return {
    objects: (out.Contents ?? [])
      .filter((o) => o.Key)
      .map((o) => ({ key: o.Key!, bytes: o.Size ?? 0, modified: o.LastModified?.getTime() ?? 0 })),
    token: out.IsTruncated ? out.NextContinuationToken : undefined,
  };
}

/** Every object under a prefix (all pages). */
async function listAll(prefix: string): Promise<ListedObject[]> {
  const found: ListedObject[] = [];
  let token: string | undefined;
  do {
    const page = await listKeyPage(prefix, { token });
    found.push(...page.objects);
    token = page.token;
  } while (token);
  return found;
}

/** The objects of one image under `key`: the image, then its variants (key, bytes, type). */
const objectsOf = (key: string, image: ImageToStore): [string, Buffer, string][] => [
  [key, image.data, image.type.contentType],
  ...IMAGE_VARIANTS.map((v): [string, Buffer, string] => [variantKey(key, v.name), image.variants[v.name], 'image/webp']),
];

/**
 * Stores one image and its variants under `prefix` (in parallel) and returns the image's
 * public URL. If one put fails, the others are removed and the error is thrown.
 */
export async function putImage(image: ImageToStore, prefix: string): Promise<string> {
  const key = `${prefix}${randomUUID()}.${image.type.ext}`;
  const results = await Promise.allSettled(objectsOf(key, image).map(([k, body, type]) => putObject(k, body, type)));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await deleteImages([urlOf(key)]).catch(() => undefined); // what is left goes with the sweep
    throw (failure as PromiseRejectedResult).reason;
  }
  count('ImagesStored');
  return urlOf(key);
}

/**
 * Replaces a stored image's bytes (unless `variantsOnly`) and writes its variants, under
 * the same keys (the backfill). The variants go last: an image with all its variants is done.
 */
export async function rewriteImage(key: string, image: ImageToStore, variantsOnly = false): Promise<void> {
  const [own, ...variants] = objectsOf(key, image);
  if (!variantsOnly) await putObject(...own!);
  await Promise.all(variants.map((o) => putObject(...o)));
}

/** Deletes the objects behind these URLs and their variants (URLs outside this store are ignored). */
export async function deleteImages(urls: Iterable<string>): Promise<void> {
  const images = [...urls].map(keyOf).filter((k): k is string => k !== null);
  const keys = [...new Set(images.flatMap((k) => (isVariantKey(k) ? [k] : [k, ...IMAGE_VARIANTS.map((v) => variantKey(k, v.name))])))];
  await deleteObjects(keys, (n) => count('ImagesRemoved', n));
}

/** True when the object exists. */
export async function imageExists(key: string): Promise<boolean> {
  const { client, sdk } = await s3();
  try {
    await client.send(new sdk.HeadObjectCommand({ Bucket: config().bucketName, Key: key }));
    return true;
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (err instanceof sdk.NotFound || e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

/** Every object key under a prefix (all pages). */
export const listKeys = async (prefix: string): Promise<string[]> => (await listAll(prefix)).map((o) => o.key);

/** Deletes every object under a prefix: what a deleted village leaves, including any earlier orphans. */
export async function deleteAllUnder(prefix: string): Promise<void> {
  await deleteImages((await listKeys(prefix)).map(urlOf));
}

/**
 * Every image object under `prefix` with its last-modified time (epoch ms), all pages;
 * apart, the variants whose image object is not there (a delete that raced a write of
 * variants leaves them). The variants of listed images go with their image.
 */
export async function listImageObjects(
  prefix = PREFIX,
): Promise<{ images: { key: string; modified: number }[]; strayVariants: { key: string; modified: number }[] }> {
  const all = (await listAll(prefix)).map(({ key, modified }) => ({ key, modified }));
  const images = all.filter((o) => !isVariantKey(o.key));
  const stems = new Set(images.map((o) => o.key.replace(/\.(jpg|png|webp)$/, '')));
  const strayVariants = all.filter((o) => isVariantKey(o.key) && !stems.has(o.key.replace(VARIANT_SUFFIX, '')));
  return { images, strayVariants };
}
