import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  conflict,
  DomainError,
  failed,
  forbidden,
  found,
  invalid,
  notFound,
  tooLarge,
  tooMany,
  unauthenticated,
  unsupported,
} from '../../lib/contract/errors';
import { MSG } from '../../lib/contract/messages';
import { checkBodyCeiling, jsonBody, MAX_EVENT_BODY_CHARS } from '../../lib/http/body';
import { matches, notModified, PRIVATE_NO_STORE, PUBLIC_REVALIDATE, withCaching } from '../../lib/http/caching';
import { acceptsGzip, COMPRESS_FROM_BYTES, withCompression } from '../../lib/http/compression';
import { corsHeaders } from '../../lib/http/cors';
import { envelopeStatus, httpFailure, STATUS_OF } from '../../lib/http/errors';
import { created, failure, json, ok } from '../../lib/http/response';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

describe('domain failures → HTTP (lib/http/errors.ts)', () => {
  it('maps each kind to its one status', () => {
    expect(STATUS_OF).toEqual({
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      notFound: 404,
      conflict: 409,
      tooLarge: 413,
      unsupported: 415,
      tooMany: 429,
      failed: 500,
    });
    const made = [
      invalid('a'),
      unauthenticated(),
      forbidden('c'),
      notFound('d'),
      conflict('e'),
      tooLarge(),
      unsupported(),
      tooMany('h', 1),
      failed('i'),
    ];
    expect(made.map((e) => httpFailure(e).statusCode)).toEqual([400, 401, 403, 404, 409, 413, 415, 429, 500]);
  });

  it('keeps the message; the constructors default to the contract texts', () => {
    expect(httpFailure(notFound(MSG.villageNotFound))).toEqual({ statusCode: 404, message: 'Desa wisata tidak ditemukan', headers: {} });
    expect(unauthenticated().message).toBe('Token tidak valid atau sudah kadaluarsa');
    expect(tooLarge().message).toBe(MSG.payloadTooLarge);
    expect(unsupported().message).toBe('Content-Type tidak didukung');
    expect(invalid('x')).toBeInstanceOf(DomainError);
    expect(invalid('x').name).toBe('DomainError');
  });

  it('sends Retry-After in whole seconds, at least 1', () => {
    expect(httpFailure(tooMany(MSG.loginThrottled, 2.1)).headers).toEqual({ 'Retry-After': '3' });
    expect(tooMany('m', 0.2).retryAfterSeconds).toBe(1);
    expect(tooMany('m', -5).retryAfterSeconds).toBe(1);
    expect(tooMany('m', 900).retryAfterSeconds).toBe(900);
  });

  it('found() passes values through and turns undefined, null and false into notFound', () => {
    expect(found(0, 'm')).toBe(0);
    expect(found('', 'm')).toBe('');
    for (const missing of [undefined, null, false]) {
      expect(() => found(missing, MSG.scoreNotFound)).toThrow(
        expect.objectContaining({ kind: 'notFound', message: 'Skor desa tidak ditemukan' }),
      );
    }
  });

  it('derives the envelope status from the code', () => {
    expect([200, 201, 204, 304, 399].map(envelopeStatus)).toEqual(['success', 'success', 'success', 'success', 'success']);
    expect([400, 404, 429, 499].map(envelopeStatus)).toEqual(['fail', 'fail', 'fail', 'fail']);
    expect([500, 503].map(envelopeStatus)).toEqual(['error', 'error']);
  });
});

describe('response envelopes (lib/http/response.ts)', () => {
  it('puts status first, then the fields, with the JSON headers', () => {
    expect(ok({ data: [1] })).toEqual({ statusCode: 200, headers: JSON_HEADERS, body: '{"status":"success","data":[1]}' });
    expect(created({ message: MSG.villageCreated }).body).toBe('{"status":"success","message":"Desa wisata berhasil ditambahkan"}');
    expect(failure(404, MSG.notFoundRoute)).toEqual({
      statusCode: 404,
      headers: JSON_HEADERS,
      body: '{"status":"fail","message":"Endpoint tidak ditemukan"}',
    });
    expect(JSON.parse(json(500, { message: MSG.internalError }).body)).toEqual({ status: 'error', message: 'Internal server error' });
    expect(json(204).body).toBe('{"status":"success"}');
  });

  it('adds extra headers', () => {
    expect(failure(503, MSG.serviceUnavailable, { 'Retry-After': '5' }).headers).toEqual({ ...JSON_HEADERS, 'Retry-After': '5' });
  });
});

