/**
 * Build-time stand-in for `@aws-sdk/client-dynamodb` in lib/db/client.ts, for the bench's
 * bundles only (bench/src/build.ts): the same module, except that every DynamoDBClient
 * gets one more step in its middleware stack that reports each command (name, input,
 * timing) to the bench's observer (bench/src/observer.ts). Production code knows
 * nothing of it.
 */
import { DynamoDBClient as SdkDynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

export * from '@aws-sdk/client-dynamodb';

type Report = (call: { command: string; input: unknown; start: number; end: number; error?: unknown }) => void;

/** Where the bench process listens; set by installObserver() before any bundle is loaded. */
export const OBSERVER_SLOT = Symbol.for('tourism-village.bench.dbObserver');

export class DynamoDBClient extends SdkDynamoDBClient {
  constructor(config: DynamoDBClientConfig) {
    super(config);
    this.middlewareStack.add(
      (next, context) => async (args) => {
        const report = (globalThis as Record<symbol, Report | undefined>)[OBSERVER_SLOT];
        const start = performance.now();
        try {
          const out = await next(args);
          report?.({ command: context.commandName ?? '?', input: args.input, start, end: performance.now() });
          return out;
        } catch (error) {
          report?.({ command: context.commandName ?? '?', input: args.input, start, end: performance.now(), error });
          throw error;
        }
      },
      { step: 'serialize', name: 'benchDbObserver' },
    );
  }
}
