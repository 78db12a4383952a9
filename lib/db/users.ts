import * as z from 'zod';
import { ROLES } from '../contract/roles';
import { defineEntity, timestamp, type Key } from './entity';
import { rememberRead } from './read-ahead';
import { accountScope, SYSTEM, type Who } from './history';
import { inUnitOfWork, RaceLostError, UnitOfWork } from './unit-of-work';
import { nowIso, nowSeconds } from '../platform/clock';
import { eq, exists, keyQuery, txUpdate, updateInput } from './expression';
import { pageOfQueries } from './paging';
import { batchGetItems, queryAll, updateItem } from './helpers';
import { GSI1, keys, LIST, normEmail, fitsKey } from './keys';

/** An account: USER#<email>, listed in GSI1 USER. `password_hash` never leaves lib/; responses use the public view. */
export const users = defineEntity({
  type: 'USER',
  schema: z.object({
    id: z.number().int(),
    username: z.string(),
    full_name: z.string(),
    email: z.string().meta({ format: 'email' }),
    role: z.enum(ROLES),
    is_verified: z.boolean(),
    password_hash: z.string(),
    /** Epoch seconds of the last password change (what tokens without a `pv` claim are checked against). */
    password_changed_at: z.number().int(),
    /** Counts password changes (absent: none); a token is void unless its `pv` claim is this (lib/auth/jwt.ts). */
    password_version: z.number().int().optional(),
    created_at: timestamp,
    updated_at: timestamp,
    /** The village of the account's one token-less sign-up, if it used it. */
    signup_village: z.string().optional(),
    /** The source address it registered from, as an HMAC (lib/auth/signup-source.ts): the token-less sign-up's proof. */
    signup_source: z.string().optional(),
    /** The account's mail switches (PUT /api/akun/notifikasi): stored only when off (absent: on). Reminders before self-assessment closes … */
    notif_pengingat: z.literal(false).optional(),
    /** … and the other notices (a round opened, a submission, a review, a request's or a status's change). */
    notif_perubahan: z.literal(false).optional(),
  }),
  key: keys.user,
  id: (u) => u.email,
  indexes: (u) => keys.userList(u.email),
  list: LIST.users,
  changes: {
    // in the account's own timeline (`USER#<e-mail>`)
    history: {
      subject: 'account',
      record: (u) => normEmail(u.email),
      scope: (u) => accountScope(u.email),
      actions: { created: 'registered' },
    },
    lists: ['users'],
    counts: (u) => [{ accounts: { [u.is_verified ? 'verified' : 'waiting']: 1 } }],
  },
  public: ['id', 'username', 'full_name', 'email', 'role', 'is_verified'],
  publicMeta: { id: 'PublicUser', description: 'A user as the service shows it (never the password hash).' },
});
export type UserRecord = z.infer<typeof users.schema>;
export type PublicUser = ReturnType<typeof users.publicView>;
export const toPublicUser = users.publicView;

/** USERNAME#<username>: the username is taken (by the account `email`). */
const usernameMarker = defineEntity({
  type: 'USERNAME',
  schema: z.object({ username: z.string(), email: z.string() }),
  key: keys.usernameMarker,
  id: (m) => m.username,
  public: [],
  publicMeta: { id: 'UsernameMarker' },
});

/** The e-mail has an account already. */
export class EmailTakenError extends Error {}
/** The username was taken: the unit of work runs again with the next candidate, if there is one. */
export class UsernameTakenError extends RaceLostError {}

/**
 * The user with this e-mail. With `alongside`, those items are read in the same
 * strongly consistent BatchGetItem and kept for this request's entity reads
 * (lib/db/read-ahead.ts): one round trip instead of two.
 */
export async function getUserByEmail(email: string, alongside: Key[] = []): Promise<UserRecord | undefined> {
  if (!fitsKey(email)) return undefined;
  if (alongside.length === 0) return users.get(email);
  const userKey = keys.user(email);
  const items = await batchGetItems([userKey, ...alongside], { consistent: true });
  const find = (k: Key) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  for (const k of alongside) rememberRead(k, find(k) ?? null);
  const user = find(userKey);
  return user ? users.fromItem(user) : undefined;
}

export async function nextUserId(): Promise<number> {
  const out = await updateItem({ ...updateInput(keys.userCounter(), { add: { value: 1 } }), ReturnValues: 'UPDATED_NEW' });
  return Number(out?.value);
}

export type NewUser = Pick<UserRecord, 'username' | 'full_name' | 'email' | 'role' | 'password_hash' | 'is_verified' | 'signup_source'>;

/**
 * Records a new user (`id` from nextUserId) and its username marker on the unit of work; the
 * e-mail is unique because it is the user item's key. The commit fails with EmailTakenError
 * or UsernameTakenError.
 */
export function recordNewUser(uow: UnitOfWork, input: NewUser, id: number): UserRecord {
  const email = normEmail(input.email);
  const user: UserRecord = {
    id,
    username: input.username,
    full_name: input.full_name,
    email,
    role: input.role,
    is_verified: input.is_verified,
    password_hash: input.password_hash,
    password_changed_at: 0,
    created_at: uow.at,
    updated_at: uow.at,
    ...(input.signup_source ? { signup_source: input.signup_source } : {}),
  };
  uow.create(users, user, { guard: () => new EmailTakenError() });
  uow.include(usernameMarker.putNew({ username: user.username, email }), () => new UsernameTakenError());
  return user;
}

