/**
 * The scripts run against `npm start`'s stack (`npm run seed`, `users:create`, …: scripts/local-env.ts)
 * find it on the ports `npm start` reads: DYNAMODB_PORT, S3_PORT, SES_PORT, HTTP_PORT.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/local-stack';

const SETTINGS = ['STAGE', 'DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'SES_ENDPOINT', 'WEB_BASE_URL', 'TABLE_NAME', 'BUCKET_NAME'];

/** Runs a script with none of the stack's settings in its environment, only `env`. */
function run(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !SETTINGS.includes(k) && !k.endsWith('_PORT')));
  const out = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...base, ...env }, encoding: 'utf8' });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

const PRINT = `await import(${JSON.stringify(join(ROOT, 'scripts', 'local-env.ts'))});
const e = process.env;
console.log(JSON.stringify([e.DYNAMODB_ENDPOINT, e.S3_ENDPOINT, e.SES_ENDPOINT, e.WEB_BASE_URL]));`;

describe("the local stack's scripts", () => {
  it("take npm start's ports, else its defaults", () => {
    const moved = run(['--input-type=module', '-e', PRINT], {
      DYNAMODB_PORT: '18000',
      S3_PORT: '14569',
      SES_PORT: '18005',
      HTTP_PORT: '13000',
    });
    expect(moved.stderr).toBe('');
    expect(JSON.parse(moved.stdout)).toEqual([
      'http://127.0.0.1:18000',
      'http://127.0.0.1:14569',
      'http://127.0.0.1:18005',
      'http://127.0.0.1:13000',
    ]);
    expect(JSON.parse(run(['--input-type=module', '-e', PRINT], {}).stdout)).toEqual([
      'http://127.0.0.1:8000',
      'http://127.0.0.1:4569',
      'http://127.0.0.1:8005',
      'http://127.0.0.1:3000',
    ]);
    // an endpoint given wins over the port
    const given = run(['--input-type=module', '-e', PRINT], { DYNAMODB_PORT: '18000', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9999' });
    expect(JSON.parse(given.stdout)[0]).toBe('http://127.0.0.1:9999');
  });

  it('`npm run seed` stops at a port that is not one, naming it (users:create finds DYNAMODB_PORT: tests/cli/create-user.test.ts)', () => {
    const res = run([join(ROOT, 'scripts', 'seed.ts')], { S3_PORT: '70000' });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe('Error: S3_PORT must be a port number, got "70000"\n');
  });
});
