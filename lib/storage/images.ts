import { randomUUID } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  NoSuchKey,
} from '@aws-sdk/client-s3';
import { awsClientOptions } from '../aws';
import { count } from '../metrics';
import { traced } from '../tracing';
import { config } from '../config';
import type { ImageType } from './image-type';

/**
 * Image objects. Keys are generated here (never from the client's file name):
 * - `images/u/<user id>/<uuid>.<ext>`: uploaded through POST /api/upload/gambar. An item
 *   that refers to one keeps this URL: ownership is the database record that lists it,
 *   not the key. The orphan sweep (lib/domain/image-sweep.ts, daily on AWS) removes uploads
 *   no record has referred to for a day;
 * - `images/d/<kd_desa>/<uuid>.<ext>`: images sent with that village's descriptions.
 *   Each is referenced by exactly one place, so deleting it when that place drops it is safe.
 */
let client: S3Client | undefined;
export function s3(): S3Client {
  if (!client) {
    const c = config();
    client = traced(
      new S3Client({
        ...awsClientOptions(c.endpoints.s3),
        forcePathStyle: Boolean(c.endpoints.s3),
        // Without this, stream bodies are sent aws-chunked, which s3rver stores verbatim.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    );
  }
  return client;
}

const PREFIX = 'images/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
export const uploadPrefix = (userId: number) => `${PREFIX}u/${userId}/`;
export const villagePrefix = (kd: string) => `${PREFIX}d/${encodeURIComponent(kd)}/`;

export const urlOf = (key: string) => `${config().s3PublicBaseUrl}/${key}`;

/** The object key of a URL of this service's store, or null for any other URL. */
export function keyOf(url: string): string | null {
  const base = `${config().s3PublicBaseUrl}/`;
  if (typeof url !== 'string' || !url.startsWith(base)) return null;
  const key = url.slice(base.length);
  if (!key.startsWith(PREFIX) || key.includes('..') || key.includes('//') || /[?#\s]/.test(key)) return null;
  return key;
}

/** Stores one image under `prefix` and returns its public URL. */
export async function putImage(data: Buffer, type: ImageType, prefix: string): Promise<string> {
  const key = `${prefix}${randomUUID()}.${type.ext}`;
  await s3().send(
    new PutObjectCommand({
      Bucket: config().bucketName,
      Key: key,
      Body: data,
      ContentType: type.contentType,
      CacheControl: IMMUTABLE,
    }),
  );
  count('ImagesStored');
  return urlOf(key);
}

/** Deletes the objects behind these URLs (URLs outside this store are ignored). */
export async function deleteImages(urls: Iterable<string>): Promise<void> {
  const keys = [...new Set([...urls].map(keyOf).filter((k): k is string => k !== null))];
  for (let i = 0; i < keys.length; i += 1000) {
    const out = await s3().send(
      new DeleteObjectsCommand({
        Bucket: config().bucketName,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (out.Errors?.length) throw new Error(`S3 refused to delete ${out.Errors.length} object(s): ${out.Errors[0]?.Code}`);
    count('ImagesRemoved', Math.min(1000, keys.length - i));
  }
}

export class ImageMissingError extends Error {}

/** True for the URL of an upload (POST /api/upload/gambar). */
export const isUploadUrl = (url: string): boolean => keyOf(url)?.startsWith(`${PREFIX}u/`) ?? false;

/**
 * Checks that an object exists and renews its last-modified time (a copy onto itself),
 * so that the sweep's age check starts again from now. ImageMissingError if it is gone.
 */
export async function touchImage(key: string): Promise<void> {
  try {
    await s3().send(
      new CopyObjectCommand({
        Bucket: config().bucketName,
        Key: key,
        CopySource: `${config().bucketName}/${key}`,
        MetadataDirective: 'REPLACE',
        ContentType: contentTypeOf(key),
        CacheControl: IMMUTABLE,
      }),
    );
  } catch (err) {
    if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') throw new ImageMissingError(key);
    throw err;
  }
}

const contentTypeOf = (key: string) => {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
};

/** Every object key under a prefix (all pages). */
export async function listKeys(prefix: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: config().bucketName, Prefix: prefix, ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) found.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** Deletes every object under a prefix: what a deleted village leaves, including any earlier orphans. */
export async function deleteAllUnder(prefix: string): Promise<void> {
  await deleteImages((await listKeys(prefix)).map(urlOf));
}

/** Every image object with its last-modified time (epoch ms), all pages. */
export async function listImageObjects(): Promise<{ key: string; modified: number }[]> {
  const objects: { key: string; modified: number }[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: config().bucketName, Prefix: PREFIX, ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) objects.push({ key: o.Key, modified: o.LastModified?.getTime() ?? 0 });
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

/** An object's last-modified time read afresh (epoch ms), or undefined when it is gone. */
export async function imageModifiedAt(key: string): Promise<number | undefined> {
  const head = await s3()
    .send(new HeadObjectCommand({ Bucket: config().bucketName, Key: key }))
    .catch(() => undefined);
  return head ? (head.LastModified?.getTime() ?? 0) : undefined;
}
