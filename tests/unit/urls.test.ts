import { describe, expect, it } from 'vitest';
import { canonicalImageUrl } from '../../lib/storage/images';

const BASE = 'http://127.0.0.1:4569/unit-bucket';
const KEY = 'images/u/7/0f8fad5b-d9cb-469f-a165-70867728950e.png';

describe('canonicalImageUrl', () => {
  it('keeps a canonical URL and normalises spelling a browser would resolve the same', () => {
    expect(canonicalImageUrl(`${BASE}/${KEY}`)).toBe(`${BASE}/${KEY}`);
    expect(canonicalImageUrl(`HTTP://127.0.0.1:4569/unit-bucket/%69mages/u/7/0f8fad5b-d9cb-469f-a165-70867728950e.png`)).toBe(
      `${BASE}/${KEY}`,
    );
    expect(canonicalImageUrl(`${BASE}/images/u/8/../7/0f8fad5b-d9cb-469f-a165-70867728950e.png`)).toBe(`${BASE}/${KEY}`);
  });

  it('refuses what does not name a generated key of this store', () => {
    for (const url of [
      `${BASE}/images/u/7/%2e%2e/8/0f8fad5b-d9cb-469f-a165-70867728950e.png`.replace('/7/%2e%2e/8/', '/7/%2e%2e/%2e%2e/x/'),
      `${BASE}/images/u/7/a.png`,
      `${BASE}/images/u/7/0f8fad5b-d9cb-469f-a165-70867728950e.gif`,
      `${BASE}/${KEY}?v=1`,
      `${BASE}/${KEY}#x`,
      `http://evil.example/unit-bucket/${KEY}`,
      `http://user:pw@127.0.0.1:4569/unit-bucket/${KEY}`,
      `${BASE}/images/u/7/0f8fad5b-d9cb-469f-a165-70867728950e.png%00`,
      'not a url',
      42,
    ])
      expect(canonicalImageUrl(url), String(url)).toBeNull();
  });
});
