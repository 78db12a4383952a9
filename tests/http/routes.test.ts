import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_RULES } from '../../lib/auth/access-rules';
import { ROOT } from '../../scripts/local-stack';
import { AUTH_PATH_ALIASES, contractPath } from '../../lib/web-app/paths';
import { declaredAliases, declaredRoutes } from '../support/routes';

describe('route declarations', () => {
  const routes = declaredRoutes();

  it('every function has exactly one http route, and every route has a rule in the one access-rule table', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) expect(Object.keys(ACCESS_RULES), `${r.key} (${r.fn}) has no access rule`).toContain(r.key);
    expect(new Set(routes.map((r) => r.fn)).size).toBe(routes.length);
  });

  it('every rule in the table belongs to a declared route (no stale rules)', () => {
    const declared = new Set(routes.map((r) => r.key));
    for (const key of Object.keys(ACCESS_RULES)) expect(declared, `rule ${key} has no route`).toContain(key);
  });

  it('each handler module wraps its route with the same key', () => {
    for (const r of routes) {
      const file = join(ROOT, `${r.handler.replace(/\.handler$/, '')}.ts`);
      expect(readFileSync(file, 'utf8'), file).toContain(`route('${r.key}'`);
    }
  });

  it('every web-app alias is a second event of the function that serves its contract route, and every alias is declared', () => {
    const aliases = declaredAliases();
    for (const a of aliases) {
      const contract = routes.find((r) => r.method === a.method && r.path === contractPath(a.path));
      expect(contract?.fn, `${a.key} has no contract route`).toBe(a.fn);
    }
    expect(aliases.map((a) => a.path).sort()).toEqual(
      [...Object.values(AUTH_PATH_ALIASES), '/authentication/password'].sort(), // POST and PUT /auth/password share a path
    );
  });

  it('serverless.yml includes every area file', () => {
    const yml = readFileSync(join(ROOT, 'serverless.yml'), 'utf8');
    for (const area of readdirSync(join(ROOT, 'functions'))) expect(yml).toContain(`./functions/${area}/functions.yml`);
  });
});
