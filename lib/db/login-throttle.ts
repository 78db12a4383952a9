import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys, fitsKey } from './keys';

/** Failed logins of one e-mail within the current window. */
export interface LoginThrottleRecord {
  failures: number;
  window_start: number; // epoch ms
  locked_until?: number; // epoch ms
  expiresAt: number; // epoch s (TTL)
}

export async function getLoginThrottle(email: string): Promise<LoginThrottleRecord | undefined> {
  if (!fitsKey(email)) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.loginThrottle(email), ConsistentRead: true }));
  return out.Item as LoginThrottleRecord | undefined;
}

/**
 * Counts one failure atomically: starts a new window when the old one ended, and locks
 * the account for `lockMs` when the count reaches `maxFailures`.
 */
export async function recordLoginFailure(
  email: string,
  now: number,
  windowMs: number,
  maxFailures: number,
  lockMs: number,
): Promise<LoginThrottleRecord> {
  // No account has such an e-mail, so there is nothing to protect and nothing to store.
  if (!fitsKey(email)) return { failures: 0, window_start: now, expiresAt: 0 };
  const expiresAt = Math.ceil((now + windowMs + lockMs) / 1000);
  const fresh = await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginThrottle(email),
        UpdateExpression: 'SET failures = :one, window_start = :now, expiresAt = :exp REMOVE locked_until',
        ConditionExpression: 'attribute_not_exists(PK) OR window_start < :windowStart',
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':exp': expiresAt, ':windowStart': now - windowMs },
        ReturnValues: 'ALL_NEW',
      }),
    )
    .catch((err) => {
      if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
      throw err;
    });
  if (fresh) return fresh.Attributes as LoginThrottleRecord;
  const out = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.loginThrottle(email),
      UpdateExpression: 'ADD failures :one SET expiresAt = :exp',
      ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const rec = out.Attributes as LoginThrottleRecord;
  if (rec.failures >= maxFailures && !(rec.locked_until && rec.locked_until > now)) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginThrottle(email),
        UpdateExpression: 'SET locked_until = :until, failures = :zero, window_start = :now',
        ExpressionAttributeValues: { ':until': now + lockMs, ':zero': 0, ':now': now },
      }),
    );
    return { ...rec, locked_until: now + lockMs };
  }
  return rec;
}

export async function clearLoginThrottle(email: string): Promise<void> {
  if (!fitsKey(email)) return;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginThrottle(email) }));
}