/** The account changed (verified or deleted) since it was read. */
class UserChangedError extends RaceLostError {}

/**
 * Sets is_verified = true, with its history entry. Returns false when the user does not
 * exist. Idempotent: an account verified already (also by a concurrent call) is left as
 * it is, with no entry.
 */
export function markVerified(email: string, who: Who): Promise<UserRecord | false> {
  return inUnitOfWork(who, async (uow, read) => {
    const user = await users.get(email, read.consistent);
    if (!user) return false;
    if (user.is_verified) return user;
    const next: UserRecord = { ...user, is_verified: true, updated_at: nowIso() };
    uow.update(users, user, next, { guard: () => new UserChangedError(), action: 'account.verified' });
    return next;
  });
}

/**
 * The write that replaces a password (a TransactWrite item, so a caller can pair it with
 * other writes); its new password version voids every token issued before, whatever the second.
 */
export function passwordUpdate(email: string, passwordHash: string) {
  return txUpdate<UserRecord>(
    keys.user(email),
    { set: { password_hash: passwordHash, password_changed_at: nowSeconds(), updated_at: nowIso() }, add: { password_version: 1 } },
    exists(),
  );
}

/** Deletes a user and its username marker (CLI and tests; there is no delete route), recorded as the service's. */
export async function deleteUser(email: string): Promise<void> {
  await inUnitOfWork(SYSTEM, async (uow) => {
    const user = await users.get(email, true);
    if (!user) return;
    uow.delete(users, user, { guard: () => new UserChangedError() });
    uow.include(usernameMarker.deleteIfExists(user.username));
  });
}

/** Every user's list fields (name, e-mail, verification), never the password hash. */
export async function listUsers(): Promise<Pick<UserRecord, 'email' | 'full_name' | 'is_verified'>[]> {
  return queryAll(keyQuery({ index: GSI1, pk: ['GSI1PK', LIST.users], fields: ['email', 'full_name', 'is_verified'] }));
}

/** Which notification mails an account takes (lib/domain/notifications.ts): both unless turned off. */
export interface NotificationSwitches {
  pengingat: boolean;
  perubahan: boolean;
}
export const switchesOf = (u: Pick<UserRecord, 'notif_pengingat' | 'notif_perubahan'>): NotificationSwitches => ({
  pengingat: u.notif_pengingat !== false,
  perubahan: u.notif_perubahan !== false,
});

/**
 * Turns an account's notification mails on or off (fields not given stay as they are),
 * with its history entry; the switches as they become. Undefined when the account is gone.
 */
export function setNotificationSwitches(
  email: string,
  input: Partial<NotificationSwitches>,
  who: Who,
): Promise<NotificationSwitches | undefined> {
  return inUnitOfWork(who, async (uow, read) => {
    const user = await users.get(email, read.consistent);
    if (!user) return undefined;
    const next: UserRecord = { ...user, updated_at: nowIso() };
    // off is stored, on is the default (absent)
    if (input.pengingat !== undefined) next.notif_pengingat = input.pengingat ? undefined : false;
    if (input.perubahan !== undefined) next.notif_perubahan = input.perubahan ? undefined : false;
    uow.update(users, user, next, { guard: () => new UserChangedError(), action: 'account.notifications_changed' });
    return switchesOf(next);
  });
}

/** A mail's recipient: the account's address, name, role and switches. */
export type Recipient = Pick<UserRecord, 'email' | 'full_name' | 'role'> & NotificationSwitches;
const RECIPIENT_FIELDS = ['email', 'full_name', 'role', 'notif_pengingat', 'notif_perubahan'] as const;
const recipientOf = (u: Pick<UserRecord, (typeof RECIPIENT_FIELDS)[number]>): Recipient => ({
  email: u.email,
  full_name: u.full_name,
  role: u.role,
  ...switchesOf(u),
});

/** The accounts of these e-mails as mail recipients (BatchGetItem, 100 a call); those without an account are missing. */
export async function recipients(emails: readonly string[]): Promise<Recipient[]> {
  const unique = [...new Set(emails.map(normEmail))].filter((e) => fitsKey(e));
  const items = await batchGetItems(
    unique.map((e) => keys.user(e)),
    { fields: RECIPIENT_FIELDS },
  );
  return (items as Pick<UserRecord, (typeof RECIPIENT_FIELDS)[number]>[]).map(recipientOf);
}

/** One page of the accounts of a role as mail recipients (GSI1 USER, filtered), and the cursor of the rest (lib/db/paging.ts). */
export async function recipientsOfRole(
  role: UserRecord['role'],
  cursor: string | undefined,
  limit: number,
): Promise<{ recipients: Recipient[]; next: string | undefined }> {
  const query = keyQuery({ index: GSI1, pk: ['GSI1PK', LIST.users], filter: eq<UserRecord>('role', role), fields: RECIPIENT_FIELDS });
  const page = await pageOfQueries([query], cursor, limit);
  return { recipients: (page.items as Pick<UserRecord, (typeof RECIPIENT_FIELDS)[number]>[]).map(recipientOf), next: page.next };
}
