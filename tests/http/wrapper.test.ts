import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { handler as notFound } from '../../functions/common/not-found';
import { handler as me } from '../../functions/auth/me';
import { handler as login } from '../../functions/auth/login';
import { parseConfig, ConfigError, LOCAL_DEFAULT_JWT_SECRET } from '../../lib/platform/config';
import { corsHeaders } from '../../lib/http/cors';
import { MSG } from '../../lib/contract/messages';
import { invoke } from '../support/api';
import { captureLogs } from '../support/logs';
import { makeUser } from '../support/users';

afterEach(() => vi.restoreAllMocks());

describe('unknown routes', () => {
  it('answer a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await invoke(notFound, { method, resource: '/{proxy+}', pathParameters: { proxy: 'api/nothing/here' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 'fail', message: MSG.notFoundRoute });
      expect(res.headers['Content-Type']).toBe('application/json; charset=utf-8');
    }
  });
});

describe('unexpected failures', () => {
  it('become 500 {status:error, message:"Internal server error"} and never leak the cause', async () => {
    const user = await makeUser('pengelola');
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockRejectedValue(new Error('secret internal detail arn:aws:dynamodb'));
    const res = await invoke(me, { method: 'GET', resource: '/auth/me', token: user.token });
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ status: 'error', message: MSG.internalError });
    expect(JSON.stringify(res)).not.toContain('secret internal detail');
    vi.restoreAllMocks();
  });

  it('logs the error without the request body', async () => {
    vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockRejectedValue(new Error('boom'));
    const { result: res, lines } = await captureLogs(() =>
      invoke(login, { method: 'POST', resource: '/auth/login', body: { email: 'a@example.com', password: 'super-secret-password' } }),
    );
    expect(res.statusCode).toBe(500);
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    expect(logged).toContain('boom');
    expect(logged).not.toContain('super-secret-password');
  });
});

describe('request logs', () => {
  it('one JSON line per request with route, status, duration, request id and the cold-start flag', async () => {
    const { lines } = await captureLogs(async () => {
      await invoke(notFound, { method: 'GET', resource: '/{proxy+}' });
      await invoke(notFound, { method: 'GET', resource: '/{proxy+}' });
    });
    const records = lines.map((l) => JSON.parse(l)).filter((r) => r.message === 'request');
    expect(records).toHaveLength(2);
    for (const r of records) {
      expect(r).toMatchObject({
        level: 'INFO',
        service: 'tourism-village',
        route: 'ANY /{proxy+}',
        statusCode: 404,
        requestId: expect.any(String),
      });
      expect(typeof r.durationMs).toBe('number');
    }
    expect(records[1].coldStart).toBe(false);
  });
});

describe('CORS', () => {
  it('sends the allowed origin on every response', async () => {
    const res = await invoke(notFound, { method: 'GET', resource: '/{proxy+}', headers: { Origin: 'https://front.example' } });
    expect(res.headers['Access-Control-Allow-Origin']).toBe('*'); // test stage allows any origin
  });
  it('echoes only listed origins when a list is configured', () => {
    const allowed = ['https://desawisata.example.com'];
    expect(corsHeaders('https://desawisata.example.com', allowed)['Access-Control-Allow-Origin']).toBe('https://desawisata.example.com');
    expect(corsHeaders('https://evil.example', allowed)['Access-Control-Allow-Origin']).toBeUndefined();
  });
});

describe('configuration', () => {
  const base = { TABLE_NAME: 'tourism-village-prod', CORS_ALLOWED_ORIGINS: 'https://desawisata.example.com' };
  it('refuses a missing, default or short JWT secret outside local and test', () => {
    expect(() => parseConfig({ ...base, STAGE: 'prod' })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, STAGE: 'prod', JWT_SECRET: LOCAL_DEFAULT_JWT_SECRET })).toThrow(/JWT_SECRET/);
    expect(() => parseConfig({ ...base, STAGE: 'prod', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(parseConfig({ ...base, STAGE: 'prod', JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });
  it('refuses wildcard CORS outside local and test', () => {
    const secret = { JWT_SECRET: 'y'.repeat(40), TABLE_NAME: 't-prod' };
    expect(() => parseConfig({ ...secret, STAGE: 'prod' })).toThrow(/CORS/);
    expect(() => parseConfig({ ...secret, STAGE: 'prod', CORS_ALLOWED_ORIGINS: '*' })).toThrow(/CORS/);
  });
  it('uses the local default secret and wildcard CORS on local', () => {
    const c = parseConfig({ TABLE_NAME: 'tourism-village-local' });
    expect(c.stage).toBe('local');
    expect(c.jwtSecret).toBe(LOCAL_DEFAULT_JWT_SECRET);
    expect(c.corsOrigins).toEqual(['*']);
  });
  it('names the problem when a value is invalid', () => {
    expect(() => parseConfig({ TABLE_NAME: 'x' })).toThrow(/TABLE_NAME/);
    expect(() => parseConfig({ TABLE_NAME: 'ttt', JWT_TTL_SECONDS: 'abc' })).toThrow(/JWT_TTL_SECONDS/);
  });
});
