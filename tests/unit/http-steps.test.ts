import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  conflict,
  DomainError,
  failed,
  forbidden,
  invalid,
  notFound,
  tooLarge,
  tooMany,
  unauthenticated,
  unsupported,
} from '../../lib/contract/errors';
import { MSG } from '../../lib/contract/messages';
import { PRIVATE_NO_STORE, PUBLIC_REVALIDATE, varyOnAuthorization, withCaching } from '../../lib/http/caching';
import { COMPRESS_FROM_BYTES, withCompression } from '../../lib/http/compression';
import { withCors } from '../../lib/http/cors';
import { routeOf } from '../../lib/http/handler';
import { lowerHeaders, pathParams, queryParams } from '../../lib/http/input';
import { answerErrors, checkAccess } from '../../lib/http/steps';
import { ANY_TOKEN, PUBLIC } from '../../lib/routes';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };
const ok200 = (body = '{"status":"success","data":[]}', headers: Record<string, string> = { ...JSON_HEADERS }): APIGatewayProxyResult => ({
  statusCode: 200,
  headers,
  body,
});
const CORS_METHODS = {
  'Access-Control-Allow-Headers': 'Content-Type,Authorization,Idempotency-Key',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  'Access-Control-Expose-Headers': 'Idempotent-Replayed',
};
const bodyOf = (res: APIGatewayProxyResult) => JSON.parse(res.body) as Record<string, unknown>;

describe('finding the route (routeOf, lib/http/steps.ts)', () => {
  it('finds a route of the table by method and path template', () => {
    expect(routeOf({ httpMethod: 'GET', resource: '/api/skor' })).toBe('GET /api/skor');
    expect(routeOf({ httpMethod: 'put', resource: '/api/skor/{kd_desa}' })).toBe('PUT /api/skor/{kd_desa}');
  });

  it('maps a web-app alias to its contract route', () => {
    expect(routeOf({ httpMethod: 'POST', resource: '/authentication/login' })).toBe('POST /auth/login');
  });

  it('is undefined for an unknown route', () => {
    expect(routeOf({ httpMethod: 'GET', resource: '/api/nothing' })).toBeUndefined();
    expect(routeOf({ httpMethod: 'DELETE', resource: '/api/skor' })).toBeUndefined();
    expect(routeOf({ httpMethod: undefined as unknown as string, resource: undefined as unknown as string })).toBeUndefined();
  });
});

describe('reading the request (lib/http/input.ts)', () => {
  it('lower-cases header names and drops values that are not strings', () => {
    expect(lowerHeaders({ Origin: 'https://a.example', 'If-None-Match': '"x"', Odd: undefined })).toEqual({
      origin: 'https://a.example',
      'if-none-match': '"x"',
    });
    expect(lowerHeaders(null)).toEqual({});
  });

  it('URL-decodes path parameters, keeping one that does not decode as sent', () => {
    expect(pathParams({ pathParameters: { kd_desa: 'a%20b', email: 'x%40y.example', bad: '%E0%A4%A', none: undefined } })).toEqual({
      kd_desa: 'a b',
      email: 'x@y.example',
      bad: '%E0%A4%A',
    });
    expect(pathParams({ pathParameters: null })).toEqual({});
  });

  it('keeps the query parameters that have a value', () => {
    expect(queryParams({ queryStringParameters: { page: '2', q: '', none: undefined } })).toEqual({ page: '2', q: '' });
    expect(queryParams({ queryStringParameters: null })).toEqual({});
  });
});

describe('checking access without a token (checkAccess, lib/http/steps.ts)', () => {
  it('admits anyone to a public route, and an optional route without a token, as no caller', async () => {
    await expect(checkAccess('GET /api/skor', PUBLIC, {}, {})).resolves.toBeUndefined();
    await expect(checkAccess('GET /api/statistik', { kind: 'optional' }, {}, {})).resolves.toBeUndefined();
  });

  it('refuses a token route without a token with 401', async () => {
    const refusal = await checkAccess('GET /auth/me', ANY_TOKEN, {}, {}).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(answerErrors(refusal)).toMatchObject({ statusCode: 401, body: JSON.stringify({ status: 'fail', message: MSG.tokenMissing }) });
  });
});

describe('the answer to a failure (answerErrors, lib/http/steps.ts)', () => {
  it("answers a DomainError with its kind's status and its own message", () => {
    const cases: [DomainError, number][] = [
      [invalid(MSG.loginMissing), 400],
      [unauthenticated(), 401],
      [forbidden(MSG.forbiddenRole), 403],
      [notFound(MSG.villageNotFound), 404],
      [conflict('bentrok'), 409],
      [tooLarge(), 413],
      [unsupported(), 415],
      [tooMany(MSG.loginThrottled, 30), 429],
      [failed('gagal'), 500],
    ];
    for (const [err, status] of cases) {
      const res = answerErrors(err);
      expect(res.statusCode, err.kind).toBe(status);
      expect(bodyOf(res), err.kind).toEqual({ status: status >= 500 ? 'error' : 'fail', message: err.message });
      expect(res.headers, err.kind).toMatchObject(JSON_HEADERS);
    }
    expect(answerErrors(notFound(MSG.villageNotFound)).body).toBe('{"status":"fail","message":"Desa wisata tidak ditemukan"}');
  });

  it('sends Retry-After with a throttled failure', () => {
    expect(answerErrors(tooMany(MSG.loginThrottled, 30)).headers).toEqual({ ...JSON_HEADERS, 'Retry-After': '30' });
    expect(answerErrors(invalid('x')).headers).toEqual(JSON_HEADERS);
  });

  it('answers an unknown error with 500 and the generic message, never its message or stack', () => {
    const err = new Error('secret internal detail arn:aws:dynamodb');
    for (const thrown of [err, 'a string', undefined, { weird: true }]) {
      const res = answerErrors(thrown);
      expect(res).toEqual({ statusCode: 500, headers: JSON_HEADERS, body: '{"status":"error","message":"Internal server error"}' });
    }
    const res = answerErrors(err);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain(err.stack!.split('\n')[1]!.trim());
  });

  it('answers an unavailable dependency with 503 and Retry-After', () => {
    for (const err of [
      Object.assign(new Error('throttled'), { name: 'ThrottlingException' }),
      Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      { name: 'Other', $metadata: { httpStatusCode: 503 } },
    ]) {
      expect(answerErrors(err)).toEqual({
        statusCode: 503,
        headers: { ...JSON_HEADERS, 'Retry-After': '5' },
        body: JSON.stringify({ status: 'error', message: MSG.serviceUnavailable }),
      });
    }
  });
});

