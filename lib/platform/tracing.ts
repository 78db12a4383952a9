/**
 * Tracing. API Gateway and Lambda always record X-Ray segments (`tracing` in
 * serverless.yml: the request, the function's init and invocation), which needs no code
 * here. Subsegments per AWS call and per operation need the X-Ray SDK, which this module
 * loads only when the stage asks for them (POWERTOOLS_TRACE_ENABLED=true, serverless.yml
 * param `traceAwsCalls`): loading the SDK turns on an async hook (cls-hooked) that makes
 * every `await` slower and lengthens each cold start (measured: docs/performance.md).
 * serverless.yml's esbuild `define` turns the check into a constant at build time, so a
 * stage without it does not even ship the SDK.
 */
import type * as XRay from './tracing-xray';

const xray: typeof XRay | undefined =
  process.env.POWERTOOLS_TRACE_ENABLED === 'true'
    ? // A require, not an import: the SDK is bundled and run only on this path.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./tracing-xray') as typeof XRay)
    : undefined;

/** An AWS SDK v3 client whose calls are traced (the client itself when AWS calls are not traced). */
export const traced = <T>(client: T): T => (xray ? xray.traced(client) : client);

/** Runs one request's operation in a subsegment `## <route>` (cold start annotated, errors attached) when traced. */
export const inSubsegment = <T>(name: string, coldStart: boolean, fn: () => Promise<T>): Promise<T> =>
  xray ? xray.inSubsegment(name, coldStart, fn) : fn();
