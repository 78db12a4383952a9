import * as z from 'zod';
import { parseRecord } from './entity';
import { and, deleteInput, eq, lt, lte, notExists, or, putInput, txDelete, updateInput, type Update } from './expression';
import { deleteItem, getItem, putItem, unlessConditionFails, updateItem } from './helpers';
import { SECURITY_EVENTS } from './history';
import type { UnitOfWork } from './unit-of-work';
import { passwordUpdate } from './users';
import { keys, fitsKey } from './keys';

/** One live reset code per e-mail; only its HMAC is stored. */
const resetCodeRecord = z.object({
  email: z.string(),
  code_hash: z.string(),
  /** Epoch ms. */
  issued_at: z.number(),
  /** Epoch seconds; the table's TTL attribute (DynamoDB removes it lazily). */
  expiresAt: z.number(),
  /** Checks under way or failed; a correct check gives its try back. */
  attempts: z.number(),
  verified: z.boolean(),
});
export type ResetCodeRecord = z.infer<typeof resetCodeRecord>;

export async function getResetCode(email: string): Promise<ResetCodeRecord | undefined> {
  if (!fitsKey(email)) return undefined;
  const item = await getItem(keys.resetCode(email), { consistent: true });
  return item && parseRecord(resetCodeRecord, item);
}

/**
 * Stores a new code, replacing any earlier one, unless one was issued after `notIssuedAfterMs`
 * (the once-a-minute limit). Returns false when that limit refused it.
 */
export function putResetCode(rec: ResetCodeRecord, notIssuedAfterMs: number): Promise<boolean> {
  return unlessConditionFails(
    putItem(
      putInput(
        { ...keys.resetCode(rec.email), type: 'RESET', ...rec },
        or(notExists(), lte<ResetCodeRecord>('issued_at', notIssuedAfterMs)),
      ),
    ),
  );
}

/** Deletes the code if it is still the one with `codeHash`. */
export async function deleteResetCode(email: string, codeHash: string): Promise<void> {
  await unlessConditionFails(deleteItem(deleteInput(keys.resetCode(email), sameCode(codeHash))));
}

/** The condition that the stored code is still the one with `codeHash`. */
const sameCode = (codeHash: string) => eq<ResetCodeRecord>('code_hash', codeHash);

/** ADDs `delta` to the code's attempts (and SETs more), if it is still the one with `codeHash` (and has fewer than `limit` attempts). */
const changeAttempts = (
  email: string,
  codeHash: string,
  delta: number,
  opts: { set?: Update<ResetCodeRecord>['set']; limit?: number } = {},
) =>
  unlessConditionFails(
    updateItem(
      updateInput<ResetCodeRecord>(
        keys.resetCode(email),
        { add: { attempts: delta }, ...(opts.set ? { set: opts.set } : {}) },
        and(sameCode(codeHash), opts.limit !== undefined && lt<ResetCodeRecord>('attempts', opts.limit)),
      ),
    ),
  );

/**
 * Takes one try of the code atomically, refusing when `maxAttempts` are used up or the
 * code was replaced meanwhile. Returns false when no try is left.
 */
export const takeAttempt = (email: string, codeHash: string, maxAttempts: number): Promise<boolean> =>
  changeAttempts(email, codeHash, 1, { limit: maxAttempts });

/** Gives back the try a correct check took, and optionally marks the code verified. */
export async function returnAttempt(email: string, codeHash: string, markVerified: boolean): Promise<void> {
  await changeAttempts(email, codeHash, -1, markVerified ? { set: { verified: true } } : {});
}

/** The TransactWrite item that consumes the code, in the same transaction as the password change. */
export function consumeResetCode(email: string, codeHash: string) {
  return txDelete(keys.resetCode(email), sameCode(codeHash));
}

/** How many of an account's login locks and counts a password reset lifts in its own transaction (the rest right after). */
export const LOCKS_IN_RESET = 90;

/**
 * Records the password reset on the unit of work: the new password hash, the code consumed
 * (if it is still the one with `codeHash`; CodeGoneError otherwise, as when the user vanished)
 * and the account's login locks and counts `throttles` lifted (the first LOCKS_IN_RESET; the
 * caller deletes the rare rest after the commit), with its security event.
 */
export function recordPasswordReset(
  uow: UnitOfWork,
  email: string,
  passwordHash: string,
  codeHash: string,
  throttles: readonly { PK: string; SK: string }[],
): void {
  const gone = () => new CodeGoneError();
  uow.include(passwordUpdate(email, passwordHash), gone);
  uow.include(consumeResetCode(email, codeHash), gone);
  // its entry: the locks and counts it lifts (the password itself never enters the history)
  uow.securityEvent(SECURITY_EVENTS.passwordReset, email, { login_locks: throttles.length }, { login_locks: 0 });
  for (const key of throttles.slice(0, LOCKS_IN_RESET)) uow.include(txDelete(key));
}

/** The code was used or replaced meanwhile, or the user is gone. */
export class CodeGoneError extends Error {}