describe('CORS on an answer (withCors, lib/http/cors.ts)', () => {
  const list = ['https://desa.example'];

  it('adds the allowed origin (varying by Origin) to the answer’s headers', () => {
    expect(withCors(ok200(), 'https://desa.example', list)).toEqual({
      ...ok200(),
      headers: { ...JSON_HEADERS, 'Access-Control-Allow-Origin': 'https://desa.example', Vary: 'Origin', ...CORS_METHODS },
    });
    expect(withCors(ok200(), 'https://any.example', ['*']).headers).toEqual({
      ...JSON_HEADERS,
      'Access-Control-Allow-Origin': '*',
      ...CORS_METHODS,
    });
  });

  it('adds nothing for an origin that is not allowed', () => {
    expect(withCors(ok200(), 'https://evil.example', list)).toEqual(ok200());
    expect(withCors(ok200(), undefined, list)).toEqual(ok200());
  });

  it('adds Origin to the answer’s Vary (a shared cache keeps every variant apart), and leaves the given answer as it was', () => {
    const given = ok200('{}', { Vary: 'Accept-Encoding' });
    expect(withCors(given, 'https://desa.example', list).headers?.Vary).toBe('Accept-Encoding, Origin');
    expect(given.headers).toEqual({ Vary: 'Accept-Encoding' });
  });
});

describe('Vary: Authorization (varyOnAuthorization, lib/http/caching.ts)', () => {
  it('is added to a GET of an optional route, after an existing Vary', () => {
    expect(varyOnAuthorization(ok200(), { method: 'GET', optional: true }).headers).toEqual({ ...JSON_HEADERS, Vary: 'Authorization' });
    expect(varyOnAuthorization(ok200('{}', { Vary: 'Accept-Encoding' }), { method: 'GET', optional: true }).headers).toEqual({
      Vary: 'Accept-Encoding, Authorization',
    });
    expect(varyOnAuthorization({ statusCode: 204, body: '' }, { method: 'GET', optional: true }).headers).toEqual({
      Vary: 'Authorization',
    });
  });

  it('is not added to other methods or to routes whose access does not depend on an optional token', () => {
    const res = ok200();
    expect(varyOnAuthorization(res, { method: 'POST', optional: true })).toBe(res);
    expect(varyOnAuthorization(res, { method: 'GET', optional: false })).toBe(res);
  });
});

describe('caching, then compression, then Vary and CORS (the order of the wrapper)', () => {
  const gzip = { accept: 'application/json', 'accept-encoding': 'gzip' };
  const large = JSON.stringify({ status: 'success', data: 'x'.repeat(COMPRESS_FROM_BYTES) });
  const shape = (res: APIGatewayProxyResult, req: { headers: Record<string, string>; shared: boolean; optional?: boolean }) => {
    let out = withCaching(res, { method: 'GET', ifNoneMatch: req.headers['if-none-match'], shared: req.shared });
    out = withCompression(out, req.headers);
    out = varyOnAuthorization(out, { method: 'GET', optional: req.optional ?? false });
    return withCors(out, req.headers['origin'], ['*']);
  };

  it('tags a large public answer by its content, then gzips it with the tag weakened', () => {
    const res = shape(ok200(large), { headers: gzip, shared: true });
    const strong = withCaching(ok200(large), { method: 'GET', shared: true }).headers?.ETag;
    expect(res.isBase64Encoded).toBe(true);
    expect(gunzipSync(Buffer.from(res.body, 'base64')).toString('utf8')).toBe(large);
    expect(res.headers).toMatchObject({
      ETag: `W/${strong}`,
      'Cache-Control': PUBLIC_REVALIDATE,
      'Content-Encoding': 'gzip',
      Vary: 'Accept-Encoding',
      'Access-Control-Allow-Origin': '*',
    });
  });

  it('answers a matching revalidation 304 without a body, which compression leaves alone', () => {
    const strong = String(withCaching(ok200(large), { method: 'GET', shared: true }).headers?.ETag);
    const res = shape(ok200(large), { headers: { ...gzip, 'if-none-match': strong }, shared: true });
    expect(res).toEqual({
      statusCode: 304,
      headers: { ETag: strong, 'Cache-Control': PUBLIC_REVALIDATE, 'Access-Control-Allow-Origin': '*', ...CORS_METHODS },
      body: '',
    });
  });

  it('keeps a token-dependent answer out of caches, and an optional route’s apart by token', () => {
    const res = shape(ok200(large), { headers: { accept: 'application/json' }, shared: false, optional: true });
    expect(res.isBase64Encoded).toBeUndefined();
    expect(res.headers).toMatchObject({ 'Cache-Control': PRIVATE_NO_STORE, Vary: 'Accept-Encoding, Authorization' });
    expect(res.headers).not.toHaveProperty('ETag');
  });
});
