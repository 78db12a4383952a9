import { config } from '../platform/config';
import { s3 } from './s3';

/**
 * Bulk-import files (docs/import.md): private objects under `imports/<id>/` (no bucket policy
 * makes them public, no route serves them): the uploaded file as sent, and what its check
 * left for the apply (the valid rows with their matches, the refused rows). Keys hold the
 * import's random id, never a name from the request.
 */
export const IMPORT_PREFIX = 'imports/';
export type ImportObject = 'berkas' | 'rencana.json' | 'ditolak.json';
const keyOf = (id: string, name: ImportObject) => `${IMPORT_PREFIX}${encodeURIComponent(id)}/${name}`;

export async function putImportObject(id: string, name: ImportObject, body: Buffer): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: config().bucketName, Key: keyOf(id, name), Body: body, CacheControl: 'private, no-store' }),
  );
}

export async function readImportObject(id: string, name: ImportObject): Promise<Buffer> {
  const { client, sdk } = await s3();
  const out = await client.send(new sdk.GetObjectCommand({ Bucket: config().bucketName, Key: keyOf(id, name) }));
  return Buffer.from(await out.Body!.transformToByteArray());
}
