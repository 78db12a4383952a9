/**
 * Operations: the metrics a real invocation writes (CloudWatch embedded metric format)
 * and the alarms, topic and dashboard in the template `serverless package` builds
 * without AWS access.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PACKAGE_TIMEOUT_MS, packagedService } from '../support/package';
import { invoke, uniqueEmail } from '../support/api';
import { multipart } from '../support/multipart';
import { makeUser } from '../support/users';

type Emf = {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
  };
} & Record<string, unknown>;

/** Runs `fn` against freshly loaded modules with metrics on, and returns the EMF lines written to stdout. */
async function emfOf(fn: (mods: { register: any; upload: any }) => Promise<void>): Promise<Emf[]> {
  const lines: string[] = [];
  const before = { disabled: process.env.POWERTOOLS_METRICS_DISABLED, init: process.env.AWS_LAMBDA_INITIALIZATION_TYPE };
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand'; // as Lambda sets it: Powertools counts cold starts only then
  vi.resetModules(); // a fresh container: the Metrics instance reads the environment when created
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stdout.write);
  try {
    const register = (await import('../../functions/auth/register')).handler;
    const upload = (await import('../../functions/uploads/upload-image')).handler;
    await fn({ register, upload });
  } finally {
    spy.mockRestore();
    process.env.POWERTOOLS_METRICS_DISABLED = before.disabled;
    if (before.init === undefined) delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
    else process.env.AWS_LAMBDA_INITIALIZATION_TYPE = before.init;
    vi.resetModules();
  }
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('"_aws"'))
    .map((l) => JSON.parse(l) as Emf);
}

/** Every metric of a line, once per dimension set it is recorded under. */
const metricsOf = (lines: Emf[]) =>
  lines.flatMap((l) =>
    l._aws.CloudWatchMetrics.flatMap((m) =>
      m.Metrics.flatMap((x) => m.Dimensions.map((dims) => ({ name: x.Name, unit: x.Unit, dims, line: l }))),
    ),
  );

describe('metrics (CloudWatch embedded metric format)', () => {
  it('a real invocation writes well-formed lines: requests by status class and latency per route, cold start, business counters', async () => {
    const user = await makeUser('pengelola');
    const lines = await emfOf(async ({ register, upload }) => {
      const ok = await invoke(register, {
        method: 'POST',
        resource: '/auth/register',
        body: { fullName: 'A', email: uniqueEmail(), password: 'rahasia123' },
      });
      expect(ok.statusCode).toBe(201);
      const bad = await invoke(upload, {
        method: 'POST',
        resource: '/api/upload/gambar',
        ...multipart({}, [{ field: 'file', data: Buffer.from('not an image at all') }]),
        token: user.token,
      });
      expect(bad.statusCode).toBe(400);
    });
    expect(lines.length).toBeGreaterThan(0);
    // one line per request (the cold start and business counters are lines of their own)
    expect(lines.filter((l) => typeof l.route === 'string')).toHaveLength(2);
    for (const l of lines) {
      // well-formed: a timestamp, the namespace, and a value for every dimension and metric named
      expect(typeof l._aws.Timestamp).toBe('number');
      for (const set of l._aws.CloudWatchMetrics) {
        expect(set.Namespace).toBe('TourismVillage');
        for (const dims of set.Dimensions) for (const d of dims) expect(typeof l[d], d).toBe('string');
        for (const m of set.Metrics) expect(l[m.Name], m.Name).toBeDefined();
      }
      expect(l.service).toBe('tourism-village');
    }
    const all = metricsOf(lines);
    const has = (name: string, dims: string[], extra: Record<string, unknown> = {}) =>
      all.some(
        (m) =>
          m.name === name &&
          JSON.stringify([...m.dims].sort()) === JSON.stringify([...dims].sort()) &&
          Object.entries(extra).every(([k, v]) => m.line[k] === v),
      );
    expect(has('Requests2xx', ['service', 'route'], { route: 'POST /auth/register' })).toBe(true);
    expect(has('Latency', ['service', 'route'], { route: 'POST /auth/register' })).toBe(true);
    expect(has('Requests4xx', ['service', 'route'], { route: 'POST /api/upload/gambar' })).toBe(true);
    expect(has('Requests2xx', ['service'])).toBe(true); // the totals the alarms and dashboard read
    expect(has('Requests4xx', ['service'])).toBe(true);
    expect(has('SignUps', ['service'])).toBe(true);
    expect(has('ImagesRejected', ['service'])).toBe(true);
    expect(all.some((m) => m.name === 'ColdStart')).toBe(true);
    expect(all.find((m) => m.name === 'Latency')!.unit).toBe('Milliseconds');
    // nothing from the request body reaches the metrics
    expect(JSON.stringify(lines)).not.toMatch(/rahasia123|@example\.com/);
  });
});

