import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS } from '../support/fault-suite';

describe('fault suites', () => {
  it('every operation of the catalogue runs in exactly one suite file', () => {
    const dir = join(__dirname);
    const text = readdirSync(dir)
      .filter((f) => f.startsWith('faults-') && f !== 'faults-coverage.test.ts')
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    for (const op of OPERATIONS) expect(text.split(`'${op.name}'`).length - 1, op.name).toBe(1);
  });
});
