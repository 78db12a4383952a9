/**
 * The access matrix, generated from the one access-rule table (lib/auth/access-rules.ts):
 * every declared route × {no token, malformed, bad signature, alg none, expired, token of
 * a deleted user, admin, owner pengelola, non-owner pengelola, dinas}. The expected status
 * and message of each cell are derived from the route's rule; the request of each cell is
 * the route's VALID sample (support/samples.ts), so that only authorization can refuse it.
 * Allowed cells must also get the sample's success status (proof that the sample is valid
 * and that nothing but the token decided). A declared route without a rule or without a
 * sample fails here.
 */
import './support/own-bucket';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCESS_RULES, type AccessRule } from '../../lib/auth/access-rules';
import { ownerOnly, ROUTE_DOCS, type DocumentedRoute } from '../../lib/openapi/catalogue';
import type { RouteKey } from '../../lib/routes';
import { signToken } from '../../lib/auth/jwt';
import type { Role } from '../../lib/contract/roles';
import { nowSeconds } from '../../lib/platform/clock';
import { config } from '../../lib/platform/config';
import { deleteUser } from '../../lib/db/users';
import type { LambdaHandler } from '../../lib/http/handler';
import { MSG } from '../../lib/contract/messages';
import { ROOT } from '../../scripts/local-stack';
import { apiEvent } from '../support/api';
import { multipart } from '../support/multipart';
import { declaredRoutes, type DeclaredRoute } from '../support/routes';
import { makeFixture, quickUser, type Fixture, type TestUser } from './support/fixture';
import { SAMPLES, type Sample, type SampleRequest } from './support/samples';

const CELLS = ['none', 'malformed', 'badSignature', 'algNone', 'expired', 'deletedUser', 'admin', 'owner', 'nonOwner', 'dinas'] as const;
type Cell = (typeof CELLS)[number];
const BAD_TOKENS: readonly Cell[] = ['malformed', 'badSignature', 'algNone', 'expired', 'deletedUser'];
const ROLE_OF: Partial<Record<Cell, Role>> = { admin: 'admin', owner: 'pengelola', nonOwner: 'pengelola', dinas: 'dinas' };

type Expectation = { refused: true; status: 401 | 403; message: string } | { refused: false };
const allowed: Expectation = { refused: false };
const refused = (status: 401 | 403, message: string): Expectation => ({ refused: true, status, message });

/**
 * Where the rule table admits a role and the handler decides (docs/decisions.md): the roles
 * a route's catalogue entry says its handler refuses on the documented request
 * (`facts.roleRefusals`, each with its 403 and why; e.g. POST /api/desa-wisata is `optional`
 * with no `roles`, and only a pengelola owns a village). Applied only where the rule-derived
 * expectation is "allowed"; a refusal of a role the rule refuses itself is reported as stale
 * (first test), and one the handler no longer makes fails its cell.
 */
function handlerDecides(route: string, cell: Cell): Expectation | undefined {
  const role = ROLE_OF[cell];
  const refusal = role && ROUTE_DOCS[route as DocumentedRoute]?.facts.roleRefusals?.find((r) => r.roles.includes(role));
  return refusal ? refused(refusal.error.status, refusal.error.message) : undefined;
}

/** Optional routes that are reads: public answers, a valid token of an office adds to them. */
const OPTIONAL_READS = new Set(['GET /api/statistik']);

/** The expectation of one cell, from the route's access rule. */
function expectationOf(route: string, rule: AccessRule, cell: Cell, owner: boolean): Expectation {
  if (rule.kind === 'public') return allowed;
  // optional: POST /api/desa-wisata's sample names a verified owner, so no token is a missing one;
  // a read that is optional (GET /api/statistik) answers everyone, a token only adds to it
  if (cell === 'none') return rule.kind === 'optional' && OPTIONAL_READS.has(route) ? allowed : refused(401, MSG.tokenMissing);
  if (BAD_TOKENS.includes(cell)) return refused(401, MSG.tokenInvalid);
  const role = ROLE_OF[cell]!;
  if (rule.kind === 'token' && rule.roles && !rule.roles.includes(role)) return refused(403, rule.forbidden ?? MSG.forbiddenRole);
  if (owner && cell === 'nonOwner') return refused(403, MSG.villageOwnerOnly);
  return allowed;
}

