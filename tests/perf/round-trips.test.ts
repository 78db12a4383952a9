/**
 * Requests and round trips to DynamoDB per route, for each route's valid sample request
 * (tests/robustness/support/samples.ts) sent by a caller its access rule allows, against
 * the minimum stated for it below. A round trip is a group of commands in flight
 * together (sent in parallel); commands one after another are separate trips. Writes
 * `.local/bench/round-trips.json`, which `npm run bench` reports (bench/src/trips.ts).
 */
import '../robustness/support/own-bucket';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessRule } from '../../lib/auth/access-rules';
import { db } from '../../lib/db/client';
import type { LambdaHandler } from '../../lib/http/handler';
import type { RouteKey } from '../../lib/routes';
import { ROOT } from '../../scripts/local-stack';
import { apiEvent } from '../support/api';
import { multipart } from '../support/multipart';
import { declaredRoutes, type DeclaredRoute } from '../support/routes';
import { makeFixture, type Fixture } from '../robustness/support/fixture';
import { SAMPLES, type SampleRequest } from '../robustness/support/samples';

/**
 * The fewest sequential round trips each route's valid request can take, and why.
 * "token" = the caller's user item (GetItem), needed before anything that depends on who
 * calls; "versions" = the lists' version read, which must come before the list itself.
 */