describe('alarms and dashboard in the packaged template', { timeout: PACKAGE_TIMEOUT_MS }, () => {
  it('`serverless package --stage dev` needs no AWS access and builds every alarm with its metric, threshold and topic', async () => {
    // packaged once per run, without AWS credentials (tests/support/package.ts)
    const { dir, template } = await packagedService();
    const out = join(dir, '.serverless');
    const resources = template.Resources as Record<string, { Type: string; Properties: Record<string, any>; Condition?: string }>;

    expect(resources.AlarmTopic?.Type).toBe('AWS::SNS::Topic');
    expect(resources.AlarmEmailSubscription).toMatchObject({ Type: 'AWS::SNS::Subscription', Condition: 'HasAlarmEmail' });
    const alarms = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm');
    const byName = Object.fromEntries(alarms.map(([id, r]) => [id, r.Properties]));
    const metricNames = (p: Record<string, any>) =>
      [p.MetricName, ...(p.Metrics ?? []).map((m: any) => m.MetricStat?.Metric?.MetricName)].filter(Boolean);
    const expected: Record<string, { metrics: string[]; threshold: number }> = {
      ApiServerErrorRateAlarm: { metrics: ['5XXError', 'Count'], threshold: 5 },
      ApiLatencyP99Alarm: { metrics: ['Latency'], threshold: 3000 },
      LambdaErrorsAlarm: { metrics: ['Errors'], threshold: 5 },
      LambdaThrottlesAlarm: { metrics: ['Throttles'], threshold: 1 },
      LambdaTimeoutsAlarm: { metrics: ['IntegrationLatency'], threshold: 14000 },
      DynamoDbThrottlesAlarm: { metrics: ['ReadThrottleEvents', 'WriteThrottleEvents'], threshold: 1 },
      DynamoDbSystemErrorsAlarm: { metrics: ['SystemErrors'], threshold: 1 },
      MailFailuresAlarm: { metrics: ['MailsFailed'], threshold: 1 },
    };
    expect(Object.keys(byName).sort()).toEqual(Object.keys(expected).sort());
    for (const [id, want] of Object.entries(expected)) {
      const p = byName[id]!;
      for (const m of want.metrics) expect(metricNames(p), id).toContain(m);
      expect(p.Threshold, id).toBe(want.threshold);
      expect(p.AlarmActions, id).toEqual([{ Ref: 'AlarmTopic' }]);
    }
    expect(byName.ApiLatencyP99Alarm!.ExtendedStatistic).toBe('p99');
    expect(resources.OperationsDashboard?.Type).toBe('AWS::CloudWatch::Dashboard');

    // X-Ray segments for every function
    const functions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(40);
    for (const f of functions) {
      expect(f.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(f.Properties.Environment.Variables.POWERTOOLS_METRICS_DISABLED).toBe('false');
      // the X-Ray SDK (subsegments per AWS call) only where a stage asks for it: lib/platform/tracing.ts
      expect(f.Properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBe('false');
    }
    // ... and the stage's bundles do not even contain it (serverless.yml custom.esbuild.define)
    // (an image function: among the zips the run builds, tests/support/package.ts BUILT)
    const zip = join(out, 'tourismCreate.zip');
    const entry = spawnSync('unzip', ['-Z1', zip], { encoding: 'utf8' })
      .stdout.split('\n')
      .find((f) => f.endsWith('.js'));
    expect(entry, 'a .js file in tourismCreate.zip').toBeDefined();
    const bundle = spawnSync('unzip', ['-p', zip, entry!], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stdout;
    expect(bundle).toContain('Deskripsi wisata berhasil ditambahkan');
    expect(bundle).not.toContain('AWS_XRAY_DAEMON_ADDRESS');
    // (API Gateway's stage tracing is set by `serverless deploy` through the API, not in the template.)
  });
});
