import { S3Client } from '@aws-sdk/client-s3';
import { awsClientOptions, withoutSdkLogging } from '../platform/aws';
import { traced } from '../platform/tracing';
import { config } from '../platform/config';

/** The one S3 client of a function (images, exports), made on first use. */
let client: S3Client | undefined;
export function s3(): S3Client {
  if (!client) {
    const c = config();
    client = traced(
      withoutSdkLogging(
        new S3Client({
          ...awsClientOptions(c.endpoints.s3),
          forcePathStyle: Boolean(c.endpoints.s3),
          // Without this, stream bodies are sent aws-chunked, which s3rver stores verbatim.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
      ),
    );
  }
  return client;
}
