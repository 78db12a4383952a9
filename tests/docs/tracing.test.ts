/**
 * Tracing (lib/platform/tracing.ts): the X-Ray SDK is loaded only where a stage traces AWS calls.
 * Off: importing a handler starts no async hook, and the bundle built with serverless.yml's
 * `define` for such a stage does not contain the SDK. On: the function bundled as a stage
 * with `traceAwsCalls` builds it, invoked in the environment Lambda gives a traced
 * function, sends the operation's subsegment and one per DynamoDB call to the X-Ray
 * daemon's address (here a UDP socket of the test).
 */
import asyncHooks from 'node:async_hooks';
import { createSocket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LambdaHandler } from '../../lib/http/handler';
import { ROOT } from '../../scripts/local-stack';
import { invoke, uniqueEmail } from '../support/api';

/** A string of the X-Ray SDK's code (its daemon address variable), which survives minifying. */
const XRAY_SDK_CODE = 'AWS_XRAY_DAEMON_ADDRESS';

/** functions/auth/register.ts bundled like serverless-esbuild does for a stage with or without `traceAwsCalls` (and loaded, when asked). */
async function bundledRegister(traceAwsCalls: boolean, load = false): Promise<{ code: string; handler?: LambdaHandler }> {
  const dir = mkdtempSync(join(tmpdir(), 'tracing-'));
  try {
    const outfile = join(dir, 'register.js');
    await build({
      entryPoints: [join(ROOT, 'functions/auth/register.ts')],
      outfile,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      // serverless.yml custom.esbuild.define, resolved
      define: { 'process.env.POWERTOOLS_TRACE_ENABLED': JSON.stringify(String(traceAwsCalls)) },
      logLevel: 'error',
    });
    const code = readFileSync(outfile, 'utf8');
    const handler = load ? (createRequire(import.meta.url)(outfile) as { handler: LambdaHandler }).handler : undefined;
    return { code, handler };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  vi.restoreAllMocks();
  vi.resetModules();
});

const register = async () => (await import('../../functions/auth/register')).handler;
const signUp = { method: 'POST', resource: '/auth/register', body: { fullName: 'A', email: '', password: 'rahasia123' } } as const;

describe('tracing', () => {
  it('off (the default): the X-Ray SDK is not loaded, so no async hook slows the requests', async () => {
    const hooks = vi.spyOn(asyncHooks, 'createHook');
    vi.resetModules();
    const res = await invoke(await register(), { ...signUp, body: { ...signUp.body, email: uniqueEmail() } });
    expect(res.statusCode).toBe(201);
    expect(hooks).not.toHaveBeenCalled();
  });

  it('off: the bundle of a stage without traceAwsCalls does not even contain the X-Ray SDK', async () => {
    const [off, on] = await Promise.all([bundledRegister(false), bundledRegister(true)]);
    expect(off.code).not.toContain(XRAY_SDK_CODE);
    expect(on.code).toContain(XRAY_SDK_CODE);
    expect(off.code.length).toBeLessThan(on.code.length - 100_000);
  });

  it('on: the operation and each DynamoDB call reach the X-Ray daemon as subsegments of the invocation', async () => {
    const daemon = createSocket('udp4');
    const docs: Record<string, unknown>[] = [];
    daemon.on('message', (m) => {
      // each datagram: a JSON header line, then the (sub)segment document
      const body = m.toString('utf8').split('\n')[1];
      if (body) docs.push(JSON.parse(body) as Record<string, unknown>);
    });
    await new Promise<void>((r) => daemon.bind(0, '127.0.0.1', r));
    const traceId = `1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
    Object.assign(process.env, {
      POWERTOOLS_TRACE_ENABLED: 'true',
      // what Lambda sets for a traced function
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      AWS_LAMBDA_FUNCTION_NAME: 'tourism-village-test-authRegister',
      LAMBDA_TASK_ROOT: process.cwd(),
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${daemon.address().port}`,
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
      _X_AMZN_TRACE_ID: `Root=${traceId};Parent=${randomBytes(8).toString('hex')};Sampled=1`,
    });
    // the SDK's async hook lives as long as the process: it is turned off afterwards, so that the
    // files this worker runs next (isolate: false) do not pay for it on every promise
    const hooks: asyncHooks.AsyncHook[] = [];
    const createHook = asyncHooks.createHook;
    vi.spyOn(asyncHooks, 'createHook').mockImplementation((callbacks) => {
      const hook = createHook(callbacks);
      hooks.push(hook);
      return hook;
    });
    try {
      const res = await invoke((await bundledRegister(true, true)).handler!, { ...signUp, body: { ...signUp.body, email: uniqueEmail() } });
      expect(res.statusCode).toBe(201);
      await vi.waitFor(() => expect(docs.some((d) => d.name === '## POST /auth/register')).toBe(true), { timeout: 5000 });
      await vi.waitFor(() => expect(docs.some((d) => d.name === 'DynamoDB')).toBe(true), { timeout: 5000 });
    } finally {
      daemon.close();
      for (const hook of hooks) hook.disable();
    }
    expect(hooks.length, 'the SDK context hook was seen').toBeGreaterThan(0);
    for (const d of docs) expect(d.trace_id).toBe(traceId);
    const op = docs.find((d) => d.name === '## POST /auth/register')!;
    expect(op.annotations).toMatchObject({ route: 'POST /auth/register' });
    const calls = docs.filter((d) => d.name === 'DynamoDB') as { aws?: { operation?: string } }[];
    expect(calls.map((c) => c.aws?.operation)).toContain('TransactWriteItems');
  });
});
