/**
 * `npm start`'s outbox drain loop (scripts/start.ts drainOutboxEvery): one invocation at a
 * time, every few seconds; an invocation that hangs is given up after its timeout, so the
 * ticks go on (it once kept the loop waiting until serverless-offline's own minute schedule).
 * Against a local HTTP server whose first request never gets an answer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { drainOutboxEvery as DrainLoop } from '../../scripts/start';

// importing scripts/start.ts runs its main(): stopped at its first prerequisite, it starts nothing
vi.mock('../../scripts/local-stack', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../scripts/local-stack')>()),
  checkJava: () => {
    throw new Error('the unit tier starts no local stack');
  },
}));

let drainOutboxEvery: typeof DrainLoop;
let server: Server;
let endpoint: string;
/** When each invocation arrived (ms); the first one is never answered. */
const arrivals: number[] = [];

beforeAll(async () => {
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    ({ drainOutboxEvery } = await import('../../scripts/start'));
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  } finally {
    exit.mockRestore();
    error.mockRestore();
  }
  server = createServer((req, res) => {
    arrivals.push(Date.now());
    if (arrivals.length > 1) res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("npm start's drain loop", () => {
  it('gives a hung invocation up after its timeout, then invokes at every tick again; none while one runs', async () => {
    let stopped = false;
    const timer = drainOutboxEvery(20, endpoint, () => stopped, 1000);
    try {
      await vi.waitFor(() => expect(arrivals.length).toBeGreaterThanOrEqual(6), { timeout: 10_000, interval: 20 });
    } finally {
      stopped = true;
      clearInterval(timer);
    }
    // nothing while the hung one ran (one at a time), the next ones right after it was given up
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(500); // 25 ticks and more: skipped
    expect(arrivals[1]! - arrivals[0]!).toBeLessThan(5000);
  });
});
