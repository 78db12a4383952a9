import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, LOCAL_DEFAULT_JWT_SECRET, parseConfig, SETTINGS, settingDefault } from '../../lib/platform/config';
import { functionEnvironment } from '../../scripts/serverless-environment';

const PROD = { STAGE: 'prod', TABLE_NAME: 'tourism-prod', JWT_SECRET: 's'.repeat(32), CORS_ALLOWED_ORIGINS: 'https://desa.example' };

/** The ConfigError's message for an environment (fails the test when there is none). */
function problem(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return expect.fail('parseConfig accepted the environment');
}

describe('parseConfig', () => {
  it('fills every default for a local stage from TABLE_NAME alone', () => {
    expect(parseConfig({ TABLE_NAME: 'tbl' })).toEqual({
      stage: 'local',
      isLocal: true,
      validateReads: true,
      exportInlineMaxBytes: Math.floor(5.8 * 1024 * 1024),
      notifyMailsPerSecond: 14,
      region: 'ap-southeast-3',
      tableName: 'tbl',
      bucketName: 'tourism-village-images-local',
      s3PublicBaseUrl: 'https://tourism-village-images-local.s3.ap-southeast-3.amazonaws.com',
      endpoints: { dynamodb: undefined, s3: undefined, ses: undefined },
      jwtSecret: LOCAL_DEFAULT_JWT_SECRET,
      jwtTtlSeconds: 86_400,
      signupWindowMs: 1_800_000,
      awsTimeoutMs: 2500,
      mailFrom: 'no-reply@desawisata.example.com',
      corsOrigins: ['*'],
      webBaseUrl: 'http://127.0.0.1:3000',
      accessOverrides: {},
      historySecurityRetentionDays: 180,
    });
  });

  it('treats test as a local stage', () => {
    const c = parseConfig({ TABLE_NAME: 'tbl', STAGE: 'test' });
    expect(c.isLocal).toBe(true);
    expect(c.validateReads).toBe(true);
  });

  it('derives the public image base from the S3 endpoint, else takes the one given, without a trailing slash', () => {
    expect(parseConfig({ TABLE_NAME: 'tbl', S3_ENDPOINT: 'http://localhost:4569/', BUCKET_NAME: 'imgs' }).s3PublicBaseUrl).toBe(
      'http://localhost:4569/imgs',
    );
    expect(parseConfig({ TABLE_NAME: 'tbl', S3_PUBLIC_BASE_URL: ' https://cdn.example/img/ ' }).s3PublicBaseUrl).toBe(
      'https://cdn.example/img',
    );
  });

  it('treats blank endpoints as absent and names an invalid one', () => {
    expect(parseConfig({ TABLE_NAME: 'tbl', DYNAMODB_ENDPOINT: '   ' }).endpoints.dynamodb).toBeUndefined();
    expect(parseConfig({ TABLE_NAME: 'tbl', SES_ENDPOINT: 'http://127.0.0.1:8005' }).endpoints.ses).toBe('http://127.0.0.1:8005');
    expect(problem({ TABLE_NAME: 'tbl', DYNAMODB_ENDPOINT: 'not a url' })).toMatch(/^Invalid configuration: DYNAMODB_ENDPOINT: /);
  });

  it('converts numeric settings and refuses them out of range', () => {
    const c = parseConfig({ TABLE_NAME: 'tbl', JWT_TTL_SECONDS: '3600', SIGNUP_WINDOW_MINUTES: '5', AWS_TIMEOUT_MS: '100' });
    expect([c.jwtTtlSeconds, c.signupWindowMs, c.awsTimeoutMs]).toEqual([3600, 300_000, 100]);
    expect(problem({ TABLE_NAME: 'tbl', JWT_TTL_SECONDS: '59' })).toContain('JWT_TTL_SECONDS');
    expect(problem({ TABLE_NAME: 'tbl', AWS_TIMEOUT_MS: '99' })).toContain('AWS_TIMEOUT_MS');
    expect(problem({ TABLE_NAME: 'tbl', SIGNUP_WINDOW_MINUTES: '1.5' })).toContain('SIGNUP_WINDOW_MINUTES');
  });

  it('names every problem at once', () => {
    const message = problem({ TABLE_NAME: 'x', MAIL_FROM: 'nobody', STAGE: '' });
    expect(message).toContain('TABLE_NAME');
    expect(message).toContain('MAIL_FROM');
    expect(message).toContain('STAGE');
    expect(message.split('; ')).toHaveLength(3);
  });

  it('on a real stage requires a secret of 32+ characters that is not the local default', () => {
    const c = parseConfig(PROD);
    expect(c.isLocal).toBe(false);
    expect(c.validateReads).toBe(false);
    expect(c.jwtSecret).toBe('s'.repeat(32));
    expect(problem({ ...PROD, JWT_SECRET: undefined })).toBe(
      'Invalid configuration: JWT_SECRET is missing or the local default on stage "prod"',
    );
    expect(problem({ ...PROD, JWT_SECRET: '   ' })).toContain('JWT_SECRET is missing');
    expect(problem({ ...PROD, JWT_SECRET: LOCAL_DEFAULT_JWT_SECRET })).toContain('local default');
    expect(problem({ ...PROD, JWT_SECRET: 's'.repeat(31) })).toBe('Invalid configuration: JWT_SECRET must be at least 32 characters');
  });

  it('on a real stage requires a list of origins, without wildcard; lists are trimmed', () => {
    expect(parseConfig({ ...PROD, CORS_ALLOWED_ORIGINS: ' https://a.example, https://b.example ,' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(problem({ ...PROD, CORS_ALLOWED_ORIGINS: undefined })).toBe(
      'Invalid configuration: CORS_ALLOWED_ORIGINS must list the front-end origins on stage "prod" (no wildcard)',
    );
    expect(problem({ ...PROD, CORS_ALLOWED_ORIGINS: 'https://a.example,*' })).toContain('no wildcard');
  });

  it("takes the front end's base URL (mails link to its pages) without a trailing slash; on a real stage, unset, the first origin", () => {
    expect(parseConfig({ TABLE_NAME: 'tbl', WEB_BASE_URL: 'https://d111.cloudfront.net/' }).webBaseUrl).toBe('https://d111.cloudfront.net');
    expect(parseConfig({ ...PROD, WEB_BASE_URL: '' }).webBaseUrl).toBe('https://desa.example');
    expect(problem({ TABLE_NAME: 'tbl', WEB_BASE_URL: 'desa.example' })).toMatch(/^Invalid configuration: WEB_BASE_URL: /);
  });

  it('reads ACCESS_OVERRIDES as a JSON object of strings', () => {
    expect(parseConfig({ TABLE_NAME: 'tbl', ACCESS_OVERRIDES: '{"GET /api/users":"admin,dinas"}' }).accessOverrides).toEqual({
      'GET /api/users': 'admin,dinas',
    });
    const refused = 'Invalid configuration: ACCESS_OVERRIDES must be a JSON object of strings';
    expect(problem({ TABLE_NAME: 'tbl', ACCESS_OVERRIDES: 'not json' })).toBe(refused);
    expect(problem({ TABLE_NAME: 'tbl', ACCESS_OVERRIDES: '["GET /api/users"]' })).toBe(refused);
    expect(problem({ TABLE_NAME: 'tbl', ACCESS_OVERRIDES: '{"GET /api/users":1}' })).toBe(refused);
  });
});

describe('the settings (SETTINGS)', () => {
  const doc = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  /** Upper-case names inside backticks (`STAGE`, `POWERTOOLS_METRICS_DISABLED=true`); in prose, only those with an underscore. */
  const namesIn = (text: string, name = /[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+/) =>
    new Set([...text.matchAll(new RegExp(`\`(${name.source})\\b[^\`]*\``, 'g'))].map((m) => m[1]!));

  it("are the variables README's configuration table lists, and every one docs/operations.md names", () => {
    const readme = doc('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const firstColumns = table
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split('|')[1]!)
      .join(' ');
    expect([...namesIn(firstColumns, /[A-Z][A-Z0-9_]*/)].sort()).toEqual([...SETTINGS].sort());
    for (const name of namesIn(doc('docs/operations.md'))) expect(SETTINGS, name).toContain(name);
  });

  it('read an empty value as none, where a setting has no default (the functions get every setting, empty when unset)', () => {
    const outcome = (env: Record<string, string | undefined>) => {
      try {
        return parseConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
    };
    for (const name of SETTINGS.filter((n) => settingDefault(n) === undefined && n !== 'TABLE_NAME')) {
      expect(outcome({ TABLE_NAME: 'tbl', [name]: '' }), name).toEqual(outcome({ TABLE_NAME: 'tbl' }));
      expect(outcome({ ...PROD, [name]: '' }), name).toEqual(outcome({ ...PROD, [name]: undefined }));
    }
  });

  it("reach a function as given, else with the code's default; what serverless.yml fixes wins; AWS_REGION is Lambda's", () => {
    const given = { SIGNUP_WINDOW_MINUTES: '5', AWS_TIMEOUT_MS: '', VALIDATE_READS: 'false', STAGE: 'local', AWS_REGION: 'eu-west-1' };
    const env = functionEnvironment({ STAGE: 'dev', TABLE_NAME: 'tbl', POWERTOOLS_SERVICE_NAME: 'svc' }, given);
    expect(env).toMatchObject({ STAGE: 'dev', TABLE_NAME: 'tbl', POWERTOOLS_SERVICE_NAME: 'svc', SIGNUP_WINDOW_MINUTES: '5' });
    expect(env.AWS_TIMEOUT_MS).toBe('2500');
    expect(env.ACCESS_OVERRIDES).toBe('');
    expect(env).not.toHaveProperty('AWS_REGION');
    // configured as the code would be by the given settings themselves
    const local = {
      SIGNUP_WINDOW_MINUTES: '5',
      VALIDATE_READS: 'false',
      ACCESS_OVERRIDES: '{"GET /api/users":"token"}',
      TABLE_NAME: 'tbl',
    };
    expect(parseConfig(functionEnvironment({ TABLE_NAME: 'tbl' }, local))).toEqual(parseConfig(local));
  });
});
