/**
 * Test files share their worker (`isolate: false`, vitest.config.mts): node_modules (the AWS
 * SDK, sharp, zod…) load once per worker instead of once per file. Each file still starts
 * as if alone: from the worker's first environment, with a fresh copy of the project's own
 * modules (their caches, clients and configuration are built again).
 */
import { vi } from 'vitest';

const g = globalThis as { firstEnv?: Record<string, string | undefined> };

export function freshFile(): void {
  const env = process.env;
  if (!g.firstEnv) {
    g.firstEnv = { ...env };
    return;
  }
  for (const k of Object.keys(env)) if (!(k in g.firstEnv)) delete env[k];
  Object.assign(env, g.firstEnv);
  vi.resetModules();
}
