import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { isCaller, SYSTEM, type Acting } from '../contract/caller';
import { nowIso } from '../platform/clock';
import { config } from '../platform/config';
import { defineEntity, timestamp, type TransactItem } from './entity';
import type { UserRecord } from './users';
import { and, beginsWith, between, eq, gte, keyQuery, lte, not, type Condition } from './expression';
import { queryPage } from './helpers';
import { GSI1, GSI2, keys, normEmail } from './keys';

/**
 * The history: one immutable entry per change, written in the change's own transaction
 * (no change without its entry, no entry without its change).
 *
 * | entry of …          | PK                  | SK          | GSI1PK / GSI1SK          | GSI2PK / GSI2SK            |
 * |---------------------|---------------------|-------------|--------------------------|----------------------------|
 * | a village's records | HIST#<kd_desa>      | <at>#<rand> | HIST or HISTSEC / <at>#… | HISTBY#<actor id> / <at>#… |
 * | an account          | HIST#USER#<email>   | <at>#<rand> | (same)                   | (same)                     |
 *
 * A village's timeline is one Query of its partition (newest first); the service's feed
 * one Query of GSI1 (`HISTSEC` holds the security events, which `dinas` does not see);
 * an actor's entries one Query of GSI2. Time ranges are key conditions on the sort keys.
 */
const change = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });
export const historyEntries = defineEntity({
  type: 'HIST',
  schema: z.object({
    /** `<at>#<8 hex>`: the entry's sort key. */
    id: z.string(),
    at: timestamp,
    /** Whose timeline: a village code, or `USER#<email>` for account events. */
    scope: z.string(),
    actor_id: z.string().meta({ description: 'The user id, `system` (the sweep) or `anonymous` (e.g. a failed login)' }),
    actor_username: z.string().optional(),
    actor_role: z.string().optional(),
    actor_name: z.string().optional(),
    action: z.string().meta({ examples: ['score.updated'] }),
    kd_desa: z.string().optional(),
    /** The record's own code (kd_permintaan, kd_status, an e-mail, …). */
    record: z.string(),
    changes: z.record(z.string(), change),
    security: z.boolean(),
    /** The source address, where the service knows it (security events). */
    source: z.string().optional(),
    /** The record's public fields after the change, where a trajectory needs them whole (scores). */
    snapshot: z.record(z.string(), z.unknown()).optional(),
    /** The bulk import the change was part of (docs/import.md). */
    impor: z.string().optional(),
    /** TTL (epoch s): only security events (HISTORY_SECURITY_RETENTION_DAYS, default 180 days). */
    expiresAt: z.number().optional(),
  }),
  key: (id) => keys.historyEntry(id.slice(SK_LENGTH), id.slice(0, SK_LENGTH)),
  id: (e) => `${e.id}${e.scope}`,
  indexes: (e) => ({ ...keys.historyFeed(e.security, e.id), ...keys.historyActor(e.actor_id, e.id) }),
  public: [
    'at',
    'actor_id',
    'actor_username',
    'actor_role',
    'actor_name',
    'action',
    'kd_desa',
    'record',
    'changes',
    'security',
    'source',
    'impor',
  ],
  publicMeta: { id: 'HistoryEntry', description: 'One change: when, who, what, which record, and the changed fields as before → after.' },
});
export type HistoryEntry = z.infer<typeof historyEntries.schema>;

/** The scope of an account's events (`HIST#USER#<e-mail>`): shown to admin only. */
const ACCOUNT_SCOPE = 'USER#';
export const accountScope = (email: string) => `${ACCOUNT_SCOPE}${normEmail(email)}`;

/** `2026-11-23T22:00:00.000Z#0a1b2c3d`. */
const SK_LENGTH = 24 + 1 + 8;
export const newHistoryId = (at: string) => `${at}#${randomBytes(4).toString('hex')}`;

/** The transaction item that stores an entry (never overwrites one). */
export const historyPut = (entry: HistoryEntry): TransactItem => historyEntries.putNew(entry);

