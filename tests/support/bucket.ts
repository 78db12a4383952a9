import { listKeys, urlOf } from '../../lib/storage/images';

/** Every object key in the test bucket under images/. */
export const bucketKeys = () => listKeys('images/');

/** Fetches an image URL the service returned, as bytes (null when missing). */
export async function fetchImage(url: string): Promise<Buffer | null> {
  const res = await fetch(url);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export { urlOf };
