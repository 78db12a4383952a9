/**
 * One IAM role per function, holding only the rights it needs: CloudFormation resources
 * that scripts/serverless-functions.cjs adds to serverless.yml's `resources`, each function
 * naming its own (`role:`). A route's rights come from the route table (lib/routes.ts
 * `routeNeeds`); those of the functions without a route are declared below. Every role
 * also writes its function's logs and, where the stage traces functions, X-Ray segments.
 */
import { keys } from '../lib/db/keys';
import { ROUTE_KEYS, ROUTES, routeNeeds, type Need, type RouteSpec } from '../lib/routes';

/** The functions without a route (functions/maintenance/functions.yml) and what they need. */
export const MAINTENANCE_NEEDS: Record<string, readonly Need[]> = {
  // interrupted village deletions completed (their writes), then the orphan sweep
  imagesSweep: ['read', 'GSI1', 'write', 'sweepImages'],
  // (it reads the sweep's marks, so that it never writes back an image being deleted)
  imagesBackfill: ['read', 'rewriteImages'],
  // the outbox drain: notices, recipients (villages by list or region, dinas accounts), delivery markers, mail;
  // the daily reminders: the rounds (list) and each reminder's transaction; a manager's other villages (GSI2, by e-mail)
  notificationsOutbox: ['read', 'GSI1', 'GSI2', 'GSI3', 'write', 'mail'],
  // the import worker: imports with work (GSI3), their files; each row's write (villages by region: GSI3; a manager's: GSI2)
  importWorker: ['read', 'GSI1', 'GSI2', 'GSI3', 'write', 'imports'],
};

export interface Statement {
  Effect: 'Allow';
  Action: string[];
  Resource: unknown[];
  Condition?: Record<string, Record<string, unknown>>;
}

export interface RoleOptions {
  /** The stage's sender (MAIL_FROM): the only address a role may send from. */
  mailFrom: string;
  /** provider.tracing.lambda: functions send X-Ray segments. */
  tracing: boolean;
}

const TABLE = { 'Fn::GetAtt': ['Table', 'Arn'] };
const BUCKET = { 'Fn::GetAtt': ['ImagesBucket', 'Arn'] };
const index = (name: string) => ({ 'Fn::Join': ['/', [TABLE, 'index', name]] });
// object prefixes: lib/storage/images.ts (images/, a village's images/d/<kd>/) and lib/storage/exports.ts
const objects = (prefix: string) => ({ 'Fn::Join': ['', [BUCKET, `/${prefix}*`]] });

const allow = (Action: string[], Resource: unknown[], Condition?: Statement['Condition']): Statement => ({
  Effect: 'Allow',
  Action,
  Resource,
  ...(Condition ? { Condition } : {}),
});
const listing = (prefix: string) => allow(['s3:ListBucket'], [BUCKET], { StringLike: { 's3:prefix': [`${prefix}*`] } });

const RIGHTS: Record<Need, (o: RoleOptions) => Statement[]> = {
  read: () => [allow(['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'], [TABLE])],
  write: () => [allow(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], [TABLE])],
  batchWrite: () => [allow(['dynamodb:BatchWriteItem'], [TABLE])],
  idempotency: () => [
    allow(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [TABLE], {
      'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.idempotencyPartition] },
    }),
  ],
  GSI1: () => [allow(['dynamodb:Query'], [index('GSI1')])],
  GSI2: () => [allow(['dynamodb:Query'], [index('GSI2')])],
  GSI3: () => [allow(['dynamodb:Query'], [index('GSI3')])],
  mail: (o) => [
    allow(['ses:SendEmail'], [{ 'Fn::Sub': 'arn:${AWS::Partition}:ses:${AWS::Region}:${AWS::AccountId}:identity/*' }], {
      StringEquals: { 'ses:FromAddress': o.mailFrom },
    }),
  ],
  // HeadObject checks that a listed image exists: S3 answers a missing one 404 only to a caller that may list
  storeImages: () => [allow(['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], [objects('images/')]), listing('images/')],
  villageImages: () => [allow(['s3:DeleteObject'], [objects('images/d/')]), listing('images/d/')],
  sweepImages: () => [allow(['s3:DeleteObject'], [objects('images/')]), listing('images/')],
  rewriteImages: () => [allow(['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], [objects('images/')]), listing('images/')],
  exports: () => [allow(['s3:PutObject', 's3:GetObject'], [objects('exports/')])],
  evidence: () => [allow(['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], [objects('evidence/')]), listing('evidence/')],
  readEvidence: () => [allow(['s3:GetObject'], [objects('evidence/')])],
  imports: () => [allow(['s3:PutObject', 's3:GetObject'], [objects('imports/')])],
};

/** A function's name as serverless begins its logical ids: `villageList` → `VillageList` (`VillageListLambdaFunction`, …). */
const logicalName = (fn: string) => `${fn[0]!.toUpperCase()}${fn.slice(1)}`;
/** The logical id of a function's role: `VillageListRole`. */
export const roleId = (fn: string) => `${logicalName(fn)}Role`;

/** Every function (routes, then maintenance) with what it needs. */
export function functionNeeds(): Record<string, readonly Need[]> {
  return {
    ...Object.fromEntries(ROUTE_KEYS.map((k) => [(ROUTES[k] as RouteSpec).fn, routeNeeds(k)])),
    ...MAINTENANCE_NEEDS,
  };
}

/** A function's IAM statements: its logs, X-Ray where traced, and each of its rights. */
export function statementsOf(needs: readonly Need[], o: RoleOptions): Statement[] {
  // the stage's one log group (serverless.yml FunctionLogs); its Arn ends in `:*` (its streams)
  const logGroup = { 'Fn::GetAtt': ['FunctionLogs', 'Arn'] };
  return [
    allow(['logs:CreateLogStream', 'logs:PutLogEvents'], [logGroup]),
    ...(o.tracing ? [allow(['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], ['*'])] : []),
    ...[...new Set(needs)].flatMap((n) => RIGHTS[n](o)),
  ];
}

/** The `resources:` entry: one AWS::IAM::Role per function. */
export function serverlessRoles(o: RoleOptions): { Resources: Record<string, unknown> } {
  const roles = Object.entries(functionNeeds()).map(([fn, needs]) => [
    roleId(fn),
    {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: ['lambda.amazonaws.com'] }, Action: ['sts:AssumeRole'] }],
        },
        Policies: [{ PolicyName: fn, PolicyDocument: { Version: '2012-10-17', Statement: statementsOf(needs, o) } }],
      },
    },
  ]);
  return { Resources: Object.fromEntries(roles) };
}
