/**
 * npm 11 runs a dependency's install scripts only when package.json's `allowScripts` allows
 * them, and warns about every one it has no entry for. Every package of the lock file with
 * install scripts has an entry, so `npm ci` is silent and the choice is on record
 * (docs/decisions.md, "Install scripts").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const read = (f: string) => JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as Record<string, any>;

describe('install scripts', () => {
  it('every locked package with install scripts is allowed or denied in package.json', () => {
    const allow = (read('package.json').allowScripts ?? {}) as Record<string, boolean>;
    const withScripts = Object.entries(read('package-lock.json').packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([path, p]) => path && p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in allow))).toEqual([]);
  });
});
