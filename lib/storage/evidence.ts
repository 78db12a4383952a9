import { randomUUID } from 'node:crypto';
import { nowMs } from '../platform/clock';
import { config } from '../platform/config';
import { listKeys } from './images';
import { deleteObjects, presignedGet, s3 } from './s3';

/**
 * Evidence of self-assessments: private files under `evidence/<round>/<village>/` (no bucket
 * policy makes them public, unlike `images/`), read only through presigned links that expire.
 * A key holds a random UUID, never a name from the request.
 */
const PREFIX = 'evidence/';
export const evidencePrefix = (round: string, kd?: string) =>
  `${PREFIX}${encodeURIComponent(round)}/${kd ? `${encodeURIComponent(kd)}/` : ''}`;

/** Stores one file under the village's prefix; its key. */
export async function putEvidence(round: string, kd: string, body: Buffer, ext: string, contentType: string): Promise<string> {
  const Key = `${evidencePrefix(round, kd)}${randomUUID()}.${ext}`;
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: config().bucketName, Key, Body: body, ContentType: contentType, CacheControl: 'private, no-store' }),
  );
  return Key;
}

export interface EvidenceLink {
  url: string;
  expires_at: string;
}

/** A link that reads the file (inline, as its type) until it expires. */
export async function evidenceLink(key: string, contentType: string, expiresIn: number): Promise<EvidenceLink> {
  const url = await presignedGet(
    { Bucket: config().bucketName, Key: key, ResponseContentType: contentType, ResponseContentDisposition: 'inline' },
    expiresIn,
  );
  return { url, expires_at: new Date(nowMs() + expiresIn * 1000).toISOString() };
}

/** Deletes these evidence files (keys outside `evidence/` are ignored). */
export const deleteEvidence = (keys: Iterable<string>): Promise<void> =>
  deleteObjects([...new Set(keys)].filter((k) => k.startsWith(PREFIX)));

/** Deletes every evidence file of a round (a deleted round's drafts). */
export const deleteRoundEvidence = async (round: string): Promise<void> => deleteEvidence(await listKeys(evidencePrefix(round)));
