import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_RULES } from '../../lib/auth/access-rules';
import { MSG } from '../../lib/contract/messages';
import { ROLES } from '../../lib/contract/roles';
import { routeOf } from '../../lib/http/handler';
import { ANY_TOKEN, PUBLIC, role, ROUTE_KEYS, ROUTES, serverlessFunctions, splitRouteKey, type RouteSpec } from '../../lib/routes';

const spec = (key: string) => (ROUTES as Record<string, RouteSpec>)[key]!;

describe('the route table', () => {
  it('keys are "METHOD /path" with a known method', () => {
    for (const key of ROUTE_KEYS) {
      const { method, path } = splitRouteKey(key);
      expect(`${method} ${path}`, key).toBe(key);
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'ANY'], key).toContain(method);
      expect(path.startsWith('/'), key).toBe(true);
    }
    expect(splitRouteKey('GET /api/skor/{kd_desa}')).toEqual({ method: 'GET', path: '/api/skor/{kd_desa}' });
  });

  it('names each function once, and each handler file exists', () => {
    const fns = ROUTE_KEYS.map((k) => spec(k).fn);
    expect(new Set(fns).size).toBe(fns.length);
    for (const key of ROUTE_KEYS) expect(existsSync(`functions/${spec(key).handler}.ts`), key).toBe(true);
  });

  it('gives a role rule its forbidden text', () => {
    expect(role('admin', MSG.adminOnlyVerify)).toEqual({ kind: 'token', roles: ['admin'], forbidden: MSG.adminOnlyVerify });
    expect(role(['admin', 'dinas'], MSG.forbiddenRole)).toMatchObject({ roles: ['admin', 'dinas'] });
    for (const key of ROUTE_KEYS) {
      const access = spec(key).access;
      if (access.kind !== 'public' && access.roles) {
        expect(access.forbidden, key).toEqual(expect.any(String));
        for (const r of access.roles) expect(ROLES, key).toContain(r);
      }
    }
  });

  it('holds the access rules of the contract', () => {
    expect(ACCESS_RULES['GET /auth/me']).toBe(ANY_TOKEN);
    expect(ACCESS_RULES['POST /auth/login']).toBe(PUBLIC);
    expect(ACCESS_RULES['PUT /auth/verify/{email}']).toEqual(role('admin', 'Akses ditolak. Hanya admin yang dapat memverifikasi akun.'));
    expect(ACCESS_RULES['POST /api/skor']).toEqual(role('dinas', "Akses ditolak. Hanya role 'dinas' yang dapat mengelola skor."));
    expect(ACCESS_RULES['POST /api/permintaan']).toEqual(role('pengelola', "Hanya role 'pengelola' yang dapat membuat permintaan"));
    expect(ACCESS_RULES['POST /api/desa-wisata']).toEqual({ kind: 'optional', roles: ['pengelola'], forbidden: MSG.pengelolaOnlyVillage });
    // "temporarily open" in the contract
    expect(ACCESS_RULES['PUT /api/permintaan/{kd_permintaan}']).toBe(PUBLIC);
    expect(ACCESS_RULES['GET /api/users']).toBe(PUBLIC);
  });

  it('reads ahead only what a path parameter names (kd_desa, or kd_status for a status)', () => {
    for (const key of ROUTE_KEYS)
      for (const kind of spec(key).readAhead ?? [])
        expect(splitRouteKey(key).path, key).toContain(kind === 'status' ? '{kd_status}' : '{kd_desa}');
  });
});

