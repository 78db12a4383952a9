import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/local-stack';
import { contractPath } from '../../lib/web-app/paths';

export interface DeclaredRoute {
  fn: string;
  handler: string;
  method: string;
  path: string;
  /** The route key as in the access-rule table: "GET /api/skor/{kd_desa}". */
  key: string;
}

/** Every function and its contract http event, read from functions/<area>/functions.yml (web-app aliases left out). */
export function declaredRoutes(): DeclaredRoute[] {
  return declaredEvents().filter((r) => contractPath(r.path) === r.path);
}

/** The second http events that serve a contract route under the web app's path (lib/web-app/paths.ts). */
export function declaredAliases(): DeclaredRoute[] {
  return declaredEvents().filter((r) => contractPath(r.path) !== r.path);
}

function declaredEvents(): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  const dir = join(ROOT, 'functions');
  for (const area of readdirSync(dir)) {
    let yml: string;
    try {
      yml = readFileSync(join(dir, area, 'functions.yml'), 'utf8');
    } catch {
      continue;
    }
    let fn = '';
    let handler = '';
    for (const line of yml.split('\n')) {
      const f = /^([A-Za-z0-9]+):\s*$/.exec(line);
      if (f) fn = f[1]!;
      const h = /^\s+handler:\s*(\S+)/.exec(line);
      if (h) handler = h[1]!;
      const e = /http:\s*\{\s*method:\s*(\w+),\s*path:\s*'?([^',]+)'?/.exec(line);
      if (e) {
        const method = e[1]!.toUpperCase();
        routes.push({ fn, handler, method, path: e[2]!, key: `${method} ${e[2]}` });
      }
    }
  }
  return routes;
}
