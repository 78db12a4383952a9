import type { Context } from 'aws-lambda';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyInconsistentStateError,
  IdempotencyPersistenceLayerError,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { log } from '../platform/log';
import { IDEMPOTENCY_TTL_SECONDS } from './applied-once';
import { dynamoClient, tableName } from './client';
import { keys } from './keys';

/**
 * Requests made once per key (an `Idempotency-Key` header, lib/http/idempotency.ts) through
 * Powertools' Idempotency utility, its records kept in the service's table: partition
 * `IDEM` (the store's static partition key), sort key `request#<hash of the scoped key>`,
 * expiring through the table's TTL attribute. The record is written (conditionally) before
 * the request runs, so a second request with the key finds it in flight or finished.
 * Loaded only when a request sends the header.
 */

let store: DynamoDBPersistenceLayer | undefined;
const persistence = () =>
  (store ??= new DynamoDBPersistenceLayer({
    tableName: tableName(),
    awsSdkV3Client: dynamoClient(),
    keyAttr: 'PK',
    sortKeyAttr: 'SK',
    staticPkValue: keys.idempotencyPartition,
    expiryAttr: 'expiresAt', // the table's TTL attribute (lib/db/table-schema.json)
  }));

export type Once<T> = { outcome: 'ran' | 'replayed'; value: T } | { outcome: 'inProgress' | 'mismatch' };

/** Thrown out of the run so that Powertools deletes the record: the value is not kept for replay. */
class NotKept extends Error {}

/**
 * Runs `fn` unless a run with `key` finished within IDEMPOTENCY_TTL_SECONDS (then its
 * value is replayed) or is still in flight. The same key with another `fingerprint` is a
 * `mismatch`. A value `keep` refuses is answered but its record is deleted, so the key can
 * run again. `timeLeftMs` bounds the in-flight state: a run killed by its deadline leaves
 * a record that the next request with the key takes over after that time.
 */
export async function runOnce<T extends Record<string, unknown>>(
  key: string,
  fingerprint: string,
  timeLeftMs: number,
  fn: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<Once<T>> {
  let ran: { value: T } | undefined;
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'fingerprint',
    throwOnNoIdempotencyKey: true,
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    hashFunction: 'sha256',
    // one config per request: Powertools reads the remaining time from it (concurrent requests in one process each keep their own)
    lambdaContext: { getRemainingTimeInMillis: () => timeLeftMs } as Context,
  });
  const once = makeIdempotent(
    async (_request: { key: string; fingerprint: string }) => {
      const value = await fn();
      ran = { value };
      if (!keep(value)) throw new NotKept();
      return value;
    },
    { persistenceStore: persistence(), config, keyPrefix: 'request' },
  );
  try {
    const value = await once({ key, fingerprint });
    return { outcome: ran ? 'ran' : 'replayed', value };
  } catch (err) {
    if (ran) {
      // the run finished: its answer goes out even if its record could not be saved or deleted
      // (the key then stays in flight until timeLeftMs passes, and runs again after that)
      if (!(err instanceof NotKept)) log.error('idempotency record not updated after the run', err);
      return { outcome: 'ran', value: ran.value };
    }
    if (err instanceof IdempotencyValidationError) return { outcome: 'mismatch' };
    if (err instanceof IdempotencyAlreadyInProgressError || err instanceof IdempotencyInconsistentStateError) {
      return { outcome: 'inProgress' };
    }
    // DynamoDB's own error, so that an unavailable table is a 503 like everywhere else
    if (err instanceof IdempotencyPersistenceLayerError && err.cause) throw err.cause;
    throw err;
  }
}
