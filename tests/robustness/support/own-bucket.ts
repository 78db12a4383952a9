/**
 * Gives this test file an image bucket of its own. The run's s3rver has one shared
 * bucket, and every file's table starts its user ids at 1, so uploads of different files
 * (images/u/<id>/…) would land under the same keys: a before/after comparison of the
 * bucket would see other files' writes. Import this FIRST in a test file: it points
 * BUCKET_NAME at a fresh bucket synchronously, before lib/ reads its configuration
 * (config() is read lazily and cached per file), and creates the bucket; await
 * `bucketReady` before the first S3 call.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const env = process.env;
export const OWN_BUCKET = `tv-robust-${randomBytes(6).toString('hex')}`;
env.BUCKET_NAME = OWN_BUCKET;
delete env.S3_PUBLIC_BASE_URL; // derived from S3_ENDPOINT + BUCKET_NAME

const client = new S3Client({
  region: env.AWS_REGION,
  endpoint: env.S3_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? 'S3RVER', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER' },
});

export const bucketReady: Promise<void> = client.send(new CreateBucketCommand({ Bucket: OWN_BUCKET })).then(() => client.destroy());