/** Who made a change: a user (as they were at the time), the service itself (the sweep, the CLI), or nobody signed in. */
export type Actor = Pick<UserRecord, 'id' | 'username' | 'role' | 'full_name'> | 'system' | 'anonymous';

/** Who made a change as the history records it: the actor, and the address the change came from. */
export interface Recorded {
  actor: Actor;
  source?: string;
  /** The bulk import the change is part of: its entries name it (docs/import.md). */
  impor?: string;
}
/**
 * Who makes a change, as lib/db's writes take it: the acting person from above
 * (lib/contract/caller.ts `Acting`: a caller, anonymous, the service), or already in the
 * history's own form (`Recorded`). The entry derives its actor and source from it (`recorded`).
 */
export type Who = Acting | Recorded;
export { SYSTEM };
/** A user as the history records them (as they are now), or anonymous. */
export const whoIs = (user: Pick<UserRecord, 'id' | 'username' | 'role' | 'full_name'> | undefined, source?: string): Recorded => ({
  actor: user ? { id: user.id, username: user.username, role: user.role, full_name: user.full_name } : 'anonymous',
  ...(source ? { source } : {}),
});
/** The history's form of whoever acts. */
function recorded(who: Who): Recorded {
  if ('actor' in who) return who;
  if ('system' in who) return { actor: 'system' };
  return whoIs(isCaller(who) ? who : undefined, who.source);
}

/** Fields never written to the history (secrets), and bookkeeping that is no change of its own. */
const NEVER = new Set(['password_hash', 'code_hash', 'signup_source', 'token', 'password', 'attempts']);
const BOOKKEEPING = new Set([
  'version',
  'updated_at',
  'created_at',
  'random_key',
  'next_ids',
  'child_rev',
  'request_codes',
  'status_codes',
  'expiresAt',
  'password_changed_at',
  'password_version',
]);
/** Texts longer than this are summarised by their length. */
const LONG_TEXT = 200;

type Value = unknown;
/** A value with its maps' keys sorted (DynamoDB gives a map's keys back in any order). */
const sorted = (v: Value): Value =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, Value>)[k])]),
        )
      : v;
const same = (a: Value, b: Value) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

/** A value as the history keeps it: long texts as their length, lists as their count (image lists: added and removed URLs). */
function summary(key: string, before: Value, after: Value): { before: Value; after: Value } {
  const short = (v: Value) => (typeof v === 'string' && v.length > LONG_TEXT ? { length: v.length } : v);
  if (Array.isArray(before) || Array.isArray(after)) {
    const b = (Array.isArray(before) ? before : []) as Value[];
    const a = (Array.isArray(after) ? after : []) as Value[];
    if (key.startsWith('galeri') || [...a, ...b].every((v) => typeof v === 'string')) {
      const was = new Set(b.map(String));
      const is = new Set(a.map(String));
      return {
        before: { count: b.length },
        after: { count: a.length, added: [...is].filter((u) => !was.has(u)), removed: [...was].filter((u) => !is.has(u)) },
      };
    }
    // lists of items (a tourism description's categories): their count, and which ids came and went
    const ids = (l: Value[]) => l.map((v) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : undefined));
    const was = new Set(ids(b));
    const is = new Set(ids(a));
    return {
      before: before === undefined ? undefined : { count: b.length },
      after:
        after === undefined
          ? undefined
          : {
              count: a.length,
              added: [...is].filter((i) => i !== undefined && !was.has(i)),
              removed: [...was].filter((i) => i !== undefined && !is.has(i)),
            },
    };
  }
  return { before: short(before), after: short(after) };
}

/** The changed fields of a record as before → after (absent before: created; absent after: deleted). */
export function changesOf(before: object | undefined, after: object | undefined): HistoryEntry['changes'] {
  const b = (before ?? {}) as Record<string, Value>;
  const a = (after ?? {}) as Record<string, Value>;
  const out: HistoryEntry['changes'] = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (NEVER.has(key) || BOOKKEEPING.has(key) || same(b[key], a[key])) continue;
    out[key] = summary(key, b[key], a[key]);
  }
  return out;
}