describe('HTTP caching (lib/http/caching.ts)', () => {
  const body200 = (body = '{"status":"success","data":[]}') => ({ statusCode: 200, headers: { ...JSON_HEADERS }, body });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matches(undefined, '"abc"')).toBe(false);
    expect(matches('', '"abc"')).toBe(false);
    expect(matches('"abc"', '"abc"')).toBe(true);
    expect(matches('W/"abc"', '"abc"')).toBe(true);
    expect(matches('"x", "abc"', '"abc"')).toBe(true);
    expect(matches('*', '"abc"')).toBe(true);
    expect(matches('"abd"', '"abc"')).toBe(false);
    expect(matches('abc', '"abc"')).toBe(false);
  });

  it('tags a public 200 with a strong content hash and asks caches to revalidate', () => {
    const res = withCaching(body200(), { method: 'GET', shared: true });
    expect(res.headers?.ETag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers?.['Cache-Control']).toBe(PUBLIC_REVALIDATE);
    expect(PUBLIC_REVALIDATE).toBe('public, max-age=0, must-revalidate');
    expect(withCaching(body200(), { method: 'GET', shared: true }).headers?.ETag).toBe(res.headers?.ETag);
    expect(withCaching(body200('{"other":1}'), { method: 'GET', shared: true }).headers?.ETag).not.toBe(res.headers?.ETag);
  });

  it('answers 304 without a body when If-None-Match still matches', () => {
    const etag = String(withCaching(body200(), { method: 'GET', shared: true }).headers?.ETag);
    expect(withCaching(body200(), { method: 'GET', shared: true, ifNoneMatch: `W/${etag}` })).toEqual({
      statusCode: 304,
      headers: { ETag: etag, 'Cache-Control': PUBLIC_REVALIDATE },
      body: '',
    });
    expect(notModified('"v-1"')).toEqual({ statusCode: 304, headers: { ETag: '"v-1"' }, body: '' });
  });

  it("keeps a list's version tag instead of hashing", () => {
    const res = withCaching({ ...body200(), headers: { ETag: '"v-tag"' } }, { method: 'GET', shared: true, ifNoneMatch: '"v-tag"' });
    expect(res.statusCode).toBe(304);
  });

  it('marks token-dependent answers private, no-store and leaves non-GET, non-200 and binary answers alone', () => {
    expect(withCaching(body200(), { method: 'GET', shared: false }).headers).toEqual({
      ...JSON_HEADERS,
      'Cache-Control': PRIVATE_NO_STORE,
    });
    const post = body200();
    expect(withCaching(post, { method: 'POST', shared: true })).toBe(post);
    const missing = failure(404, MSG.villageNotFound);
    expect(withCaching(missing, { method: 'GET', shared: true })).toBe(missing);
    const binary = { ...body200(), isBase64Encoded: true };
    expect(withCaching(binary, { method: 'GET', shared: true })).toBe(binary);
  });
});

