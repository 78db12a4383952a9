/** Loading the built bundles in-process and invoking them with API Gateway events. */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { BuildResult, Variant } from './build';

export type Handler = (event: APIGatewayProxyEvent, context: { awsRequestId: string }) => Promise<APIGatewayProxyResult>;

const requireHere = createRequire(__filename);

/**
 * Requires a function's bundle afresh (its config, and so its table, comes from the
 * current process env). Each bundle has its own copy of lib/db/client.ts, which installs
 * the observer on its first db() call.
 */
export function loadHandler(root: string, build: BuildResult, fn: string, variant: Variant = 'bundled'): Handler {
  const info = build.bundles[variant][fn];
  if (!info) throw new Error(`no bundle for ${fn}`);
  const file = join(root, info.file);
  delete requireHere.cache[requireHere.resolve(file)];
  const mod = requireHere(file) as { handler?: Handler };
  if (typeof mod.handler !== 'function') throw new Error(`${info.file} exports no handler`);
  return mod.handler;
}

export const invoke = (h: Handler, event: APIGatewayProxyEvent) => h(event, { awsRequestId: randomUUID() });