/**
 * True when `after` differs from `before` in no field the history shows: such an update
 * is not written at all (no entry, no version, no list version), and answers as if it was.
 */
export const changesNothing = (before: object, after: object): boolean => Object.keys(changesOf(before, after)).length === 0;

export interface Change {
  who: Who;
  /** e.g. `score.updated`. */
  action: string;
  kd_desa?: string;
  /** The record's own code. */
  record: string;
  before?: object;
  after?: object;
  /** An account-security event (failed-login locks, resets, token-less sign-ups). */
  security?: boolean;
  /** Whose timeline, when not the village's (account events: `USER#<email>`). */
  scope?: string;
  /** The record's public fields after the change, kept whole (scores: their trajectory). */
  snapshot?: Record<string, unknown>;
}

/** The history entry of a change, as the transaction item that writes it beside the change itself. */
export function historyOf(change: Change, retentionDays = config().historySecurityRetentionDays): TransactItem {
  const at = nowIso();
  const { actor, source, impor } = recorded(change.who);
  const user = typeof actor === 'object' ? actor : undefined;
  const entry: HistoryEntry = {
    id: newHistoryId(at),
    at,
    scope: change.scope ?? change.kd_desa ?? 'SERVICE',
    actor_id: user ? String(user.id) : (actor as string),
    ...(user ? { actor_username: user.username, actor_role: user.role, actor_name: user.full_name } : {}),
    action: change.action,
    ...(change.kd_desa ? { kd_desa: change.kd_desa } : {}),
    record: change.record,
    changes: changesOf(change.before, change.after),
    security: change.security ?? false,
    // the address is kept where it is evidence: security events and changes nobody signed in made
    ...(source && (change.security || !user) ? { source } : {}),
    ...(change.snapshot ? { snapshot: change.snapshot } : {}),
    ...(impor ? { impor } : {}),
    ...(change.security && retentionDays ? { expiresAt: Math.ceil(Date.parse(at) / 1000) + retentionDays * 86_400 } : {}),
  };
  return historyPut(entry);
}

/** The account-security events (lib/db/unit-of-work.ts `securityEvent`): kept apart in the feed, and they expire. */
export const SECURITY_EVENTS = {
  loginLocked: 'account.login_locked',
  loginUnlocked: 'account.login_unlocked',
  passwordReset: 'account.password_reset',
} as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[keyof typeof SECURITY_EVENTS];

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Where the next page starts (opaque), or null after the last. */
  next: string | null;
}

