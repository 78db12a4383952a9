/**
 * A small IAM evaluator for the tests of the functions' roles (scripts/serverless-roles.ts):
 * the CloudFormation functions in a policy rendered to text, then a request (action,
 * resource, condition keys) matched against its Allow statements, with wildcards and the
 * condition operators the roles use (another operator fails the test that meets it).
 */
export interface IamStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export interface IamRequest {
  action: string;
  resource: string;
  /** Condition keys of the request, e.g. `dynamodb:LeadingKeys`, `s3:prefix`, `ses:FromAddress`. */
  context?: Record<string, string | string[]>;
}

export const REGION = 'ap-southeast-3';
export const ACCOUNT = '123456789012';

const list = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** A CloudFormation value as text: Fn::GetAtt of an Arn from `arns` (logical id → ARN), Fn::Join, Fn::Sub of the pseudo parameters. */
export function render(v: unknown, arns: Record<string, string>): string {
  if (typeof v === 'string') return v;
  const o = v as Record<string, unknown>;
  if ('Fn::GetAtt' in o) {
    const [id, attr] = o['Fn::GetAtt'] as [string, string];
    if (attr !== 'Arn') throw new Error(`Fn::GetAtt ${id}.${attr} is not rendered here`);
    return arns[id] ?? `arn:aws:test:${REGION}:${ACCOUNT}:${id}`;
  }
  if ('Fn::Join' in o) {
    const [sep, parts] = o['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => render(p, arns)).join(sep);
  }
  if ('Fn::Sub' in o) {
    const pseudo: Record<string, string> = { 'AWS::Partition': 'aws', 'AWS::Region': REGION, 'AWS::AccountId': ACCOUNT };
    return (o['Fn::Sub'] as string).replace(/\$\{([^}]+)\}/g, (_, name: string) => {
      if (!(name in pseudo)) throw new Error(`Fn::Sub of ${name} is not rendered here`);
      return pseudo[name]!;
    });
  }
  throw new Error(`not rendered here: ${JSON.stringify(v)}`);
}

/** IAM's wildcards: `*` any run of characters, `?` one. */
const matches = (pattern: string, text: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  ).test(text);

function conditionsHold(condition: IamStatement['Condition'], context: NonNullable<IamRequest['context']>): boolean {
  for (const [operator, keys] of Object.entries(condition ?? {})) {
    for (const [key, expected] of Object.entries(keys)) {
      const wanted = list(expected).map(String);
      const given = context[key];
      const values = given === undefined ? [] : list(given);
      if (operator === 'StringEquals' || operator === 'StringLike') {
        const test = operator === 'StringEquals' ? (w: string, g: string) => w === g : matches;
        // a key the request lacks fails the condition
        if (!values.some((g) => wanted.some((w) => test(w, g)))) return false;
      } else if (operator === 'ForAllValues:StringEquals') {
        if (!values.every((g) => wanted.includes(g))) return false;
      } else throw new Error(`condition operator ${operator} is not evaluated here`);
    }
  }
  return true;
}

/** Whether one of the statements allows the request. */
export function allows(statements: IamStatement[], request: IamRequest, arns: Record<string, string>): boolean {
  return statements.some(
    (s) =>
      s.Effect === 'Allow' &&
      list(s.Action).some((a) => matches(a, request.action)) &&
      list(s.Resource).some((r) => matches(render(r, arns), request.resource)) &&
      conditionsHold(s.Condition, request.context ?? {}),
  );
}