/** The user a forged, expired or deleted-user token claims to be: the one the rule admits. */
function principalRole(rule: AccessRule): Role {
  return rule.kind === 'token' && rule.roles?.length ? rule.roles[0]! : 'pengelola';
}
function fixtureUserOf(fx: Fixture, role: Role): TestUser {
  return role === 'admin' ? fx.admin : role === 'dinas' ? fx.dinas : fx.owner;
}

const claims = (u: TestUser) => ({ email: u.email, role: u.role });
const OTHER_SECRET = new TextEncoder().encode('a-completely-different-secret-of-enough-length-123');

async function tokenFor(cell: Cell, fx: Fixture, principal: TestUser): Promise<string | undefined> {
  switch (cell) {
    case 'none':
      return undefined;
    case 'malformed':
      return 'this-is-not-a-jwt';
    case 'badSignature':
      return new SignJWT(claims(principal))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(principal.id))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(OTHER_SECRET);
    case 'algNone':
      return new UnsecuredJWT(claims(principal)).setSubject(String(principal.id)).setIssuedAt().setExpirationTime('1h').encode();
    case 'expired':
      return signToken(principal, nowSeconds() - config().jwtTtlSeconds - 60);
    case 'deletedUser':
      return principal.token; // the caller deletes the user after building the sample
    case 'admin':
      return fx.admin.token;
    case 'owner':
      return fx.owner.token;
    case 'nonOwner':
      return fx.other.token;
    case 'dinas':
      return fx.dinas.token;
  }
}

function eventOf(route: DeclaredRoute, s: SampleRequest, token: string | undefined) {
  const method = route.method === 'ANY' ? (s.method ?? 'GET') : route.method;
  const form = s.form ? multipart(s.form.data === undefined ? {} : { data: JSON.stringify(s.form.data) }, s.form.files) : undefined;
  return apiEvent({
    method,
    resource: route.path,
    pathParameters: s.pathParameters,
    query: s.query,
    token,
    ...(form ?? { body: s.json }),
  });
}

async function loadHandler(route: DeclaredRoute): Promise<LambdaHandler> {
  const mod = (await import(join(ROOT, `${route.handler.replace(/\.handler$/, '')}.ts`))) as { handler: LambdaHandler };
  return mod.handler;
}

interface CellResult {
  cell: Cell;
  expected: string;
  got: number;
  message?: string;
}
const results: Record<string, { rule: string; cells: CellResult[] }> = {};

const routes = declaredRoutes();
let fx: Fixture;

/** Sends the route's valid sample with each kind of token; the cells that differ from the rule. */
async function checkRoute(
  route: DeclaredRoute,
  rule: AccessRule,
  sample: Sample,
  handler: LambdaHandler,
): Promise<{ row: CellResult[]; problems: string[] }> {
  const row: CellResult[] = [];
  const problems: string[] = [];
  // A request refused for its token changed nothing (the fuzz checks that on the stored data), so its
  // sample serves the next cell of the same owner; a request let through may have used it up.
  let unused: { owner: string; s: SampleRequest } | undefined;
  for (const cell of CELLS) {
    let expectation = expectationOf(route.key, rule, cell, ownerOnly(route.key as RouteKey));
    if (!expectation.refused) expectation = handlerDecides(route.key, cell) ?? expectation;

    // the user the token is (or claims to be) for; for `deletedUser` a fresh one, deleted below
    const role = principalRole(rule);
    const principal = cell === 'deletedUser' ? await quickUser(role) : fixtureUserOf(fx, role);
    const owner = ownerOnly(route.key as RouteKey) && principal.role === 'pengelola' ? principal : fx.owner;
    const s = unused?.owner === owner.email ? unused.s : await sample({ fx, owner });
    const token = await tokenFor(cell, fx, principal);
    if (cell === 'deletedUser') await deleteUser(principal.email);

    const result = await handler(eventOf(route, s, token), { awsRequestId: randomUUID() });
    unused = result.statusCode === 401 || result.statusCode === 403 ? { owner: owner.email, s } : undefined;
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(result.body) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    const got = `${result.statusCode} ${body ? JSON.stringify(body).slice(0, 200) : `(not JSON) ${result.body.slice(0, 80)}`}`;
    row.push({
      cell,
      expected: expectation.refused ? `${expectation.status}` : `allowed (${s.ok})`,
      got: result.statusCode,
      message: typeof body?.message === 'string' ? body.message : undefined,
    });
    if (result.statusCode >= 500) problems.push(`${cell}: ${got} (>= 500)`);
    else if (expectation.refused) {
      if (
        result.statusCode !== expectation.status ||
        JSON.stringify(body) !== JSON.stringify({ status: 'fail', message: expectation.message })
      ) {
        problems.push(`${cell}: expected ${expectation.status} "${expectation.message}", got ${got}`);
      }
    } else if (result.statusCode === 401 || result.statusCode === 403) problems.push(`${cell}: the rule allows it, got ${got}`);
    else if (result.statusCode !== s.ok)
      problems.push(`${cell}: allowed, but the valid sample got ${got} instead of ${s.ok} (sample out of date?)`);
  }
  return { row, problems };
}

