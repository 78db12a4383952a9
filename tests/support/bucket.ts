import { isVariantKey, listKeys, urlOf } from '../../lib/storage/images';

/** Every image's key in the test bucket under images/ (not the variants stored beside each: see allBucketKeys). */
export const bucketKeys = async () => (await listKeys('images/')).filter((k) => !isVariantKey(k));
/** Every object key under images/, variants included. */
export const allBucketKeys = () => listKeys('images/');

/** Fetches an image URL the service returned, as bytes (null when missing). */
export async function fetchImage(url: string): Promise<Buffer | null> {
  const res = await fetch(url);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export { urlOf };
