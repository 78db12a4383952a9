/**
 * The functions' environment as serverless resolves it for a stage (`serverless print`, no
 * packaging needed): a setting given when packaging or starting reaches the functions, an
 * unset one has its default, the stage's own win. Apart from tests/deploy/package.test.ts so
 * that it runs beside the packaging, not after it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS, settingDefault } from '../../lib/platform/config';
import { ROOT } from '../../scripts/local-stack';

describe("the functions' environment, as a stage resolves it", () => {
  /** provider.environment as serverless resolves it for a stage, with only these settings in its environment. */
  const resolved = (stage: string, given: Record<string, string>) => {
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !(SETTINGS as string[]).includes(k))), ...given };
    const run = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'serverless'),
      ['print', '--stage', stage, '--path', 'provider.environment', '--format', 'json'],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env },
    );
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Record<string, string>;
  };
  // Each stage is resolved once with one half of the settings given and the other half unset, the
  // halves swapped between the stages: every setting is seen both given and at its default.
  const halfA = { EXPORT_INLINE_MAX_BYTES: '600', AWS_TIMEOUT_MS: '1234', VALIDATE_READS: 'false', HISTORY_SECURITY_RETENTION_DAYS: '7' };
  const halfB = { SIGNUP_WINDOW_MINUTES: '5', ACCESS_OVERRIDES: '{"GET /api/users":"token"}', LOG_LEVEL: 'warn' };
  const defaults = (names: readonly (typeof SETTINGS)[number][]) => Object.fromEntries(names.map((n) => [n, settingDefault(n)]));
  const unsetA = { ...defaults(['EXPORT_INLINE_MAX_BYTES', 'AWS_TIMEOUT_MS']), VALIDATE_READS: '', HISTORY_SECURITY_RETENTION_DAYS: '' };
  const unsetB = { ...defaults(['SIGNUP_WINDOW_MINUTES', 'LOG_LEVEL']), ACCESS_OVERRIDES: '' };

  it(
    '`npm start`: a setting given when the local stage starts is in the environment serverless-offline gives its functions, an unset one has its default',
    { timeout: 120_000 },
    () => {
      expect(resolved('local', halfB)).toMatchObject({ ...halfB, ...unsetA, STAGE: 'local', ...defaults(['JWT_TTL_SECONDS']) });
    },
  );

  it(
    "a deployed stage: a setting given when packaging reaches its functions, an unset one has its default, the stage's own win",
    { timeout: 120_000 },
    () => {
      const env = resolved('dev', { ...halfA, TABLE_NAME: 'not-this-one', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });
      expect(env).toMatchObject({
        ...halfA,
        ...unsetB,
        STAGE: 'dev',
        TABLE_NAME: 'tourism-village-dev',
        DYNAMODB_ENDPOINT: '',
        ...defaults(['JWT_TTL_SECONDS']),
      });
    },
  );
});