describe('serverlessFunctions', () => {
  const functions = serverlessFunctions('CORS') as Record<string, { handler: string; events: { http: object }[]; package?: object }>;

  it('has one function per route', () => {
    expect(Object.keys(functions)).toHaveLength(ROUTE_KEYS.length);
  });

  it('gives the export (every village at once) up to API Gateway’s 29 s and more CPU; the others the provider’s defaults', () => {
    expect(functions.villageExport).toMatchObject({ timeout: 28, memorySize: 2048 });
    expect(functions.villageList).not.toHaveProperty('timeout');
  });

  it('gives a route its handler and an http event, plus one for its web-app path', () => {
    expect(functions.authLogin).toEqual({
      handler: 'functions/auth/login.handler',
      events: [
        { http: { method: 'post', path: '/auth/login', cors: 'CORS' } },
        { http: { method: 'post', path: '/authentication/login', cors: 'CORS' } },
      ],
    });
    expect(functions.scoreUpdate).toEqual({
      handler: 'functions/scores/update.handler',
      events: [{ http: { method: 'put', path: '/api/skor/{kd_desa}', cors: 'CORS' } }],
    });
    expect(functions.notFound?.events).toEqual([{ http: { method: 'any', path: '/{proxy+}', cors: 'CORS' } }]);
  });

  it('ships the files a function reads at run time', () => {
    expect(functions.docsAsset?.package).toEqual({
      patterns: ['node_modules/swagger-ui-dist/swagger-ui-bundle.js', 'node_modules/swagger-ui-dist/swagger-ui.css'],
    });
    expect(functions.docsPage).not.toHaveProperty('package');
  });
});

describe('routeOf (the route of an API Gateway event)', () => {
  it('is the method and the matched path template', () => {
    expect(routeOf({ httpMethod: 'GET', resource: '/api/skor/{kd_desa}' })).toBe('GET /api/skor/{kd_desa}');
    expect(routeOf({ httpMethod: 'patch', resource: '/api/deskripsi-wisata/{kd_desa}/remove-item' })).toBe(
      'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item',
    );
  });

  it('maps a web-app alias to its contract route, by method', () => {
    expect(routeOf({ httpMethod: 'POST', resource: '/authentication/login' })).toBe('POST /auth/login');
    expect(routeOf({ httpMethod: 'POST', resource: '/authentication/password' })).toBe('POST /auth/password');
    expect(routeOf({ httpMethod: 'PUT', resource: '/authentication/password' })).toBe('PUT /auth/password');
    expect(routeOf({ httpMethod: 'PUT', resource: '/authentication/verify/{email}' })).toBe('PUT /auth/verify/{email}');
  });

  it('matches ANY routes for every method, and OPTIONS to a route of the path', () => {
    for (const method of ['GET', 'DELETE', 'OPTIONS']) expect(routeOf({ httpMethod: method, resource: '/{proxy+}' })).toBe('ANY /{proxy+}');
    expect(routeOf({ httpMethod: 'OPTIONS', resource: '/api/skor' })).toBe('GET /api/skor');
    expect(routeOf({ httpMethod: 'OPTIONS', resource: '/authentication/me' })).toBe('GET /auth/me');
  });

  it('is undefined for a method or path the table does not hold', () => {
    expect(routeOf({ httpMethod: 'DELETE', resource: '/api/skor' })).toBeUndefined();
    expect(routeOf({ httpMethod: 'GET', resource: '/api/nothing' })).toBeUndefined();
    expect(routeOf({ httpMethod: 'OPTIONS', resource: '/api/nothing' })).toBeUndefined();
  });
});

describe('lib/http/handler.ts', () => {
  it('reads the configuration when a route is wrapped, not when the module loads', async () => {
    const table = process.env.TABLE_NAME;
    delete process.env.TABLE_NAME; // an invalid configuration
    try {
      vi.resetModules();
      const fresh = await import('../../lib/http/handler');
      expect(fresh.routeOf({ httpMethod: 'GET', resource: '/api/skor' })).toBe('GET /api/skor');
      expect(() => fresh.route(async () => ({ statusCode: 200, body: '' }))).toThrow(/^Invalid configuration: TABLE_NAME/);
    } finally {
      process.env.TABLE_NAME = table;
      vi.resetModules();
    }
  });
});
