/**
 * Requests and round trips to DynamoDB per route, for each route's valid sample request
 * (tests/robustness/support/samples.ts) sent by a caller its access rule allows, against
 * the minimum stated for it (its catalogue entry's `facts`, lib/openapi/catalogue). A round trip is a group of commands in flight
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
import { ROOT } from '../../scripts/local-stack';
import { declaredRoutes } from '../support/routes';
import { makeFixture, type Fixture } from '../robustness/support/fixture';
import { callerFor, minimumTrips, SAMPLES, sampleEvent } from '../robustness/support/samples';

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
        status = (await mod.handler(sampleEvent(route, sample, callerFor(fx, rule)?.token), { awsRequestId: randomUUID() })).statusCode;
      } finally {
        recording = null;
      }
      expect(status, `${route.key}: the valid sample`).toBe(sample.ok);
      const minimum = minimumTrips(route.key);
      const row = {
        route: route.key,
        status,
        requests: calls.length,
        trips: roundTrips(calls),
        commands: calls.map((c) => c.name),
        minimum: minimum.trips,
        why: minimum.why,
      };
      rows.push(row);
      expect(row.trips, `${route.key}: ${row.commands.join(', ')}`).toBeLessThanOrEqual(minimum.trips);
    });
  }
});
