/**
 * The service's functions as serverless.yml declares them: the `${file(...)}` entries of
 * its `functions:` list, each a functions.yml of `<name>: { handler: <file>.handler }`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FunctionDef {
  /** The serverless function name, e.g. villageBySlug. */
  name: string;
  /** Its handler source, relative to the repo root, e.g. functions/villages/by-slug.ts. */
  source: string;
}

export function listFunctions(root: string): FunctionDef[] {
  const sls = readFileSync(join(root, 'serverless.yml'), 'utf8');
  const section = sls.split(/^functions:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const files = [...section.matchAll(/\$\{file\(\.\/([^)]+)\)\}/g)].map((m) => m[1]!);
  const out: FunctionDef[] = [];
  for (const file of files) {
    let current: string | undefined;
    for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
      const name = /^([A-Za-z0-9_-]+):\s*$/.exec(line);
      if (name) current = name[1];
      const handler = /^\s+handler:\s*['"]?([^'"\s]+)\.handler['"]?\s*$/.exec(line);
      if (handler && current) out.push({ name: current, source: `${handler[1]}.ts` });
    }
  }
  if (out.length === 0) throw new Error('no functions found in serverless.yml');
  return out;
}
