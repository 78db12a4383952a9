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
export async function presignedGet(
  input: { Bucket: string; Key: string; ResponseContentType?: string; ResponseContentDisposition?: string },
  expiresIn: number,
): Promise<string> {
  const [{ client, sdk }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
  return getSignedUrl(client, new sdk.GetObjectCommand(input), { expiresIn });
}
