/**
 * This test file's own image bucket. tests/support/setup-env.ts now gives every test
 * file a fresh bucket (and table) before the file is imported; this module only names it.
 */
export const OWN_BUCKET = process.env.BUCKET_NAME!;
export const bucketReady: Promise<void> = Promise.resolve();
