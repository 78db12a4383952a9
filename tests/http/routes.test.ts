import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_RULES } from '../../lib/auth/access-rules';
import { ROUTE_KEYS, ROUTES, serverlessFunctions, splitRouteKey, type RouteKey, type RouteSpec } from '../../lib/routes';
import { routeOf } from '../../lib/http/handler';
import { ROOT } from '../../scripts/local-stack';
import { fromWebAppPath } from '../../lib/web-app/paths';
import { declaredAliases, declaredRoutes } from '../support/routes';

describe('the route table (lib/routes.ts)', () => {
  const routes = declaredRoutes();

  it('declares every route once, with its function, handler file and access rule', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(new Set(routes.map((r) => r.fn)).size).toBe(routes.length);
    expect(Object.keys(ACCESS_RULES)).toEqual(ROUTE_KEYS);
    for (const r of routes) expect(existsSync(join(ROOT, `${r.handler.replace(/\.handler$/, '')}.ts`)), r.handler).toBe(true);
  });

  it("handler modules name no route: the wrapper finds each event's route in the table (also through a web-app alias)", () => {
    for (const r of routes) {
      const file = join(ROOT, `${r.handler.replace(/\.handler$/, '')}.ts`);
      expect(readFileSync(file, 'utf8'), file).toMatch(/export const handler = route\(/);
      const { method, path } = splitRouteKey(r.key as RouteKey);
      if (method !== 'ANY') expect(routeOf({ httpMethod: method, resource: path }), r.key).toBe(r.key);
      const alias = (ROUTES[r.key as RouteKey] as RouteSpec).webApp;
      if (alias) expect(routeOf({ httpMethod: method, resource: alias })).toBe(r.key);
      expect(routeOf({ httpMethod: 'OPTIONS', resource: path })).toBeDefined();
    }
    expect(routeOf({ httpMethod: 'PATCH', resource: '/{proxy+}' })).toBe('ANY /{proxy+}');
    expect(routeOf({ httpMethod: 'GET', resource: '/not/declared' })).toBeUndefined();
  });

  it('every handler file under functions/ is a route of the table (or the scheduled sweep)', () => {
    const files = readdirSync(join(ROOT, 'functions'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const declared = new Set(routes.map((r) => r.handler.replace(/^functions\//, '').replace(/\.handler$/, '.ts')));
    for (const f of files) if (!f.startsWith('maintenance')) expect(declared, f).toContain(f);
  });

  it('serverless.yml takes its functions from the table: one function per route, an http event per path', () => {
    const yml = readFileSync(join(ROOT, 'serverless.yml'), 'utf8');
    expect(yml).toContain('${file(./scripts/serverless-functions.cjs):functions}');
    const fns = serverlessFunctions('CORS') as Record<
      string,
      { handler: string; events: { http: { method: string; path: string; cors: string } }[] }
    >;
    expect(Object.keys(fns)).toHaveLength(ROUTE_KEYS.length);
    for (const r of routes) {
      const fn = fns[r.fn]!;
      expect(fn.handler).toBe(r.handler);
      // pages, their assets and the API document are loaded from this origin: no CORS preflight
      const sameOrigin = (ROUTES[r.key as RouteKey] as RouteSpec).sameOrigin;
      expect(fn.events[0]!.http).toEqual({ method: r.method.toLowerCase(), path: r.path, ...(sameOrigin ? {} : { cors: 'CORS' }) });
    }
  });

  it("serves the web app's /authentication/* paths as second events of the contract's /auth/* functions", () => {
    const aliases = declaredAliases();
    for (const a of aliases) {
      const contract = routes.find((r) => r.method === a.method && r.path === fromWebAppPath(a.path));
      expect(contract?.fn, `${a.key} has no contract route`).toBe(a.fn);
      expect((serverlessFunctions('CORS')[a.fn] as { events: { http: { path: string } }[] }).events[1]!.http.path).toBe(a.path);
    }
    expect(aliases.map((a) => a.key).sort()).toEqual(
      [
        'POST /authentication/register',
        'POST /authentication/login',
        'POST /authentication/password',
        'POST /authentication/password/verify',
        'PUT /authentication/password',
        'PUT /authentication/verify/{email}',
        'GET /authentication/me',
      ].sort(),
    );
    expect(Object.values(ROUTES).filter((s) => 'webApp' in s)).toHaveLength(aliases.length);
  });
});