describe('compression (lib/http/compression.ts)', () => {
  const json = { accept: 'application/json' };

  it('accepts gzip only when the first Accept type is application/json and gzip has q > 0', () => {
    expect(acceptsGzip({ ...json, 'accept-encoding': 'gzip, deflate, br' })).toBe(true);
    expect(acceptsGzip({ accept: 'application/json;q=0.9, text/html', 'accept-encoding': 'GZIP; q=0.5' })).toBe(true);
    expect(acceptsGzip({ ...json, 'accept-encoding': '*' })).toBe(true);
    expect(acceptsGzip({ ...json, 'accept-encoding': 'gzip;q=0' })).toBe(false);
    expect(acceptsGzip({ ...json, 'accept-encoding': 'br, identity' })).toBe(false);
    expect(acceptsGzip({ ...json })).toBe(false);
    expect(acceptsGzip({ accept: 'text/html, application/json', 'accept-encoding': 'gzip' })).toBe(false);
    expect(acceptsGzip({ 'accept-encoding': 'gzip' })).toBe(false);
  });

  it('leaves answers under 32 KB alone', () => {
    expect(COMPRESS_FROM_BYTES).toBe(32_768);
    const small = { statusCode: 200, headers: {}, body: 'x'.repeat(COMPRESS_FROM_BYTES - 1) };
    expect(withCompression(small, { ...json, 'accept-encoding': 'gzip' })).toBe(small);
  });

  it('gzips a large answer into base64, weakening a content hash but not a list version tag', () => {
    const body = JSON.stringify({ status: 'success', data: 'é'.repeat(COMPRESS_FROM_BYTES / 2) }); // over 32 KB in UTF-8 bytes
    const res = withCompression({ statusCode: 200, headers: { ETag: '"hash"' }, body }, { ...json, 'accept-encoding': 'gzip' });
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers).toEqual({ ETag: 'W/"hash"', Vary: 'Accept-Encoding', 'Content-Encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(res.body, 'base64')).toString('utf8')).toBe(body);
    const listed = withCompression({ statusCode: 200, headers: { ETag: '"v-abc"' }, body }, { ...json, 'accept-encoding': 'gzip' });
    expect(listed.headers?.ETag).toBe('"v-abc"');
  });

  it('only adds Vary to a large answer for a client that does not take gzip', () => {
    const body = 'x'.repeat(COMPRESS_FROM_BYTES);
    expect(withCompression({ statusCode: 200, headers: { A: '1' }, body }, json)).toEqual({
      statusCode: 200,
      headers: { A: '1', Vary: 'Accept-Encoding' },
      body,
    });
  });
});

describe('CORS headers (lib/http/cors.ts)', () => {
  const methods = {
    'Access-Control-Allow-Headers': 'Content-Type,Authorization,Idempotency-Key',
    'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    'Access-Control-Expose-Headers': 'Idempotent-Replayed',
  };

  it('allow any origin with a wildcard list', () => {
    expect(corsHeaders('https://x.example', ['*'])).toEqual({ 'Access-Control-Allow-Origin': '*', ...methods });
    expect(corsHeaders(undefined, ['*'])).toEqual({ 'Access-Control-Allow-Origin': '*', ...methods });
  });

  it('echo a listed origin (varying by Origin) and say nothing to others', () => {
    const list = ['https://desa.example', 'https://admin.desa.example'];
    expect(corsHeaders('https://admin.desa.example', list)).toEqual({
      'Access-Control-Allow-Origin': 'https://admin.desa.example',
      Vary: 'Origin',
      ...methods,
    });
    expect(corsHeaders('https://evil.example', list)).toEqual({});
    expect(corsHeaders('https://desa.example.evil.example', list)).toEqual({});
    expect(corsHeaders(undefined, list)).toEqual({});
  });
});

describe('JSON bodies (lib/http/body.ts)', () => {
  it('reads an empty body as {} and decodes base64', () => {
    expect(jsonBody({ body: null, isBase64Encoded: false })).toEqual({});
    expect(jsonBody({ body: '  \n', isBase64Encoded: false })).toEqual({});
    expect(jsonBody({ body: '{"nama":"Désa"}', isBase64Encoded: false })).toEqual({ nama: 'Désa' });
    expect(jsonBody({ body: Buffer.from('{"nama":"Désa"}').toString('base64'), isBase64Encoded: true })).toEqual({ nama: 'Désa' });
  });

  it('refuses malformed JSON with 400 and the given text', () => {
    expect(() => jsonBody({ body: '{"a":', isBase64Encoded: false })).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'Body JSON tidak valid' }),
    );
    expect(() => jsonBody({ body: 'nope', isBase64Encoded: false }, MSG.dataJsonInvalid)).toThrow(MSG.dataJsonInvalid);
  });

  it('refuses a body over the Lambda payload ceiling with 413', () => {
    expect(() => checkBodyCeiling({ body: 'x'.repeat(MAX_EVENT_BODY_CHARS) })).not.toThrow();
    expect(() => checkBodyCeiling({ body: 'x'.repeat(MAX_EVENT_BODY_CHARS + 1) })).toThrow(
      expect.objectContaining({ kind: 'tooLarge', message: MSG.payloadTooLarge }),
    );
  });
});

describe('a transaction cancelled by throttling', () => {
  it('counts as an unavailable dependency (503), not a bug (500)', async () => {
    const { isDependencyUnavailable } = await import('../../lib/platform/aws');
    const { TransactionCanceledException } = await import('@aws-sdk/client-dynamodb');
    const throttled = new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
    });
    expect(isDependencyUnavailable(throttled)).toBe(true);
    const conflict = new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    });
    expect(isDependencyUnavailable(conflict)).toBe(false);
  });
});