export const MINIMUM_TRIPS: Record<RouteKey, { trips: number; why: string }> = {
  'POST /auth/register': { trips: 2, why: 'user id counter, then user + username marker in one transaction' },
  'POST /auth/login': { trips: 1, why: 'user ∥ login throttles (a failed login adds its writes)' },
  'POST /auth/password': { trips: 2, why: 'user, then the conditional code write (once a minute)' },
  'POST /auth/password/verify': { trips: 3, why: 'code, take one try atomically, give it back (a try is taken before the comparison)' },
  'PUT /auth/password': { trips: 4, why: 'code, take one try, the account’s login locks, then password + code + locks in one transaction' },
  'PUT /auth/verify/{email}': { trips: 3, why: 'token, the account (already verified: no write), then the change + list version' },
  'GET /auth/me': { trips: 1, why: 'token' },
  'PUT /api/akun/notifikasi': { trips: 3, why: 'token, the account (its switches as read), then its change + history entry' },
  'GET /api/desa-wisata/{kd_desa}/riwayat': { trips: 2, why: 'token + village together, then one Query of its timeline' },
  'GET /api/skor/{kd_desa}/riwayat': { trips: 1, why: 'one Query of the village timeline (score entries)' },
  'GET /api/riwayat': { trips: 2, why: 'token, then one Query of the feed' },
  'GET /api/desa-wisata/export': { trips: 2, why: 'token, then villages ∥ requests ∥ statuses ∥ scores ∥ users (list Queries)' },
  'GET /api/statistik': {
    trips: 2,
    why: 'with a token: the token, then one Query of the region counters (without one: list versions ∥ that Query, one round trip; the bench measures it)',
  },
  'GET /api/desa-wisata': { trips: 2, why: 'list versions (read first, for the tag), then villages ∥ requests ∥ users' },
  'GET /api/desa-wisata/details': { trips: 2, why: 'list versions, then villages' },
  'GET /api/desa-wisata/{kd_desa}': { trips: 1, why: 'the village' },
  'GET /api/desa-wisata/email/{email}': { trips: 1, why: 'the owner index' },
  'GET /api/desa-wisata/slug/{slug}': { trips: 1, why: 'the slug marker, which carries the public view' },
  'POST /api/desa-wisata': { trips: 3, why: 'token, the caller’s villages (first village rule), then village + slug + request' },
  'PUT /api/desa-wisata/{kd_desa}': { trips: 2, why: 'token + village read together, then the versioned write' },
  'DELETE /api/desa-wisata/{kd_desa}': {
    trips: 5,
    why: 'token + village, the partition (consistent Query), list positions, one transaction, then the marks of its images (one guarded transaction per 98)',
  },
  'POST /api/deskripsi-wisata': {
    trips: 5,
    why: 'token, village (its code is in the body), existing description, list counter, then the transaction',
  },
  'GET /api/deskripsi-wisata': { trips: 3, why: 'list versions, then counter ∥ position index, then the page’s descriptions' },
  'GET /api/deskripsi-wisata/{kd_desa}': { trips: 1, why: 'the description' },
  'PUT /api/deskripsi-wisata/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'DELETE /api/deskripsi-wisata/{kd_desa}': { trips: 3, why: 'token + village + description, list positions, then the transaction' },
  'PATCH /api/deskripsi-wisata/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': {
    trips: 2,
    why: 'token + village + description together, then the versioned write',
  },
  'POST /api/upload/gambar': { trips: 1, why: 'token (then S3)' },
  'GET /api/atraksi-wisata': { trips: 3, why: 'attraction index from a random point (and the wrap-around), then their villages' },
  'GET /api/permintaan': { trips: 2, why: 'token, then requests ∥ users ∥ villages' },
  'GET /api/permintaan/{kd_permintaan}': { trips: 3, why: 'token, the request, then its user ∥ village names' },
  'POST /api/permintaan': { trips: 3, why: 'token, the village (ownership), then request + village codes' },
  'PUT /api/permintaan/{kd_permintaan}': {
    trips: 3,
    why: 'the request (its entry names what it replaces), its village (the statistics it moves), then one conditional transaction',
  },
  'DELETE /api/permintaan/{kd_permintaan}': {
    trips: 3,
    why: 'the request, its village (codes, statistics), then request + village in one transaction',
  },
  'GET /api/status-desa': { trips: 2, why: 'list versions, then statuses ∥ villages' },
  'GET /api/status-desa/{kd_status}': { trips: 2, why: 'token, then the status' },
  'POST /api/status-desa': { trips: 3, why: 'token, the village, then status + village codes' },
  'PUT /api/status-desa/{kd_status}': {
    trips: 3,
    why: 'token + the status together, its village (the statistics it moves), then one conditional transaction',
  },
  'DELETE /api/status-desa/{kd_status}': {
    trips: 3,
    why: 'token + the status together, its village (codes, statistics), then status + village in one transaction',
  },
  'GET /api/deskripsi-desa/{kd_desa}': { trips: 1, why: 'the description' },
  'POST /api/deskripsi-desa': { trips: 4, why: 'token, village (its code is in the body), existing description, then the transaction' },
  'PUT /api/deskripsi-desa/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'DELETE /api/deskripsi-desa/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'GET /api/skor': { trips: 2, why: 'list versions, then villages ∥ scores' },
  'GET /api/skor/{kd_desa}': { trips: 1, why: 'the score' },
  'POST /api/skor': {
    trips: 3,
    why: 'token, the village (the category it counts), then score + village + region counters in one transaction',
  },
  'PUT /api/skor/{kd_desa}': {
    trips: 2,
    why: 'token + village + score together, then the score (if unchanged) + village check in one transaction',
  },
  'POST /api/evaluasi': { trips: 2, why: 'token, then the round + its history entry' },
  'GET /api/evaluasi': { trips: 2, why: 'token, then one Query of the rounds' },
  'GET /api/evaluasi/{id_evaluasi}': { trips: 2, why: 'token, then the round' },
  'PUT /api/evaluasi/{id_evaluasi}': { trips: 3, why: 'token, the round, then its change + history entry' },
  'DELETE /api/evaluasi/{id_evaluasi}': {
    trips: 5,
    why: 'token, the round, its deletion, then its partition’s drafts and counters (Query, batch delete)',
  },
  'GET /api/evaluasi/{id_evaluasi}/desa': { trips: 3, why: 'token, the round (its region), then the villages in scope ∥ the assessments' },
  'GET /api/evaluasi/{id_evaluasi}/desa/{kd_desa}': { trips: 2, why: 'token, then round ∥ village ∥ assessment' },
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri': {
    trips: 3,
    why: 'token, round ∥ village ∥ assessment, then assessment + round check + counters + history in one transaction',
  },
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/ajukan': {
    trips: 3,
    why: 'token, round ∥ village ∥ assessment, then assessment + counters + history in one transaction',
  },
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/penilaian': {
    trips: 3,
    why: 'token, round ∥ village ∥ assessment ∥ score, then assessment + score + village + counters + histories in one transaction',
  },
  'GET /api/evaluasi/{id_evaluasi}/export': { trips: 3, why: 'token, the round, then the villages in scope ∥ the assessments' },
  'GET /api/evaluasi/{id_evaluasi}/rekap': { trips: 3, why: 'token, the round, then its counters ∥ the region counters' },
  'POST /api/evaluasi/{id_evaluasi}/pengingat': {
    trips: 3,
    why: 'token, the round, then its reminder day + history entry + one outbox item in one transaction',
  },
  'GET /api/users': { trips: 2, why: 'list versions, then users ∥ villages' },
  'GET /openapi.json': { trips: 0, why: 'built from code' },
  'GET /docs': { trips: 0, why: 'static' },
  'GET /docs/{asset}': { trips: 0, why: 'static' },
  'GET /statistik': { trips: 0, why: 'static (its script reads GET /api/statistik)' },
  'GET /statistik/{asset}': { trips: 0, why: 'static' },
  'GET /evaluasi': { trips: 0, why: 'static (its script calls the evaluation routes)' },
  'GET /evaluasi/{asset}': { trips: 0, why: 'static' },
  'ANY /{proxy+}': { trips: 0, why: 'a 404 without a lookup' },
};

