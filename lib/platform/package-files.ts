import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Files of an npm package that a function serves (Swagger UI's bundle, Chart.js): shipped
 * in that function's zip (`files` of its route in lib/routes.ts) and read from disk once
 * per container. The package is looked for at the Lambda root on AWS, else in the nearest
 * node_modules up from here or from the working directory.
 */
function packageDir(pkg: string, probe: string): string {
  const roots: string[] = [];
  if (process.env.LAMBDA_TASK_ROOT) roots.push(process.env.LAMBDA_TASK_ROOT);
  for (let dir = __dirname; ; dir = dirname(dir)) {
    roots.push(dir);
    if (dirname(dir) === dir) break;
  }
  roots.push(process.cwd());
  for (const root of roots) {
    const dir = join(root, 'node_modules', pkg);
    if (existsSync(join(dir, probe))) return dir;
  }
  throw new Error(`${pkg} not found (looked for node_modules/${pkg}/${probe} under ${roots.join(', ')})`);
}

const cache = new Map<string, string>();

/** The text of `file` (a path inside package `pkg`), read once. */
export function packageFile(pkg: string, file: string): string {
  const key = `${pkg}/${file}`;
  let body = cache.get(key);
  if (body === undefined) {
    body = readFileSync(join(packageDir(pkg, file), file), 'utf8');
    cache.set(key, body);
  }
  return body;
}
