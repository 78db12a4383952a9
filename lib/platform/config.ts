import * as z from 'zod';

/** The secret `npm start` and the tests use when none is given; refused on real stages. */
export const LOCAL_DEFAULT_JWT_SECRET = 'local-development-secret-do-not-use-in-production';

const LOCAL_STAGES = new Set(['local', 'test']);

/** Where `npm start` serves the pages (HTTP_PORT 3000): the front end's base URL on the local and test stages. */
const LOCAL_WEB_BASE_URL = 'http://127.0.0.1:3000';

/** Lambda answers at most 6 MB: the largest export answered inline keeps headroom for headers (5.8 MB). */
export const EXPORT_INLINE_LIMIT = Math.floor(5.8 * 1024 * 1024);

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
  .pipe(z.url().optional());

/** An empty value means none: serverless.yml gives every setting a value, empty where it has none (scripts/serverless-environment.ts). */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const envSchema = z.object({
  STAGE: z.string().min(1).default('local'),
  AWS_REGION: z.string().min(1).default('ap-southeast-3'),
  TABLE_NAME: z.string().min(3),
  BUCKET_NAME: z.string().min(3).default('tourism-village-images-local'),
  S3_PUBLIC_BASE_URL: optionalUrl,
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  SES_ENDPOINT: optionalUrl,
  JWT_SECRET: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(24 * 3600),
  /** Minutes after registration during which the account may create its first village without a token. */
  SIGNUP_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** Milliseconds an AWS call may take (connection and response) before it is abandoned. */
  AWS_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2500),
  MAIL_FROM: z.email().default('no-reply@desawisata.example.com'),
  CORS_ALLOWED_ORIGINS: z.string().optional(),
  /** Where the front end's pages are (/evaluasi, /akun): mails link to them. Locally http://127.0.0.1:3000; on AWS the stage's CDN. */
  WEB_BASE_URL: optionalUrl,
  /** Parse every item read with its schema: `true`/`false`; default on for the local and test stages. */
  VALIDATE_READS: blankAsAbsent(z.enum(['true', 'false']).optional()),
  /** Days after which security events of the history expire (TTL); unset or empty: 180. */
  HISTORY_SECURITY_RETENTION_DAYS: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce.number().int().min(1).max(3650).default(180),
  ),
  /** Bytes of the largest export answered inline; a larger file is handed out through S3 (lib/storage/exports.ts). */
  EXPORT_INLINE_MAX_BYTES: z.coerce.number().int().min(1).max(EXPORT_INLINE_LIMIT).default(EXPORT_INLINE_LIMIT),
  /** Notification mails the outbox drain sends per second at most (SES's sending rate; lib/domain/notifications.ts). */
  NOTIFY_MAILS_PER_SECOND: blankAsAbsent(z.coerce.number().int().min(1).max(1000).default(14)),
  /** JSON object: route key → access rule override, e.g. {"GET /api/users":"admin,dinas"}. */
  ACCESS_OVERRIDES: z.string().optional(),
  // Read by Powertools and lib/platform/log.ts, tracing.ts themselves; checked here at cold start.
  LOG_LEVEL: blankAsAbsent(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(['trace', 'debug', 'info', 'warn', 'error', 'critical', 'silent']))
      .default('info'),
  ),
  POWERTOOLS_METRICS_DISABLED: blankAsAbsent(z.enum(['true', 'false']).default('false')),
  POWERTOOLS_TRACE_ENABLED: blankAsAbsent(z.enum(['true', 'false']).default('false')),
});

export interface Config {
  stage: string;
  isLocal: boolean;
  region: string;
  tableName: string;
  bucketName: string;
  s3PublicBaseUrl: string;
  endpoints: { dynamodb?: string; s3?: string; ses?: string };
  jwtSecret: string;
  jwtTtlSeconds: number;
  signupWindowMs: number;
  awsTimeoutMs: number;
  mailFrom: string;
  corsOrigins: string[];
  /** The front end's base URL, without a trailing slash: mails link to its pages. */
  webBaseUrl: string;
  accessOverrides: Record<string, string>;
  /** Security events of the history expire after this many days (default 180). */
  historySecurityRetentionDays: number;
  /** Parse every item read with its record's schema (lib/db/entity.ts): in tests and local runs. */
  validateReads: boolean;
  /** The largest export answer (bytes, as Lambda counts them) sent inline; Lambda's limit is 6 MB. */
  exportInlineMaxBytes: number;
  /** Notification mails sent per second at most (the stage's SES sending rate). */
  notifyMailsPerSecond: number;
}