export interface HistoryQuery {
  limit: number;
  cursor?: string;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

/**
 * A cursor is the last key read, signed (HMAC under a key derived from the server secret)
 * for the read it continues: index, partition and time range. Anything else — a forged
 * key, another partition's, one of another index — is refused before DynamoDB sees it
 * (it answers a start key that is not one of the query's with a ValidationException).
 */
export class BadCursorError extends Error {}
let cursorKey: Buffer | undefined;
const cursorMac = (read: string, payload: string) => {
  cursorKey ??= createHmac('sha256', config().jwtSecret).update('history-cursor-v1').digest();
  return createHmac('sha256', cursorKey).update(`${read}\n${payload}`).digest('base64url');
};
function encode(read: string, key: Record<string, unknown> | undefined): string | null {
  if (!key) return null;
  const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
  return `${payload}.${cursorMac(read, payload)}`;
}
function decode(read: string, cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  const [payload = '', mac = '', ...rest] = cursor.split('.');
  const expected = Buffer.from(cursorMac(read, payload));
  const given = Buffer.from(mac);
  if (rest.length || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BadCursorError();
  try {
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!key || typeof key !== 'object' || Array.isArray(key)) throw new Error('not a key');
    return key as Record<string, unknown>;
  } catch {
    throw new BadCursorError();
  }
}

/** The sort-key condition of a time range (`#<rand>` sorts after the time itself). */
function range(sk: string, q: HistoryQuery): Condition | undefined {
  if (q.from && q.to) return between(sk, q.from, `${q.to}~`);
  if (q.from) return gte(sk, q.from);
  if (q.to) return lte(sk, `${q.to}~`);
  return undefined;
}

/** Filters on fields beyond the key (equalities, an action prefix); `security: false` leaves security events out. */
export interface HistoryFilter {
  action?: string;
  /** Actions starting with this (e.g. `score.`). */
  actionPrefix?: string;
  actor_id?: string;
  kd_desa?: string;
  security?: false;
  /** `false`: no account events (their scope is `USER#…`). */
  accounts?: false;
}

/** A filter's condition on one field. */
function conditionOf(field: string, value: unknown): Condition {
  if (field === 'actionPrefix') return beginsWith<HistoryEntry>('action', String(value));
  if (field === 'accounts') return not(beginsWith<HistoryEntry>('scope', ACCOUNT_SCOPE));
  return eq(field, value);
}

/** At most this many items are read for one filtered page; a page may then come back short, with a cursor. */
const MAX_READ = 1000;

/**
 * One page, newest first: a Query of one partition (`index`/`pk`) within the time range.
 * Without filters it reads exactly the page; filters on other fields are applied while
 * reading, page by page, until the page is full or MAX_READ items were read.
 */
async function page(
  index: string | undefined,
  pk: [string, string],
  sk: string,
  q: HistoryQuery,
  filter: HistoryFilter = {},
): Promise<HistoryPage> {
  const read = [index ?? 'table', pk[1], q.from ?? '', q.to ?? ''].join('\n');
  const conditions = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .map(([field, value]) => conditionOf(field, value));
  const query = keyQuery({ index, pk, sk: range(sk, q), filter: conditions.length ? and(...conditions) : undefined });
  const entries: HistoryEntry[] = [];
  let start = decode(read, q.cursor);
  let seen = 0;
  do {
    const out = await queryPage({
      ...query,
      ScanIndexForward: false,
      Limit: conditions.length ? Math.max(q.limit, 100) : q.limit,
      ExclusiveStartKey: start,
    });
    seen += conditions.length ? Math.max(q.limit, 100) : q.limit;
    for (const item of out.items) {
      entries.push(historyEntries.fromItem(item));
      if (entries.length === q.limit) {
        // the page is full: the next one starts after this entry
        const keysOf = (k: string[]) => Object.fromEntries(k.map((n) => [n, item[n]]));
        return {
          entries,
          next: encode(read, keysOf(['PK', 'SK', ...(index === GSI1 ? ['GSI1PK', 'GSI1SK'] : index === GSI2 ? ['GSI2PK', 'GSI2SK'] : [])])),
        };
      }
    }
    start = out.next;
  } while (start && seen < MAX_READ);
  return { entries, next: encode(read, start) };
}

/** A village's timeline, newest first: one Query of its partition. */
export const villageHistory = (kd: string, q: HistoryQuery, filter?: HistoryFilter) =>
  page(undefined, ['PK', keys.historyPartition(kd)], 'SK', q, filter);

/** Whether a scope's partition holds any entry (a village that never existed has none): one Query of one key. */
export async function hasHistory(scope: string): Promise<boolean> {
  const out = await queryPage({ ...keyQuery({ pk: ['PK', keys.historyPartition(scope)], fields: ['PK'] }), Limit: 1 });
  return out.items.length > 0;
}

/** The service's feed, newest first: one Query of GSI1 (`security`: the account-security events instead). */
export const historyFeed = (security: boolean, q: HistoryQuery, filter?: HistoryFilter) =>
  page(GSI1, ['GSI1PK', keys.historyFeed(security, '').GSI1PK], 'GSI1SK', q, filter);

/** One actor's entries, newest first: one Query of GSI2. */
export const actorHistory = (actorId: string, q: HistoryQuery, filter?: HistoryFilter) =>
  page(GSI2, ['GSI2PK', keys.historyActor(actorId, '').GSI2PK], 'GSI2SK', q, filter);
