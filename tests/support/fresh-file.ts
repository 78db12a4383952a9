/**
 * Test files share their worker (`isolate: false`, vitest.config.mts): node_modules (the AWS
 * SDK, sharp, zod…) load once per worker instead of once per file. Each file still starts
 * as if alone: from the worker's first environment, with a fresh copy of the project's own
 * modules (their caches, clients and configuration are built again), and with no
 * AsyncLocalStorage of an earlier file still enabled.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { vi } from 'vitest';

const g = globalThis as { firstEnv?: Record<string, string | undefined>; storages?: Set<AsyncLocalStorage<unknown>> };

/**
 * Every AsyncLocalStorage that ran in this worker. Each file's fresh copy of lib/ makes new ones
 * (lib/db/read-ahead.ts, lib/db/applied-once.ts) and Node 20 keeps every enabled one in a list
 * that its promise hook walks at each promise created: over a worker's ~30 files that list grew
 * with every file, and the hook stayed on between them. A disabled storage is enabled again by
 * its next `run`.
 */
function trackStorages(): Set<AsyncLocalStorage<unknown>> {
  const storages = new Set<AsyncLocalStorage<unknown>>();
  const proto = AsyncLocalStorage.prototype as unknown as Record<
    'run' | 'enterWith',
    (this: AsyncLocalStorage<unknown>, ...a: unknown[]) => unknown
  >;
  for (const method of ['run', 'enterWith'] as const) {
    const original = proto[method];
    proto[method] = function (this: AsyncLocalStorage<unknown>, ...args: unknown[]) {
      storages.add(this);
      return original.apply(this, args);
    };
  }
  return storages;
}

export function freshFile(): void {
  const env = process.env;
  g.storages ??= trackStorages();
  if (!g.firstEnv) {
    g.firstEnv = { ...env };
    return;
  }
  for (const k of Object.keys(env)) if (!(k in g.firstEnv)) delete env[k];
  Object.assign(env, g.firstEnv);
  // the earlier file's storages: out of Node's list (its hook goes off once the list is empty)
  for (const s of g.storages) s.disable();
  g.storages.clear();
  vi.resetModules();
}
