/**
 * Large answers are gzipped in the function (lib/http/compression.ts) when the client
 * takes gzip and API Gateway will turn the base64 body back into bytes (first Accept type
 * application/json); otherwise they stay plain. Small answers are never touched.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { handler as villageList } from '../../functions/villages/list';
import { acceptsGzip, COMPRESS_FROM_BYTES, withCompression } from '../../lib/http/compression';
import { invoke } from '../support/api';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

describe('compression of large answers', () => {
  it('gzips a large list for a client that takes it; the bytes are the same JSON; tags and Vary follow', async () => {
    const owner = await makeUser('pengelola');
    for (let round = 0; round < 9; round++) await Promise.all(Array.from({ length: 10 }, () => makeVillage(owner)));
    const plain = await invoke(villageList, { method: 'GET', resource: '/api/desa-wisata' });
    expect(plain.rawBody.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    expect(plain.headers.Vary).toBe('Accept-Encoding');

    const gz = await invoke(villageList, {
      method: 'GET',
      resource: '/api/desa-wisata',
      headers: { Accept: 'application/json, text/plain, */*', 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    expect(gz.headers.Vary).toBe('Accept-Encoding');
    const text = gunzipSync(Buffer.from(gz.rawBody, 'base64')).toString('utf8');
    expect(JSON.parse(text)).toEqual(JSON.parse(plain.rawBody));
    expect(gz.rawBody.length).toBeLessThan(plain.rawBody.length / 3);
    expect(gz.headers.ETag).not.toBe(plain.headers.ETag);

    // A conditional read with the gzip tag is still answered 304.
    const again = await invoke(villageList, {
      method: 'GET',
      resource: '/api/desa-wisata',
      headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip', 'If-None-Match': gz.headers.ETag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('only when the first Accept type is application/json and gzip is accepted with q > 0', () => {
    expect(acceptsGzip({ accept: 'application/json, text/plain, */*', 'accept-encoding': 'gzip, deflate, br' })).toBe(true);
    expect(acceptsGzip({ accept: 'application/json', 'accept-encoding': 'br;q=1, gzip;q=0.5' })).toBe(true);
    expect(acceptsGzip({ accept: '*/*', 'accept-encoding': 'gzip' })).toBe(false);
    expect(acceptsGzip({ accept: 'text/html,application/json', 'accept-encoding': 'gzip' })).toBe(false);
    expect(acceptsGzip({ accept: 'application/json', 'accept-encoding': 'gzip;q=0' })).toBe(false);
    expect(acceptsGzip({ accept: 'application/json' })).toBe(false);
    const small = { statusCode: 200, headers: {}, body: '{"status":"success"}' };
    expect(withCompression(small, { accept: 'application/json', 'accept-encoding': 'gzip' })).toBe(small);
  });
});
