/**
 * docs/evaluations.md's example ("Try it locally"), run as written against serverless-offline
 * (the `npm start` server) over the seed's demo data: it signs in with the seed's accounts and
 * needs nothing the README does not list (Node, and a POSIX shell to paste it into).
 */
import { sharedDemoData } from '../support/offline-table';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed-data';
import { ROOT } from '../../scripts/local-stack';
import { OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';

const doc = readFileSync(join(ROOT, 'docs', 'evaluations.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Try it locally'), doc.indexOf('\n## ', doc.indexOf('## Try it locally') + 1));
const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)];

describe("docs/evaluations.md's example", () => {
  let server: Offline;
  beforeAll(async () => {
    await sharedDemoData();
    server = await sharedOffline();
  }, OFFLINE_START_TIMEOUT_MS + 180_000);

  it('is one shell block that runs nothing but node, and signs in with the accounts the seed creates', () => {
    expect(blocks.map((b) => b[1])).toEqual(['sh']);
    const code = blocks[0]![2]!;
    // the commands it runs: node, fed the script by a here-document
    expect(code.split('\n')[0]).toBe("node --input-type=module <<'EOF'");
    expect(code.trimEnd().split('\n').at(-1)).toBe('EOF');
    expect(code).not.toMatch(/\b(curl|jq|wget|http(ie)?)\b /);
    expect(code).toContain("'dinas@desawisata.local'");
    expect(code).toContain("'pengelola@desawisata.local'");
    expect(code).toContain(`'${DEMO_PASSWORD}'`);
  });

  it('runs the cycle through the API: a round opened, a village submitted and reviewed, the progress', { timeout: 120_000 }, () => {
    const run = spawnSync('sh', ['-c', blocks[0]![2]!], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, API: server.baseUrl },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status, run.stdout).toBe(0);
    const lines = run.stdout.split('\n');
    for (const step of [
      /^POST \/auth\/login → 200/,
      /^POST \/api\/evaluasi → 201/,
      /^GET \/api\/evaluasi\/EVAL-[\w-]+\/desa → 200/,
      /^PUT \/api\/evaluasi\/EVAL-[\w-]+\/desa\/[\w-]+\/mandiri → 200/,
      /^POST \/api\/evaluasi\/EVAL-[\w-]+\/desa\/[\w-]+\/mandiri\/ajukan → 200/,
      /^PUT \/api\/evaluasi\/EVAL-[\w-]+\/desa\/[\w-]+\/penilaian → 200/,
      /^GET \/api\/evaluasi\/EVAL-[\w-]+\/rekap → 200/,
    ])
      expect(
        lines.some((l) => step.test(l)),
        `${step}\n${run.stdout}`,
      ).toBe(true);
    expect(run.stdout).toMatch(/: Maju \(rata-rata 84\), 1 of \d+ villages reviewed\n/);
    expect(run.stdout).toMatch(
      new RegExp(`Pages: ${server.baseUrl}/evaluasi/EVAL-[\\w-]+ and ${server.baseUrl}/evaluasi/EVAL-[\\w-]+/desa/`),
    );
  });
});
