import type { GetObjectCommandInput } from '@aws-sdk/client-s3';
import { awsClientOptions, onFirstUse } from '../platform/aws';
import { config } from '../platform/config';

/**
 * The S3 SDK and the one S3 client of a function (images, evidence, exports), loaded and
 * made on first use (`onFirstUse`): `const { client, sdk } = await s3()`.
 */
export const s3 = /* @__PURE__ */ onFirstUse(
  () => import('@aws-sdk/client-s3'),
  (sdk) => {
    const endpoint = config().endpoints.s3;
    return new sdk.S3Client({
      ...awsClientOptions(endpoint),
      forcePathStyle: Boolean(endpoint),
      // Without this, stream bodies are sent aws-chunked, which s3rver stores verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  },
);

/** A link that GETs the object (with these response headers) until it expires. */
export async function presignedGet(input: GetObjectCommandInput, expiresIn: number): Promise<string> {
  const [{ client, sdk }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
  return getSignedUrl(client, new sdk.GetObjectCommand(input), { expiresIn });
}

/** Deletes these objects, 1,000 keys a request (S3's limit); throws when S3 refuses any. `deleted` hears each batch's size. */
export async function deleteObjects(keys: readonly string[], deleted?: (n: number) => void): Promise<void> {
  if (!keys.length) return; // (S3 is not loaded for nothing)
  const { client, sdk } = await s3();
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    const out = await client.send(
      new sdk.DeleteObjectsCommand({ Bucket: config().bucketName, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
    );
    if (out.Errors?.length) throw new Error(`S3 refused to delete ${out.Errors.length} object(s): ${out.Errors[0]?.Code}`);
    deleted?.(batch.length);
  }
}
