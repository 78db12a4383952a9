import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { awsClientOptions } from '../aws';
import { traced } from '../tracing';

let doc: DynamoDBDocumentClient | undefined;

/**
 * An optional observer of every DynamoDB command (name, marshalled input, timing), set
 * on `globalThis.__tvDbObserver` before the first request. The benchmark uses it on the
 * bundled handlers, which carry their own copy of this module; nothing is added when it
 * is absent.
 */
export type DbObserver = (call: { command: string; input: unknown; start: number; end: number; error?: unknown }) => void;

/** The shared DynamoDB document client (created once per Lambda container). */
export function db(): DynamoDBDocumentClient {
  if (!doc) {
    const c = config();
    const client = traced(new DynamoDBClient(awsClientOptions(c.endpoints.dynamodb)));
    const observer = (globalThis as { __tvDbObserver?: DbObserver }).__tvDbObserver;
    if (observer) {
      client.middlewareStack.add(
        (next, context) => async (args) => {
          const start = performance.now();
          try {
            const out = await next(args);
            observer({ command: context.commandName ?? '?', input: args.input, start, end: performance.now() });
            return out;
          } catch (error) {
            observer({ command: context.commandName ?? '?', input: args.input, start, end: performance.now(), error });
            throw error;
          }
        },
        { step: 'serialize', name: 'tvDbObserver' },
      );
    }
    doc = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return doc;
}

export const tableName = (): string => config().tableName;