beforeAll(async () => {
  fx = await makeFixture();
}, 60_000);

// Routes run concurrently (a route's samples create what a success would destroy, and
// nothing here changes the shared fixture's users or village in a way another route sees).
describe.concurrent('access matrix (generated from ACCESS_RULES)', () => {
  it('every declared route has an access rule and a valid sample request', ({ expect }) => {
    const rules = ACCESS_RULES as Record<string, AccessRule>;
    const noRule = routes.filter((r) => !rules[r.key]).map((r) => `${r.key} (${r.fn})`);
    const noSample = routes.filter((r) => !SAMPLES[r.key]).map((r) => `${r.key} (${r.fn})`);
    expect(noRule, 'declared routes without an access rule').toEqual([]);
    expect(noSample, 'declared routes without a sample in tests/robustness/support/samples.ts').toEqual([]);
    // a handler refusal of a role the rule already refuses (or of a role the rule admits nowhere) no longer applies
    const stale = routes.flatMap((r) =>
      (ROUTE_DOCS[r.key as DocumentedRoute]?.facts.roleRefusals ?? []).flatMap((refusal) =>
        refusal.roles
          .filter((role) => {
            const cells = CELLS.filter((c) => ROLE_OF[c] === role);
            const rule = rules[r.key];
            return !rule || !refusal.why.trim() || cells.every((c) => expectationOf(r.key, rule, c, ownerOnly(r.key as RouteKey)).refused);
          })
          .map((role) => `${r.key}: ${role}`),
      ),
    );
    expect(stale, 'catalogue roleRefusals of roles the access rule refuses itself (or without a why)').toEqual([]);
  });

  for (const route of routes) {
    it(`${route.key}`, { timeout: 120_000 }, async ({ expect }) => {
      const rule = (ACCESS_RULES as Record<string, AccessRule>)[route.key];
      const sample = SAMPLES[route.key];
      expect(rule, `${route.key} has no access rule`).toBeDefined();
      expect(sample, `${route.key} has no sample request`).toBeDefined();
      const { row, problems } = await checkRoute(route, rule!, sample!, await loadHandler(route));
      results[route.key] = { rule: JSON.stringify(rule), cells: row };
      expect(problems, `${route.key} (rule ${JSON.stringify(rule)})`).toEqual([]);
    });
  }

  it(
    'the check catches a route that does not apply its rule (a public handler checked against a dinas-only rule)',
    { timeout: 120_000 },
    async ({ expect }) => {
      const route = routes.find((r) => r.key === 'PUT /api/permintaan/{kd_permintaan}')!;
      const pretend: AccessRule = { kind: 'token', roles: ['dinas'], forbidden: MSG.dinasOnlyStatus };
      const { problems } = await checkRoute(route, pretend, SAMPLES[route.key]!, await loadHandler(route));
      // every cell but dinas must be reported: no token, five bad tokens, admin, owner, non-owner
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(CELLS.filter((c) => c !== 'dinas').sort());
    },
  );

  afterAll(() => {
    const rows = Object.values(results);
    const cells = rows.flatMap((r) => r.cells);
    const dir = join(ROOT, '.local', 'reliability');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'matrix.json'),
      `${JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          routes: rows.length,
          columns: CELLS,
          cellsChecked: cells.length,
          expected401: cells.filter((c) => c.expected === '401').length,
          expected403: cells.filter((c) => c.expected === '403').length,
          expectedAllowed: cells.filter((c) => c.expected.startsWith('allowed')).length,
          responses5xx: cells.filter((c) => c.got >= 500).length,
          perRoute: results,
        },
        null,
        2,
      )}\n`,
    );
  });
});
