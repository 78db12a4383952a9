import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { nowSeconds } from '../platform/clock';
import { eq, notExists, or, txPut } from './expression';
import { getItem } from './helpers';
import { keys } from './keys';
import { guarded, type GuardedItem } from './transact';

/**
 * A keyed request's change is applied once, whatever its answer was. The Idempotency-Key
 * record (lib/db/idempotency.ts) replays a kept answer, but a 5xx releases the key, and a
 * 5xx after a timed-out call does not say whether the change committed (DynamoDB may apply
 * it once it resumes). So every unit of work committed while a keyed request runs carries,
 * in its own transaction, a marker of the request's scoped key: put if absent, or if this
 * same run put it (a run may commit more than one unit). A later run with the key (a retry)
 * finds the marker and its commit fails with AlreadyAppliedError instead of applying the
 * change again; in whichever order a stalled first attempt and its retry reach DynamoDB,
 * exactly one of them commits. Markers expire with the Idempotency-Key records.
 */

/** How long a keyed request's answer and its applied marker are kept. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

interface Scope {
  hash: string;
  run: string;
  fingerprint: string;
}
const scope = new AsyncLocalStorage<Scope>();

/** A run of the keyed request found its change applied by an earlier run with the same key. */
export class AlreadyAppliedError extends Error {}

const hashOf = (scopedKey: string) => createHash('sha256').update(scopedKey).digest('base64url');

/** Runs `fn` (one attempt at a keyed request) with its units of work marked as this key's. */
export function appliedOnce<T>(scopedKey: string, fingerprint: string, fn: () => Promise<T>): Promise<T> {
  return scope.run({ hash: hashOf(scopedKey), run: randomUUID(), fingerprint }, fn);
}

/** True while a keyed request runs (its units of work carry one more item). */
export const inKeyedRequest = (): boolean => scope.getStore() !== undefined;

/** The marker item of the running keyed request, for its unit of work's transaction; none outside one. */
export function appliedMarker(): GuardedItem | undefined {
  const s = scope.getStore();
  if (!s) return undefined;
  const item = {
    ...keys.appliedMarker(s.hash),
    type: 'APPLIED',
    run: s.run,
    fingerprint: s.fingerprint,
    expiresAt: nowSeconds() + IDEMPOTENCY_TTL_SECONDS,
  };
  return guarded(txPut(item, or(notExists(), eq('run', s.run))), () => new AlreadyAppliedError());
}

/** The fingerprint of the request whose change the key's marker records (undefined: none). */
export async function appliedFingerprint(scopedKey: string): Promise<string | undefined> {
  const item = await getItem(keys.appliedMarker(hashOf(scopedKey)), { consistent: true });
  return item ? String(item.fingerprint) : undefined;
}