interface Call {
  name: string;
  start: number;
  end: number;
}

/** Commands in flight together form one round trip. */
export function roundTrips(calls: Call[]): number {
  let trips = 0;
  let until = -Infinity;
  for (const c of [...calls].sort((a, b) => a.start - b.start)) {
    if (c.start >= until) trips++;
    until = Math.max(until, c.end);
  }
  return trips;
}

let fx: Fixture;
const rows: { route: string; status: number; requests: number; trips: number; commands: string[]; minimum?: number; why?: string }[] = [];
let recording: Call[] | null = null;

beforeAll(async () => {
  fx = await makeFixture({ resetCode: true });
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const call = { name: String(context.commandName).replace(/Command$/, ''), start: performance.now(), end: 0 };
      try {
        return await next(args);
      } finally {
        call.end = performance.now();
        recording?.push(call);
      }
    },
    { step: 'initialize', name: 'roundTrips' },
  );
}, 60_000);

afterAll(() => {
  db().middlewareStack.remove('roundTrips');
  const dir = join(ROOT, '.local', 'bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'round-trips.json'), JSON.stringify({ measuredAt: new Date().toISOString(), routes: rows }, null, 2));
});

function callerOf(rule: AccessRule) {
  if (rule.kind === 'public') return undefined;
  const role = rule.roles?.[0] ?? 'pengelola';
  return role === 'admin' ? fx.admin : role === 'dinas' ? fx.dinas : fx.owner;
}

function eventOf(route: DeclaredRoute, s: SampleRequest, token: string | undefined) {
  const method = route.method === 'ANY' ? (s.method ?? 'GET') : route.method;
  const form = s.form ? multipart(s.form.data === undefined ? {} : { data: JSON.stringify(s.form.data) }, s.form.files) : undefined;
  return apiEvent({ method, resource: route.path, pathParameters: s.pathParameters, query: s.query, token, ...(form ?? { body: s.json }) });
}

describe('round trips to DynamoDB per route', () => {
  for (const route of declaredRoutes()) {
    it(route.key, { timeout: 60_000 }, async () => {
      const rule = (ACCESS_RULES as Record<string, AccessRule>)[route.key]!;
      const sample = await SAMPLES[route.key]!({ fx, owner: fx.owner });
      const mod = (await import(join(ROOT, `${route.handler.replace(/\.handler$/, '')}.ts`))) as { handler: LambdaHandler };
      const calls: Call[] = [];
      recording = calls;
      let status: number;
      try {
        status = (await mod.handler(eventOf(route, sample, callerOf(rule)?.token), { awsRequestId: randomUUID() })).statusCode;
      } finally {
        recording = null;
      }
      expect(status, `${route.key}: the valid sample`).toBe(sample.ok);
      const minimum = MINIMUM_TRIPS[route.key as RouteKey];
      const row = {
        route: route.key,
        status,
        requests: calls.length,
        trips: roundTrips(calls),
        commands: calls.map((c) => c.name),
        ...(minimum ? { minimum: minimum.trips, why: minimum.why } : {}),
      };
      rows.push(row);
      if (minimum) expect(row.trips, `${route.key}: ${row.commands.join(', ')}`).toBeLessThanOrEqual(minimum.trips);
    });
  }
});
