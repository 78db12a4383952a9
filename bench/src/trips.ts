/**
 * Round trips per route, for every route: tests/perf/round-trips.test.ts sends each
 * route's valid sample request through its handler with a command recorder on lib/'s
 * DynamoDB client and writes what it saw, against the minimum it states per route. The
 * bench runs that file (vitest starts its own emulators) and reports the figures.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceEnv, type Stack } from './stack';

export interface TripsRow {
  route: string;
  status: number;
  requests: number;
  trips: number;
  commands: string[];
  minimum?: number;
  why?: string;
}

export interface TripsResult {
  measuredAt: string;
  routes: TripsRow[];
}

const SERVICE_VARIABLES = new Set(Object.keys(serviceEnv({ dynamo: {}, s3: {}, ses: {} } as unknown as Stack, '')));

export function tripsPhase(root: string, log: (msg: string) => void): TripsResult {
  // The test brings up its own emulators and table: none of the bench's service settings may leak into it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !SERVICE_VARIABLES.has(k)));
  const run = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), ['run', 'tests/perf/round-trips.test.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (run.status !== 0) log(`trips: tests/perf/round-trips.test.ts failed (exit ${run.status}); the figures it wrote are reported`);
  const result = JSON.parse(readFileSync(join(root, '.local', 'bench', 'round-trips.json'), 'utf8')) as TripsResult;
  log(`trips: ${result.routes.length} routes measured`);
  return result;
}
