import { randomUUID } from 'node:crypto';
import { nowMs } from '../platform/clock';
import { config } from '../platform/config';
import { count } from '../platform/metrics';
import { presignedGet, s3 } from './s3';

/**
 * Export files too large for one Lambda answer (6 MB). They are private: stored under
 * `exports/` (no bucket policy makes them public; the bucket's lifecycle rule removes them
 * after a day, serverless.yml) and handed out as a presigned GET URL that expires after
 * `expiresIn` seconds. The key holds a random UUID, never a name from the request.
 */
export const EXPORT_PREFIX = 'exports/';

export interface ExportLink {
  url: string;
  expires_at: string;
}

/** Stores the file and returns a link that downloads it under `fileName` until it expires. */
export async function storeExport(body: Buffer, fileName: string, contentType: string, expiresIn: number): Promise<ExportLink> {
  const Key = `${EXPORT_PREFIX}${randomUUID()}/${fileName}`;
  const Bucket = config().bucketName;
  const { client, sdk } = await s3();
  await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, CacheControl: 'private, no-store' }));
  count('ExportsStored');
  const url = await presignedGet(
    { Bucket, Key, ResponseContentDisposition: `attachment; filename="${fileName}"`, ResponseContentType: contentType },
    expiresIn,
  );
  return { url, expires_at: new Date(nowMs() + expiresIn * 1000).toISOString() };
}
