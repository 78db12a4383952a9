/**
 * `serverless package --stage dev` (offline, in a copy of the service, with the zips of a sample
 * of the functions built: tests/support/package.ts BUILT, every function that ships an external
 * module among them): the functions that store images (lib/routes.ts `storesImages`, and the
 * backfill) are x86_64 and their zips hold sharp with its linux-x64 binary and libvips (x86-64
 * Linux objects, whatever machine packaged: serverless.yml custom.esbuild.packagerOptions) and no
 * other platform's; no other zip holds sharp; and a packaged function, unzipped, loads its handler
 * and sharp from its own node_modules and makes an image (on a linux-x64 glibc machine: elsewhere
 * that binary cannot load). exceljs, also external, goes into the export functions' zips alone.
 * In the template (the whole service's), each function has an IAM role with only its rights,
 * shared by the routes that need exactly the same (scripts/serverless-roles.ts,
 * serverless-functions.cjs; tests/deploy/rights.test.ts checks them against what the functions
 * do), API Gateway invokes them with a role of its own, and every setting of
 * lib/platform/config.ts in its environment (how a stage resolves them: environment.test.ts).
 * Every stack stays well under CloudFormation's 500 resources, today and with 40 routes more
 * (a template-only packaging of a copy with 40 synthetic routes: docs/deploy.md "Room for more routes").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lib/db/keys';
import { SETTINGS } from '../../lib/platform/config';
import { ROUTE_KEYS, ROUTES, routeNeeds, splitRouteKey, type RouteSpec } from '../../lib/routes';
import { SET_BY_LAMBDA } from '../../scripts/serverless-environment';
import { allows, type IamStatement } from '../support/iam';
import {
  BUILT,
  EXPORTERS,
  IMAGE_FUNCTIONS,
  PACKAGE_TIMEOUT_MS,
  packagedService,
  packagedTemplate,
  stacksOf,
  type PackagedTemplates,
} from '../support/package';

const NATIVE = ['node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64.node', 'node_modules/@img/sharp-libvips-linux-x64/lib/'];
/** sharp's platform packages (binary, libvips) in a zip: Lambda's x86_64 (glibc) ones alone. */
const LAMBDA_PLATFORM_PACKAGES = ['@img/sharp-libvips-linux-x64', '@img/sharp-linux-x64'];
/** This machine can load the packaged binary (the unzipped function's check), as CI's and Lambda's can. */
const LOADS_LAMBDA_BINARY =
  process.platform === 'linux' &&
  process.arch === 'x64' &&
  !!(process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;

let dir: string;
let packagedBy: number;
/**
 * The routes the stack has room for: the 70 of the route table when this was measured and 40
 * more (docs/deploy.md "Room for more routes"). The template alone of a copy of the service
 * with as many synthetic routes as it takes to get there is packaged beside the service
 * (tests/support/package.ts): 40 today, fewer as routes are added.
 */
const ROUTES_TO_HOLD = 110;
const EXTRA_ROUTES = ROUTES_TO_HOLD - ROUTE_KEYS.length;
let extended: PackagedTemplates;
/** The zips built (the other functions point at the placeholder, template-only.zip). */
const zips = () => readdirSync(join(dir, '.serverless')).filter((f) => f.endsWith('.zip') && f !== 'template-only.zip');
const listings = new Map<string, string[]>();
/** The files of a zip (listed once). */
const listing = (zip: string) => {
  let files = listings.get(zip);
  if (!files)
    listings.set(zip, (files = spawnSync('unzip', ['-Z1', join(dir, '.serverless', zip)], { encoding: 'utf8' }).stdout.split('\n')));
  return files;
};
const platformPackages = (files: string[]) =>
  [...new Set(files.map((f) => /^node_modules\/(@img\/sharp-[^/]+)\//.exec(f)?.[1]).filter((p) => p !== undefined))].sort();
/** A file of a zip, as bytes. */
const unzipped = (zip: string, file: string) =>
  spawnSync('unzip', ['-p', join(dir, '.serverless', zip), file], { maxBuffer: 256 * 2 ** 20 }).stdout as Buffer;
/** The first bytes of a file of a zip (the rest is not inflated: unzip stops when head has read enough). */
const head = (zip: string, file: string) =>
  spawnSync('sh', ['-c', 'unzip -p "$0" "$1" | head -c 64', join(dir, '.serverless', zip), file]).stdout as Buffer;
/** An ELF file's word size, byte order and machine (e_machine 62: x86-64). */
const elf = (b: Buffer) => ({
  magic: b.subarray(0, 4).toString('latin1'),
  bits: b[4] === 2 ? 64 : 32,
  littleEndian: b[5] === 1,
  machine: b.readUInt16LE(18),
});

// packaged once per run, without AWS credentials (tests/support/package.ts)
beforeAll(async () => {
  // (the template-only packaging takes seconds, beside the full one)
  [{ dir, pid: packagedBy }, extended] = await Promise.all([packagedService(), packagedTemplate(EXTRA_ROUTES)]);
}, PACKAGE_TIMEOUT_MS);

describe('serverless package', () => {
  it("leaves nothing in the system's temp folder (serverless-esbuild's zip staging goes to a scratch folder removed at exit)", () => {
    expect(packagedBy).toBeGreaterThan(0);
    const left = readdirSync(tmpdir()).filter((name) =>
      zips().some((zip) => name.startsWith(`${zip.replace(/\.zip$/, '')}-${packagedBy}-`)),
    );
    expect(left).toEqual([]);
  });

  it('builds the zips of the sample of functions, and points every other function at the placeholder', () => {
    expect(zips().sort()).toEqual(BUILT.map((fn) => `${fn}.zip`).sort());
    for (const [fn, f] of Object.entries(lambdas()))
      expect(String(f.Properties.Code.S3Key).endsWith(BUILT.includes(fn) ? `/${fn}.zip` : '/template-only.zip'), fn).toBe(true);
  });

  it('puts sharp with its linux-x64 binary into the zips of the image functions, and into no other', () => {
    expect(IMAGE_FUNCTIONS).toHaveLength(9); // six description/upload writes, two evidence writes (the self-assessment, one file), the backfill
    for (const zip of zips()) {
      const files = listing(zip);
      const fn = zip.replace(/\.zip$/, '');
      const holds = (p: string) => files.some((f) => f.startsWith(p));
      if (IMAGE_FUNCTIONS.includes(fn)) {
        for (const p of NATIVE) expect(holds(p), `${zip}: ${p}`).toBe(true);
        // no binary of the machine that packaged, if it is not linux-x64 (macOS, arm64, musl)
        expect(platformPackages(files), zip).toEqual(LAMBDA_PLATFORM_PACKAGES);
      } else {
        expect(holds('node_modules/sharp/'), `${zip} holds sharp`).toBe(false);
        expect(holds('node_modules/@img/'), `${zip} holds sharp's binaries`).toBe(false);
      }
    }
  });

  it("packages sharp's binary and libvips as x86-64 Linux objects, whatever machine packages", () => {
    for (const fn of IMAGE_FUNCTIONS) {
      const zip = `${fn}.zip`;
      const objects = listing(zip).filter((f) => /^node_modules\/@img\/.+\.(node|so(\.[\d.]+)?)$/.test(f));
      expect(
        objects.filter((f) => f.endsWith('/sharp-linux-x64.node')),
        zip,
      ).toHaveLength(1);
      expect(
        objects.filter((f) => f.includes('/libvips-cpp.so')),
        zip,
      ).toHaveLength(1);
      for (const f of objects)
        expect(elf(head(zip, f)), `${zip}: ${f}`).toEqual({ magic: '\x7fELF', bits: 64, littleEndian: true, machine: 62 });
      const pkg = JSON.parse(unzipped(zip, 'node_modules/@img/sharp-linux-x64/package.json').toString('utf8'));
      expect({ os: pkg.os, cpu: pkg.cpu, libc: pkg.libc }, zip).toEqual({ os: ['linux'], cpu: ['x64'], libc: ['glibc'] });
    }
  });

  it("ships exceljs beside the export functions' bundles (not inside them), and in no other zip", () => {
    for (const zip of zips())
      expect(listing(zip).includes('node_modules/exceljs/package.json'), zip).toBe(EXPORTERS.some((fn) => zip === `${fn}.zip`));
  });

  it('declares the image functions x86_64 (the binary packaged), the others arm64', () => {
    const functions = Object.entries(lambdas());
    for (const [name, f] of functions)
      expect(f.Properties.Architectures, name).toEqual([IMAGE_FUNCTIONS.includes(name) ? 'x86_64' : 'arm64']);
  });

  it('a packaged image function, unzipped, loads its handler and makes an image with its own sharp', ({ skip }) => {
    if (!LOADS_LAMBDA_BINARY) {
      // (the ELF check above tells the binary's platform on every machine)
      const why = `the zip holds Lambda's linux-x64 (glibc) sharp, which this ${process.platform}-${process.arch} machine cannot load`;
      console.warn(`skipped: ${why}`);
      skip(why);
    }
    const out = join(dir, 'unzipped');
    expect(spawnSync('unzip', ['-q', join(dir, '.serverless', 'uploadImage.zip'), '-d', out]).status).toBe(0);
    expect(existsSync(join(out, 'node_modules', 'sharp'))).toBe(true);
    const script = `
      const sharp = require(require.resolve('sharp', { paths: [${JSON.stringify(join(out, 'functions/uploads'))}] }));
      const handler = require(${JSON.stringify(join(out, 'functions/uploads/upload-image.js'))}).handler;
      if (typeof handler !== 'function') throw new Error('no handler');
      sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).rotate().webp().toBuffer()
        .then((b) => sharp(b).metadata())
        .then((m) => console.log(JSON.stringify({ format: m.format, width: m.width, from: require.resolve('sharp', { paths: [${JSON.stringify(out)}] }) })));
    `;
    // (outside the repository: nothing but the zip's own node_modules resolves)
    const run = spawnSync(process.execPath, ['-e', script], {
      cwd: out,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TABLE_NAME: 'packaged', STAGE: 'local', NODE_PATH: '' },
    });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(result).toMatchObject({ format: 'webp', width: 64 });
    expect(result.from.startsWith(out)).toBe(true);
  });
});

interface CfnResource {
  Type: string;
  Properties: Record<string, any>;
}
type Template = { Resources: Record<string, CfnResource> };
let packaged: Template | undefined;
const template = (): Template =>
  (packaged ??= JSON.parse(readFileSync(join(dir, '.serverless', 'cloudformation-template-update-stack.json'), 'utf8')));
const PREFIX = 'tourism-village-dev-';
/** Every function of the template by its name in serverless.yml (`villageList`, `imagesSweep`, …). */
const lambdas = () =>
  Object.fromEntries(
    Object.values(template().Resources)
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .map((r) => [String(r.Properties.FunctionName).slice(PREFIX.length), r]),
  );
const roleOf = (fn: string) => template().Resources[lambdas()[fn]!.Properties.Role['Fn::GetAtt'][0]]!;
const statementsOf = (fn: string): IamStatement[] =>
  roleOf(fn).Properties.Policies.flatMap((p: { PolicyDocument: { Statement: IamStatement[] } }) => p.PolicyDocument.Statement);
const actionsOf = (fn: string) => new Set(statementsOf(fn).flatMap((s) => s.Action));

const ARNS = {
  Table: 'arn:aws:dynamodb:ap-southeast-3:123456789012:table/tourism-village-dev',
  ImagesBucket: 'arn:aws:s3:::tourism-village-dev-images',
};
const TABLE = ARNS.Table;
const object = (key: string) => `${ARNS.ImagesBucket}/${key}`;
const can = (fn: string, action: string, resource: string, context?: Record<string, string | string[]>) =>
  allows(statementsOf(fn), { action, resource, context }, ARNS);

const specs = ROUTE_KEYS.map((k) => ({ key: k, ...splitRouteKey(k), spec: ROUTES[k] as RouteSpec }));
const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'];
/** The callers of lib/mail/ses.ts `sendMail`: reset codes, account verification, a village's hand-over, the outbox drain. */
const MAILING = ['authRequestReset', 'authVerifyAccount', 'notificationsOutbox'];

/** A set of rights as text, for comparing. */
const rightsKey = (needs: readonly string[]) => [...new Set(needs)].sort().join(',');
const MAINTENANCE = ['imagesBackfill', 'imagesSweep', 'notificationsOutbox', 'importWorker'];

describe("the functions' IAM roles", () => {
  it('gives each route function the role of its rights, shared only by the routes that need exactly those rights, and each maintenance function its own; Lambda alone may assume them', () => {
    const functions = lambdas();
    const fns = Object.keys(functions);
    expect(fns.sort()).toEqual([...specs.map((s) => s.spec.fn), ...MAINTENANCE].sort());
    const roleIdOf = (fn: string): string => functions[fn]!.Properties.Role['Fn::GetAtt'][0];
    expect(template().Resources.IamRoleLambdaExecution).toBeUndefined();
    for (const fn of fns) {
      expect(roleOf(fn).Type, fn).toBe('AWS::IAM::Role');
      expect(roleOf(fn).Properties.AssumeRolePolicyDocument.Statement, fn).toEqual([
        { Effect: 'Allow', Principal: { Service: ['lambda.amazonaws.com'] }, Action: ['sts:AssumeRole'] },
      ]);
    }
    // one role per set of rights: the same role exactly when the route needs the same rights
    const rightsOf = new Map(specs.map((s) => [s.spec.fn, rightsKey(routeNeeds(s.key))]));
    const routeFns = specs.map((s) => s.spec.fn);
    for (const a of routeFns)
      for (const b of routeFns) expect(roleIdOf(a) === roleIdOf(b), `${a} ${b}`).toBe(rightsOf.get(a) === rightsOf.get(b));
    for (const fn of MAINTENANCE) expect(roleIdOf(fn), fn).toBe(`${fn[0]!.toUpperCase()}${fn.slice(1)}Role`);
    expect(new Set(fns.map(roleIdOf)).size).toBe(new Set(rightsOf.values()).size + MAINTENANCE.length);
  });

  it("lets every role write the stage's one log group, where every function logs, and X-Ray segments (tracing is on)", () => {
    const groups = Object.values(template().Resources).filter((r) => r.Type === 'AWS::Logs::LogGroup');
    expect(groups.map((g) => g.Properties)).toEqual([{ LogGroupName: '/aws/lambda/tourism-village-dev', RetentionInDays: 30 }]);
    for (const [fn, f] of Object.entries(lambdas())) {
      expect(f.Properties.LoggingConfig, fn).toEqual({ LogGroup: '/aws/lambda/tourism-village-dev' });
      const logs = statementsOf(fn).find((s) => s.Action.includes('logs:PutLogEvents'))!;
      expect(logs.Resource, fn).toEqual([{ 'Fn::GetAtt': ['FunctionLogs', 'Arn'] }]);
      expect(actionsOf(fn), fn).toContain('xray:PutTraceSegments');
    }
  });

  it('lets the village list read the table and its list indexes, and nothing more: no write, no transaction item, no object change', () => {
    expect(can('villageList', 'dynamodb:GetItem', TABLE)).toBe(true);
    expect(can('villageList', 'dynamodb:Query', `${TABLE}/index/GSI1`)).toBe(true);
    expect(can('villageList', 'dynamodb:Query', `${TABLE}/index/GSI3`)).toBe(true);
    expect(can('villageList', 'dynamodb:Query', `${TABLE}/index/GSI2`)).toBe(false);
    // (TransactWriteItems is authorized per item: PutItem, UpdateItem, DeleteItem, ConditionCheckItem)
    for (const action of WRITES) expect(can('villageList', action, TABLE, { 'dynamodb:LeadingKeys': ['DESA#1'] }), action).toBe(false);
    for (const action of ['s3:PutObject', 's3:DeleteObject'])
      expect(can('villageList', action, object('images/d/1/a.webp')), action).toBe(false);
  });

  it('gives no read-only GET route any write, delete or mail right', () => {
    for (const { method, spec } of specs.filter((s) => s.method === 'GET' && !EXPORTERS.includes(s.spec.fn))) {
      const actions = [...actionsOf(spec.fn)];
      expect(
        actions.filter((a) => WRITES.includes(a) || /^s3:(Put|Delete)/.test(a) || a.startsWith('ses:')),
        `${method} ${spec.fn}`,
      ).toEqual([]);
    }
  });

  it('lets each write route keep Idempotency-Key records, and the catch-all (ANY) nothing but them', () => {
    const idem = { 'dynamodb:LeadingKeys': [keys.idempotencyPartition] };
    for (const { method, spec } of specs.filter((s) => s.method !== 'GET'))
      for (const action of ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'])
        expect(can(spec.fn, action, TABLE, idem), `${method} ${spec.fn} ${action}`).toBe(true);
    expect(can('notFound', 'dynamodb:PutItem', TABLE, { 'dynamodb:LeadingKeys': ['DESA#1'] })).toBe(false);
  });

  it('lets the image-storing functions (and the backfill) put objects under images/, and no other function', () => {
    for (const fn of Object.keys(lambdas())) {
      expect(can(fn, 's3:PutObject', object('images/d/3201/a.webp')), fn).toBe(IMAGE_FUNCTIONS.includes(fn));
      expect(can(fn, 's3:PutObject', object('images/u/7/a.webp')), fn).toBe(IMAGE_FUNCTIONS.includes(fn));
    }
    expect(can('uploadImage', 's3:PutObject', object('exports/x/desa.csv'))).toBe(false);
  });

  it('lets only the exports touch exports/ (write a file, sign a link that reads it)', () => {
    const rendered = (fn: string) => JSON.stringify(statementsOf(fn));
    expect(EXPORTERS).toContain('villageExport');
    for (const fn of Object.keys(lambdas())) expect(rendered(fn).includes('exports/'), fn).toBe(EXPORTERS.includes(fn));
    expect(can('villageExport', 's3:PutObject', object('exports/u-u-i-d/desa.xlsx'))).toBe(true);
    expect(can('villageExport', 's3:GetObject', object('exports/u-u-i-d/desa.xlsx'))).toBe(true);
    expect(can('villageExport', 's3:PutObject', object('images/d/1/a.webp'))).toBe(false);
  });

  it('lets only the functions that send mail send it, and only from the stage sender', () => {
    const identity = 'arn:aws:ses:ap-southeast-3:123456789012:identity/desawisata.example.com';
    for (const fn of Object.keys(lambdas())) {
      expect(
        [...actionsOf(fn)].filter((a) => a.startsWith('ses:')),
        fn,
      ).toEqual(MAILING.includes(fn) ? ['ses:SendEmail'] : []);
      const from = (address: string) => can(fn, 'ses:SendEmail', identity, { 'ses:FromAddress': address });
      expect(from('no-reply@desawisata.example.com'), fn).toBe(MAILING.includes(fn));
      expect(from('someone@elsewhere.example'), fn).toBe(false);
    }
  });

  it('lets only the village deletion, the sweep and the image writers (what they wrote, when it must go) delete images', () => {
    for (const fn of Object.keys(lambdas()))
      expect(can(fn, 's3:DeleteObject', object('images/d/3201/a.webp')), fn).toBe(
        ['villageDelete', 'imagesSweep', ...IMAGE_FUNCTIONS].includes(fn),
      );
    expect(can('villageDelete', 's3:ListBucket', ARNS.ImagesBucket, { 's3:prefix': 'images/d/3201/' })).toBe(true);
    expect(can('villageDelete', 's3:ListBucket', ARNS.ImagesBucket, { 's3:prefix': 'exports/' })).toBe(false);
  });
});

describe("the functions' environment", () => {
  it("holds every setting of lib/platform/config.ts (AWS_REGION is Lambda's own: a function may not set it)", () => {
    for (const [fn, f] of Object.entries(lambdas())) {
      const vars = Object.keys(f.Properties.Environment.Variables as Record<string, string>);
      expect(vars.filter((v) => (SETTINGS as string[]).includes(v)).sort(), fn).toEqual(
        SETTINGS.filter((s) => !SET_BY_LAMBDA.has(s)).sort(),
      );
    }
  });
});

/** CloudFormation's limit of resources per stack (a nested stack's too), less a margin of 25: a few routes more. */
const MAX_RESOURCES = 475;
const CLOUDFORMATION_LIMIT = 500;
/** What a route costs at most: its function, its method, and on a path of its own an API resource and a CORS preflight. */
const MOST_PER_ROUTE = 4;
const count = (t: Template) => Object.keys(t.Resources).length;
const ofType = (t: Template, type: string) => Object.entries(t.Resources).filter(([, r]) => r.Type === type);
/** The ARN of a function of the template, as IAM sees it. */
const functionArn = (name: string) => `arn:aws:lambda:ap-southeast-3:123456789012:function:${name}`;

describe('room for more routes (docs/deploy.md)', () => {
  it(`keeps every stack of the packaged service under ${MAX_RESOURCES} resources`, () => {
    const { stacks } = stacksOf(dir);
    // no nested stack today; one would be checked alike
    expect(ofType(template(), 'AWS::CloudFormation::Stack').length).toBe(Object.keys(stacks).length - 1);
    for (const [file, t] of Object.entries(stacks)) expect(count(t), file).toBeLessThanOrEqual(MAX_RESOURCES);
  });

  it(`keeps every stack under ${CLOUDFORMATION_LIMIT} with ${EXTRA_ROUTES} routes more (${ROUTES_TO_HOLD} in all), each on a path of its own`, () => {
    expect(EXTRA_ROUTES, `the route table holds ${ROUTE_KEYS.length} routes: make room first (docs/deploy.md)`).toBeGreaterThan(0);
    const t = extended.template as Template;
    const extra = Array.from({ length: EXTRA_ROUTES }, (_, i) => `${PREFIX}extraRoute${i + 1}`);
    const names = ofType(t, 'AWS::Lambda::Function').map(([, r]) => String(r.Properties.FunctionName));
    expect(names.length).toBe(Object.keys(lambdas()).length + EXTRA_ROUTES);
    for (const name of extra) expect(names, name).toContain(name);
    expect(ofType(t, 'AWS::CloudFormation::Stack').length).toBe(Object.keys(extended.stacks).length - 1);
    // CloudFormation's own limit: the stack as it is keeps 25 spare (MAX_RESOURCES); with 110 routes, each on a path of its own, it still deploys
    for (const [file, s] of Object.entries(extended.stacks)) expect(count(s), file).toBeLessThanOrEqual(CLOUDFORMATION_LIMIT);
    // (one API resource more holds the synthetic paths)
    expect(count(t) - count(template())).toBeLessThanOrEqual(EXTRA_ROUTES * MOST_PER_ROUTE + 1);
    // every role a function names is in the stack: the synthetic routes share the roles of the real ones
    for (const [id, f] of ofType(t, 'AWS::Lambda::Function'))
      expect(t.Resources[f.Properties.Role['Fn::GetAtt'][0]]?.Type, id).toBe('AWS::IAM::Role');
    expect(ofType(t, 'AWS::IAM::Role').length).toBe(ofType(template(), 'AWS::IAM::Role').length);
    // CloudFormation reads a template of up to 1 MB from S3 (osls uploads it without indentation)
    expect(JSON.stringify(t).length).toBeLessThan(750_000);
  });

  it('lets API Gateway invoke the functions through one role of the stage instead of a Lambda permission per function', () => {
    for (const t of [template(), extended.template as Template]) {
      const role = t.Resources.ApiGatewayInvokeRole!;
      expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
        { Effect: 'Allow', Principal: { Service: ['apigateway.amazonaws.com'] }, Action: ['sts:AssumeRole'] },
      ]);
      const statements: IamStatement[] = role.Properties.Policies.flatMap(
        (p: { PolicyDocument: { Statement: IamStatement[] } }) => p.PolicyDocument.Statement,
      );
      const proxies = ofType(t, 'AWS::ApiGateway::Method').filter(([, m]) => m.Properties.Integration.Type === 'AWS_PROXY');
      expect(proxies.length).toBeGreaterThanOrEqual(ROUTE_KEYS.length);
      for (const [id, m] of proxies) {
        expect(m.Properties.Integration.Credentials, id).toEqual({ 'Fn::GetAtt': ['ApiGatewayInvokeRole', 'Arn'] });
        const fnId: string = m.Properties.Integration.Uri['Fn::Join'][1].find((p: any) => p['Fn::GetAtt'])['Fn::GetAtt'][0];
        const arn = functionArn(t.Resources[fnId]!.Properties.FunctionName);
        expect(allows(statements, { action: 'lambda:InvokeFunction', resource: arn }, {}), id).toBe(true);
      }
      // nothing but invoking, and only this stage's functions
      expect(statements.flatMap((s) => s.Action)).toEqual(['lambda:InvokeFunction']);
      expect(allows(statements, { action: 'lambda:InvokeFunction', resource: functionArn('tourism-village-prod-villageList') }, {})).toBe(
        false,
      );
      // the scheduled functions keep theirs (EventBridge invokes them)
      const permissions = ofType(t, 'AWS::Lambda::Permission').map(([, p]) => p.Properties.Principal);
      expect(permissions).toEqual(ofType(t, 'AWS::Events::Rule').map(() => 'events.amazonaws.com'));
    }
  });

  it('builds synthetic routes into nothing but a template-only `serverless package`, and a sample of the functions into nothing but a package (never a deployment)', async () => {
    const load = createRequire(__filename);
    const TemplateOnly = load('../../scripts/serverless-template-only.cjs');
    const { functions } = load('../../scripts/serverless-functions.cjs');
    const FLAGS = ['PACKAGE_TEMPLATE_ONLY', 'PACKAGE_BUILD_ONLY', 'PACKAGE_EXTRA_ROUTES'] as const;
    const saved = Object.fromEntries(FLAGS.map((f) => [f, process.env[f]]));
    try {
      for (const [flag, value] of [
        ['PACKAGE_TEMPLATE_ONLY', '1'],
        ['PACKAGE_BUILD_ONLY', 'villageList'],
      ] as const) {
        for (const f of FLAGS) process.env[f] = '';
        process.env[flag] = value;
        for (const command of ['deploy', 'offline', 'print'])
          expect(() => new TemplateOnly({ processedInput: { commands: [command] }, serviceDir: dir }), `${flag} ${command}`).toThrow(
            /serverless package/,
          );
      }
      for (const f of FLAGS) process.env[f] = '';
      process.env.PACKAGE_EXTRA_ROUTES = '2';
      const resolveVariable = async (name: string) => (name === 'param:skipEsbuild' ? false : {});
      await expect(functions({ resolveVariable })).rejects.toThrow(/PACKAGE_TEMPLATE_ONLY/);
    } finally {
      for (const f of FLAGS)
        if (saved[f] === undefined) delete process.env[f];
        else process.env[f] = saved[f];
    }
  });
});
