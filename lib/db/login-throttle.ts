import * as z from 'zod';
import { parseRecord } from './entity';
import { SECURITY_EVENTS, SYSTEM, type Who } from './history';
import { eq, fieldMissing, keyQuery, lt, lte, notExists, or, txDelete, txUpdate, updateInput } from './expression';
import { fitsKey, keys } from './keys';
import { batchDeleteItems, batchGetItems, deleteItem, isConditionFailure, queryAll, updateItem } from './helpers';
import { UnitOfWork } from './unit-of-work';

/** The lock's item changed meanwhile: another login locked or cleared it (and recorded that). */
class LockedMeanwhile extends Error {}

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
 * Counts one failure on one counter atomically: starts a new window when the old one
 * ended, and — when `lock` is given — locks for `lock.ms` once the count reaches `lock.after`.
 */
async function countFailure(
  key: { PK: string; SK: string },
  now: number,
  windowMs: number,
  lock?: { after: number; ms: number; email: string; audit?: Who },
): Promise<LoginThrottleRecord> {
  const expiresAt = Math.ceil((now + windowMs + (lock?.ms ?? 0)) / 1000);
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
  const rec = toThrottle(
    (await updateItem({
      ...updateInput<LoginThrottleRecord>(key, { add: { failures: 1 }, set: { expiresAt } }),
      ReturnValues: 'ALL_NEW',
    }))!,
  );
  if (lock && rec.failures >= lock.after && !(rec.locked_until && rec.locked_until > now)) {
    // The lock and its security event (if any) in one transaction; of concurrent failures
    // reaching the limit, one locks (and records it), the others find it locked.
    const locked: LoginThrottleRecord = { ...rec, locked_until: now + lock.ms, failures: 0, window_start: now };
    const uow = new UnitOfWork(lock.audit ?? SYSTEM);
    uow.include(
      txUpdate<LoginThrottleRecord>(
        key,
        { set: { locked_until: locked.locked_until, failures: 0, window_start: now } },
        or(fieldMissing<LoginThrottleRecord>('locked_until'), lte<LoginThrottleRecord>('locked_until', now)),
      ),
      () => new LockedMeanwhile(),
    );
    if (lock.audit) uow.securityEvent(SECURITY_EVENTS.loginLocked, lock.email, rec, locked);
    try {
      await uow.commit();
    } catch (err) {
      if (!(err instanceof LockedMeanwhile)) throw err;
    }
    return locked;
  }
  return rec;
}

/**
 * Counts a failed login on both counters; the source's counter locks that source
 * (`audit`: who the lock's history entry names; none for an e-mail without an account).
 */
export async function recordLoginFailure(
  email: string,
  source: string,
  now: number,
  limits: { windowMs: number; sourceMaxFailures: number; sourceLockMs: number },
  audit: Who | undefined,
): Promise<LoginThrottles> {
  // No account has such an e-mail, so there is nothing to protect and nothing to store.
  if (!fitsKey(email, source)) return {};
  const [src, all] = await Promise.all([
    countFailure(keys.loginThrottle(email, source), now, limits.windowMs, {
      after: limits.sourceMaxFailures,
      ms: limits.sourceLockMs,
      email,
      audit,
    }),
    countFailure(keys.loginThrottleAll(email), now, limits.windowMs),
  ]);
  return { source: src, all };
}

/**
 * A successful login clears its source's count (the all-sources count runs out with its
 * window). Clearing an expired lock is an unlock: its history entry (naming `unlocked.who`)
 * is written with the delete (only if the lock read is still there).
 */
export async function clearLoginSource(email: string, source: string, unlocked?: { was: LoginThrottleRecord; who: Who }): Promise<void> {
  if (!fitsKey(email, source)) return;
  if (!unlocked?.was.locked_until) {
    await deleteItem({ Key: keys.loginThrottle(email, source) });
    return;
  }
  const uow = new UnitOfWork(unlocked.who);
  uow.include(
    txDelete(keys.loginThrottle(email, source), eq<LoginThrottleRecord>('locked_until', unlocked.was.locked_until)),
    () => new LockedMeanwhile(),
  );
  uow.securityEvent(SECURITY_EVENTS.loginUnlocked, email, unlocked.was, undefined);
  await uow.commit().catch((err: unknown) => {
    if (!(err instanceof LockedMeanwhile)) throw err; // cleared (and recorded) by a concurrent login
  });
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
