/**
 * `serverless package --stage dev`, run once per test run however many files ask for it
 * (tests/deploy/package.test.ts reads the zips, tests/docs/operations.test.ts the
 * template): the first file to ask packages a copy of the service in the run's folder
 * (tests/support/global-setup.ts) with no AWS credentials; the others wait for it.
 * It builds the zips of a sample of the functions (BUILT: every one that ships an external
 * module, sharp or exceljs, and a few of every other kind) and points the rest at a placeholder
 * (scripts/serverless-template-only.cjs `PACKAGE_BUILD_ONLY`); the template is the whole
 * service's. Bundling every function is CI's own `serverless package` step (.ci/run), the
 * deployable; here it would be the run's slowest step (~100 CPU-seconds of ~1,000).
 *
 * `packagedTemplate(n)`: the template alone (no bundle: scripts/serverless-template-only.cjs)
 * of a copy of the service with n synthetic extra routes (scripts/serverless-functions.cjs),
 * also once per run; a few seconds, beside the packaging.
 */
import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_KEYS, ROUTES, type RouteSpec } from '../../lib/routes';
import { ROOT } from '../../scripts/local-stack';
import { oncePerRun, runFolder } from './run-once';

const SPECS = ROUTE_KEYS.map((k) => ROUTES[k] as RouteSpec);
/** The functions that store images (their zips ship sharp), the backfill among them. */
export const IMAGE_FUNCTIONS = [...SPECS.filter((s) => s.storesImages).map((s) => s.fn), 'imagesBackfill'];
/** The functions that write export files (their route needs `exports`): they alone ship exceljs. */
export const EXPORTERS = SPECS.filter((s) => s.needs?.includes('exports')).map((s) => s.fn);
/**
 * The functions whose zips packagedService builds: all that ship an external module, and a read,
 * a write, the catch-all, a mailer, a maintenance function and the spreadsheet reader, which ship none.
 */
export const BUILT = [
  ...new Set([
    ...IMAGE_FUNCTIONS,
    ...EXPORTERS,
    'villageList',
    'villageCreate',
    'notFound',
    'authRequestReset',
    'notificationsOutbox',
    'importStart',
  ]),
];

export interface Packaged {
  /** The packaged copy of the service: its zips are in `<dir>/.serverless`. */
  dir: string;
  template: { Resources: Record<string, { Type: string; Properties: Record<string, any>; Condition?: string }> } & Record<string, any>;
  /** The process id of the `serverless package` that built it. */
  pid: number;
}

/**
 * How long a file waits for the packaging: ~90 s on an idle 2-core machine, ~4 minutes while
 * the rest of the suite runs beside it; the packaging is stopped (and the run fails, with its
 * output and time) only when something is truly stuck.
 */
export const PACKAGE_TIMEOUT_MS = 600_000;

export async function packagedService(): Promise<Packaged> {
  const pid = await oncePerRun(
    'package',
    async (base) => {
      const result = await packageInto(join(base, 'service'), { PACKAGE_BUILD_ONLY: BUILT.join(',') });
      if (!result.ok) throw new Error(`serverless package failed:\n${result.output}`);
      return String(result.pid);
    },
    PACKAGE_TIMEOUT_MS,
  );
  const dir = join(runFolder('package'), 'service');
  return {
    dir,
    pid: Number(pid),
    template: JSON.parse(readFileSync(join(dir, '.serverless', 'cloudformation-template-update-stack.json'), 'utf8')),
  };
}

/** A packaged copy's `.serverless` folder: each of its stacks' templates, the root's first (`update-stack`), then any nested one's. */
export interface PackagedTemplates {
  dir: string;
  /** The root stack's template (`cloudformation-template-update-stack.json`). */
  template: Packaged['template'];
  /** Every stack's template by file name, the root's included (nested stacks: `cloudformation-template-<name>-nested-stack*.json`). */
  stacks: Record<string, Packaged['template']>;
}

/** The CloudFormation templates of a packaged copy (every `cloudformation-template-*.json` but the create-stack one). */
export function stacksOf(dir: string): PackagedTemplates {
  const out = join(dir, '.serverless');
  const files = readdirSync(out).filter(
    (f) => /^cloudformation-template-.+\.json$/.test(f) && f !== 'cloudformation-template-create-stack.json',
  );
  const stacks = Object.fromEntries(files.map((f) => [f, JSON.parse(readFileSync(join(out, f), 'utf8'))]));
  return { dir, template: stacks['cloudformation-template-update-stack.json'], stacks };
}

/**
 * The template of a copy of the service with `extraRoutes` synthetic routes more
 * (PACKAGE_EXTRA_ROUTES), packaged without building a function (PACKAGE_TEMPLATE_ONLY), once per run.
 */
export async function packagedTemplate(extraRoutes: number): Promise<PackagedTemplates> {
  const name = `template-${extraRoutes}-extra-routes`;
  await oncePerRun(
    name,
    async (base) => {
      const env = { PACKAGE_TEMPLATE_ONLY: '1', PACKAGE_EXTRA_ROUTES: String(extraRoutes) };
      const result = await packageInto(join(base, 'service'), env);
      if (!result.ok) throw new Error(`serverless package (${name}) failed:\n${result.output}`);
      return String(result.pid);
    },
    PACKAGE_TIMEOUT_MS,
  );
  return stacksOf(join(runFolder(name), 'service'));
}

function packageInto(dir: string, extraEnv: Record<string, string> = {}): Promise<{ ok: boolean; output: string; pid: number }> {
  for (const e of ['serverless.yml', 'functions', 'lib', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'])
    cpSync(join(ROOT, e), join(dir, e), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // no AWS access: packaging must need none
  const env: Record<string, string | undefined> = {
    ...process.env,
    PACKAGE_TEMPLATE_ONLY: '',
    PACKAGE_BUILD_ONLY: '',
    PACKAGE_EXTRA_ROUTES: '',
    ...extraEnv,
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_PROFILE: '',
  };
  env.AWS_CONFIG_FILE = '/dev/null';
  env.AWS_SHARED_CREDENTIALS_FILE = '/dev/null';
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'serverless'), ['package', '--stage', 'dev'], { cwd: dir, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), PACKAGE_TIMEOUT_MS - 20_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = Math.round((Date.now() - started) / 1000);
      const how = signal ? `stopped by ${signal} after ${seconds} s` : `exit ${code} after ${seconds} s`;
      resolve({ ok: code === 0, output: code === 0 ? output : `${how}\n${output}`, pid: child.pid ?? 0 });
    });
  });
}