export class ConfigError extends Error {}

/** Parses and validates an environment; throws ConfigError naming every problem. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const isLocal = LOCAL_STAGES.has(e.STAGE);

  const secret = e.JWT_SECRET?.trim() || (isLocal ? LOCAL_DEFAULT_JWT_SECRET : '');
  if (!isLocal) {
    if (!secret || secret === LOCAL_DEFAULT_JWT_SECRET) {
      throw new ConfigError(`Invalid configuration: JWT_SECRET is missing or the local default on stage "${e.STAGE}"`);
    }
    if (secret.length < 32) {
      throw new ConfigError('Invalid configuration: JWT_SECRET must be at least 32 characters');
    }
  }

  const origins = (e.CORS_ALLOWED_ORIGINS || (isLocal ? '*' : ''))
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (!isLocal && (origins.length === 0 || origins.includes('*'))) {
    throw new ConfigError(
      `Invalid configuration: CORS_ALLOWED_ORIGINS must list the front-end origins on stage "${e.STAGE}" (no wildcard)`,
    );
  }

  let accessOverrides: Record<string, string> = {};
  if (e.ACCESS_OVERRIDES) {
    const o = z.record(z.string(), z.string()).safeParse(safeJson(e.ACCESS_OVERRIDES));
    if (!o.success) throw new ConfigError('Invalid configuration: ACCESS_OVERRIDES must be a JSON object of strings');
    accessOverrides = o.data;
  }

  const s3PublicBaseUrl =
    e.S3_PUBLIC_BASE_URL ??
    (e.S3_ENDPOINT ? `${e.S3_ENDPOINT.replace(/\/$/, '')}/${e.BUCKET_NAME}` : `https://${e.BUCKET_NAME}.s3.${e.AWS_REGION}.amazonaws.com`);

  return {
    stage: e.STAGE,
    isLocal,
    validateReads: e.VALIDATE_READS ? e.VALIDATE_READS === 'true' : isLocal,
    historySecurityRetentionDays: e.HISTORY_SECURITY_RETENTION_DAYS,
    exportInlineMaxBytes: e.EXPORT_INLINE_MAX_BYTES,
    notifyMailsPerSecond: e.NOTIFY_MAILS_PER_SECOND,
    region: e.AWS_REGION,
    tableName: e.TABLE_NAME,
    bucketName: e.BUCKET_NAME,
    s3PublicBaseUrl: s3PublicBaseUrl.replace(/\/$/, ''),
    endpoints: { dynamodb: e.DYNAMODB_ENDPOINT, s3: e.S3_ENDPOINT, ses: e.SES_ENDPOINT },
    jwtSecret: secret,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    signupWindowMs: e.SIGNUP_WINDOW_MINUTES * 60_000,
    awsTimeoutMs: e.AWS_TIMEOUT_MS,
    mailFrom: e.MAIL_FROM,
    corsOrigins: origins,
    // unset on a real stage (serverless.yml sets it): the first front-end origin
    webBaseUrl: (e.WEB_BASE_URL ?? (isLocal ? LOCAL_WEB_BASE_URL : origins[0]!)).replace(/\/+$/, ''),
    accessOverrides,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every environment variable the configuration reads: the one list of settings (serverless.yml's function environment is built from it). */
export const SETTINGS = Object.keys(envSchema.shape) as Setting[];
export type Setting = keyof typeof envSchema.shape;

/** The value a setting takes when the environment lacks it, as text; undefined when it has none (optional or required). */
export function settingDefault(name: Setting): string | undefined {
  const parsed = envSchema.shape[name].safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? String(parsed.data) : undefined;
}

let cached: Config | undefined;

/** The process's configuration, validated once (at cold start: the handler wrapper calls it on load). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
