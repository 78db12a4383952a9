import * as z from 'zod';
import { parseRecord } from './entity';
import { SECURITY_EVENTS } from './history';
import { eq, fieldMissing, keyQuery, lt, lte, notExists, or, txDelete, txUpdate, updateInput } from './expression';
import { fitsKey, keys } from './keys';
import { batchDeleteItems, batchGetItems, deleteItem, isConditionFailure, queryAll, updateItem } from './helpers';
import type { UnitOfWork } from './unit-of-work';

/** The lock's item changed meanwhile: another login locked or cleared it (and recorded that). */
export class LockedMeanwhile extends Error {}

/**
 * Failed logins of one e-mail within the current window, counted twice: per source (the
 * caller's IP: `SRC#<ip>`) and for all sources together (`ALL`). Both live in the
 * e-mail's partition, so one Query finds (and a password reset clears) every one.
 */
const loginThrottleRecord = z.object({
  failures: z.number(),
  /** Epoch ms. */
  window_start: z.number(),
  /** Epoch ms. */
  locked_until: z.number().optional(),
  /** Epoch s (TTL). */
  expiresAt: z.number(),
});
export type LoginThrottleRecord = z.infer<typeof loginThrottleRecord>;
const toThrottle = (item: Record<string, unknown>) => parseRecord(loginThrottleRecord, item);

export interface LoginThrottles {
  source?: LoginThrottleRecord;
  all?: LoginThrottleRecord;
}

/** Both counters of an e-mail for one source, in one round trip. */
export async function getLoginThrottles(email: string, source: string): Promise<LoginThrottles> {
  if (!fitsKey(email, source)) return {};
  const items = await batchGetItems([keys.loginThrottle(email, source), keys.loginThrottleAll(email)], { consistent: true });
  const source_ = items.find((i) => i.SK !== 'ALL');
  const all = items.find((i) => i.SK === 'ALL');
  return { source: source_ && toThrottle(source_), all: all && toThrottle(all) };
}

/**
 * Counts one failure on one counter atomically (a counter that only counts: outside any unit
 * of work), starting a new window when the old one ended.
 */
async function countFailure(key: { PK: string; SK: string }, now: number, windowMs: number, lockMs = 0): Promise<LoginThrottleRecord> {
  const expiresAt = Math.ceil((now + windowMs + lockMs) / 1000);
  const fresh = await updateItem({
    ...updateInput<LoginThrottleRecord>(
      key,
      { set: { failures: 1, window_start: now, expiresAt }, remove: ['locked_until'] },
      or(notExists(), lt<LoginThrottleRecord>('window_start', now - windowMs)),
    ),
    ReturnValues: 'ALL_NEW',
  }).catch((err) => {
    if (isConditionFailure(err)) return undefined;
    throw err;
  });
  if (fresh) return toThrottle(fresh);
  return toThrottle(
    (await updateItem({
      ...updateInput<LoginThrottleRecord>(key, { add: { failures: 1 }, set: { expiresAt } }),
      ReturnValues: 'ALL_NEW',
    }))!,
  );
}

/** Counts a failed login on both counters of the e-mail: its source's and all sources'. */
export async function recordLoginFailure(
  email: string,
  source: string,
  now: number,
  limits: { windowMs: number; sourceLockMs: number },
): Promise<LoginThrottles> {
  // No account has such an e-mail, so there is nothing to protect and nothing to store.
  if (!fitsKey(email, source)) return {};
  const [src, all] = await Promise.all([
    countFailure(keys.loginThrottle(email, source), now, limits.windowMs, limits.sourceLockMs),
    countFailure(keys.loginThrottleAll(email), now, limits.windowMs),
  ]);
  return { source: src, all };
}

/**
 * Records the lock of one source out of an e-mail until `now + lockMs` (only if it is not
 * locked already: LockedMeanwhile otherwise, when a concurrent failure locked it and recorded
 * that), with its security event when `audit` (an e-mail with an account). The locked record.
 */
export function recordLock(
  uow: UnitOfWork,
  email: string,
  source: string,
  counted: LoginThrottleRecord,
  now: number,
  lockMs: number,
  audit: boolean,
): LoginThrottleRecord {
  const locked: LoginThrottleRecord = { ...counted, locked_until: now + lockMs, failures: 0, window_start: now };
  uow.include(
    txUpdate<LoginThrottleRecord>(
      keys.loginThrottle(email, source),
      { set: { locked_until: locked.locked_until, failures: 0, window_start: now } },
      or(fieldMissing<LoginThrottleRecord>('locked_until'), lte<LoginThrottleRecord>('locked_until', now)),
    ),
    () => new LockedMeanwhile(),
  );
  if (audit) uow.securityEvent(SECURITY_EVENTS.loginLocked, email, counted, locked);
  return locked;
}

/** A successful login clears its source's count (one that holds no lock: nothing to record). */
export async function clearLoginCount(email: string, source: string): Promise<void> {
  if (fitsKey(email, source)) await deleteItem({ Key: keys.loginThrottle(email, source) });
}

/**
 * Records the lifting of an expired lock by a successful login: the count deleted (only if
 * the lock read, `was`, is still there: LockedMeanwhile otherwise), with its security event.
 */
export function recordUnlock(uow: UnitOfWork, email: string, source: string, was: LoginThrottleRecord): void {
  uow.include(
    txDelete(keys.loginThrottle(email, source), eq<LoginThrottleRecord>('locked_until', was.locked_until)),
    () => new LockedMeanwhile(),
  );
  uow.securityEvent(SECURITY_EVENTS.loginUnlocked, email, was, undefined);
}

/** The keys of every lock and count of an e-mail (one Query of its partition). */
export async function loginThrottleKeys(email: string): Promise<{ PK: string; SK: string }[]> {
  if (!fitsKey(email)) return [];
  return queryAll<{ PK: string; SK: string }>({
    ...keyQuery({ pk: ['PK', keys.loginThrottleAll(email).PK], fields: ['PK', 'SK'] }),
    ConsistentRead: true,
  });
}

/** Deletes these lock and count items (batches of 25). */
export function deleteLoginThrottles(items: { PK: string; SK: string }[]): Promise<void> {
  return batchDeleteItems(items.map((it) => ({ PK: it.PK, SK: it.SK })));
}
