import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { isConditionFailure } from './helpers';
import { keys, fitsKey } from './keys';

/** One live reset code per e-mail; only its HMAC is stored. */
export interface ResetCodeRecord {
  email: string;
  code_hash: string;
  issued_at: number; // epoch ms
  expiresAt: number; // epoch seconds; the table's TTL attribute (DynamoDB removes it lazily)
  attempts: number; // checks under way or failed; a correct check gives its try back
  verified: boolean;
}

export async function getResetCode(email: string): Promise<ResetCodeRecord | undefined> {
  if (!fitsKey(email)) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.resetCode(email), ConsistentRead: true }));
  return out.Item as ResetCodeRecord | undefined;
}

/**
 * Stores a new code, replacing any earlier one, unless one was issued after `notIssuedAfterMs`
 * (the once-a-minute limit). Returns false when that limit refused it.
 */
export async function putResetCode(rec: ResetCodeRecord, notIssuedAfterMs: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.resetCode(rec.email), type: 'RESET', ...rec },
        ConditionExpression: 'attribute_not_exists(PK) OR issued_at <= :cutoff',
        ExpressionAttributeValues: { ':cutoff': notIssuedAfterMs },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Deletes the code if it is still the one with `codeHash`. */
export async function deleteResetCode(email: string, codeHash: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.resetCode(email),
        ConditionExpression: 'code_hash = :h',
        ExpressionAttributeValues: { ':h': codeHash },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * Takes one try of the code atomically, refusing when `maxAttempts` are used up or the
 * code was replaced meanwhile. Returns false when no try is left.
 */
export async function takeAttempt(email: string, codeHash: string, maxAttempts: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.resetCode(email),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'code_hash = :h AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':h': codeHash, ':max': maxAttempts },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives back the try a correct check took, and optionally marks the code verified. */
export async function returnAttempt(email: string, codeHash: string, markVerified: boolean): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.resetCode(email),
        UpdateExpression: markVerified ? 'ADD attempts :minus SET verified = :t' : 'ADD attempts :minus',
        ConditionExpression: 'code_hash = :h',
        ExpressionAttributeValues: { ':minus': -1, ':h': codeHash, ...(markVerified ? { ':t': true } : {}) },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The TransactWrite item that consumes the code, in the same transaction as the password change. */
export function consumeResetCode(email: string, codeHash: string) {
  return {
    Delete: {
      TableName: tableName(),
      Key: keys.resetCode(email),
      ConditionExpression: 'code_hash = :h',
      ExpressionAttributeValues: { ':h': codeHash },
    },
  };
}
