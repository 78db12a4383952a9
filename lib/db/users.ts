import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../roles';
import { nowIso, nowSeconds } from '../clock';
import { db, tableName } from './client';
import { failedConditions, isConditionFailure, projection, queryAll } from './helpers';
import { GSI1, keys, LIST, normEmail, fitsKey } from './keys';

/** What responses may show of a user. */
export interface PublicUser {
  id: number;
  username: string;
  full_name: string;
  email: string;
  role: Role;
  is_verified: boolean;
}

/** A user as stored. `password_hash` never leaves lib/; use toPublicUser for responses. */
export interface UserRecord extends PublicUser {
  password_hash: string;
  /** Epoch seconds of the last password change: tokens issued before it are void. */
  password_changed_at: number;
  created_at: string;
  updated_at: string;
}

export const toPublicUser = (u: UserRecord): PublicUser => ({
  id: u.id,
  username: u.username,
  full_name: u.full_name,
  email: u.email,
  role: u.role,
  is_verified: u.is_verified,
});

const FIELDS = 'id, username, full_name, email, #role, is_verified, password_hash, password_changed_at, created_at, updated_at';

export class DuplicateUserError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`duplicate ${field}`);
  }
}

export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  if (!fitsKey(email)) return undefined;
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(email),
      ProjectionExpression: FIELDS,
      ExpressionAttributeNames: { '#role': 'role' },
    }),
  );
  return out.Item as UserRecord | undefined;
}

async function nextUserId(): Promise<number> {
  const out = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userCounter(),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}

export interface NewUser {
  username: string;
  full_name: string;
  email: string;
  role: Role;
  password_hash: string;
  is_verified: boolean;
}

/**
 * Creates a user and its username marker in one transaction; the e-mail is unique
 * because it is the user item's key. Throws DuplicateUserError naming the taken field.
 */
export async function createUser(input: NewUser): Promise<UserRecord> {
  const id = await nextUserId();
  const now = nowIso();
  const email = normEmail(input.email);
  const user: UserRecord = {
    id,
    username: input.username.trim(),
    full_name: input.full_name.trim(),
    email,
    role: input.role,
    is_verified: input.is_verified,
    password_hash: input.password_hash,
    password_changed_at: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.user(email), ...keys.userList(email), type: 'USER', ...user },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.usernameMarker(user.username), type: 'USERNAME', email },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  } catch (err) {
    const failed = failedConditions(err);
    if (failed) throw new DuplicateUserError(failed.includes(0) ? 'email' : 'username');
    throw err;
  }
  return user;
}

/** Sets is_verified = true. Returns false when the user does not exist. Idempotent. */
export async function markVerified(email: string): Promise<UserRecord | false> {
  if (!fitsKey(email)) return false;
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(email),
        UpdateExpression: 'SET is_verified = :t, updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':t': true, ':now': nowIso() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as UserRecord;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The write that replaces a password (a TransactWrite item, so a caller can pair it with other writes). */
export function passwordUpdate(email: string, passwordHash: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(email),
      UpdateExpression: 'SET password_hash = :h, password_changed_at = :t, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':h': passwordHash, ':t': nowSeconds(), ':now': nowIso() },
    },
  };
}

/** Deletes a user and its username marker (CLI and tests; there is no delete route). */
export async function deleteUser(email: string): Promise<void> {
  const user = await getUserByEmail(email);
  if (!user) return;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.user(email) } },
        { Delete: { TableName: tableName(), Key: keys.usernameMarker(user.username) } },
      ],
    }),
  );
}

/** Every user's list fields (name, e-mail, verification), never the password hash. */
export async function listUsers(): Promise<Pick<UserRecord, 'email' | 'full_name' | 'is_verified'>[]> {
  return queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': LIST.users },
    ...projection(['email', 'full_name', 'is_verified']),
  });
}
