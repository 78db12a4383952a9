import type { ListKind } from '../contract/lists';
import { nowIso } from '../platform/clock';
import { withRetries } from '../platform/retry';
import type { Entity, Key, TransactItem } from './entity';
import { accountScope, changesNothing, historyOf, type SecurityEvent, type Who } from './history';
import { keys, normEmail, villageFilterKeys } from './keys';
import { listsChanged } from './list-versions';
import { and, eq, exists, fieldMissing, ifAbsent, txCheck, txUpdate, type Condition } from './expression';
import { accountCounts, categoryChange, moving, regionCounts, regionKey, sum, tallyChange, type Counts, type Region } from './stats';
import { outboxItem, type Notice } from './outbox';
import { guardedRefs, REF_ROOM, type ImageRefSource } from './image-refs';
import { guarded, transactWrite, type Guard } from './transact';
import { appliedMarker, inKeyedRequest } from './applied-once';

export type { Guard };

/**
 * One write of the service as a unit of work: the records it creates, replaces and
 * deletes, each with its before and after. `commit()` derives the rest from what the
 * entities declare (`changes` on defineEntity) and writes everything in one transaction:
 *
 * - the history entry of each change (`<subject>.created|updated|deleted`, a pure function
 *   of before and after; an update that changes no field the history shows is no change
 *   at all: no entry, no write);
 * - the version bump of every public list the change touches;
 * - one outbox item per notice the change gives (mails sent later: lib/db/outbox.ts);
 * - what the change moves on its village: the village's code sets, its tallies by state,
 *   its category, and the region's counters (the village's contribution after minus before);
 * - each item's condition, with a named guard: a failed condition throws that guard's
 *   error, never an index into the transaction.
 *
 * Expressions are built from typed updates and conditions (lib/db/expression.ts), here and
 * in lib/db/entity.ts. `inUnitOfWork` is the one retry policy of the writes built on it.
 */

/**
 * Someone else wrote first (a record or its village changed since it was read): the unit of
 * work reads again and retries (inUnitOfWork). Errors of this kind extend it.
 */
export class RaceLostError extends Error {}

/** The village changed since the child's write read it (or is gone): read it again. */
export class VillageStaleError extends RaceLostError {}

/** The village as a child's write read it: its code, region, `child_rev`, tallies and category. */
export type ReadVillage = Region & { kd_desa: string; child_rev: number; kategori?: string };

/** What a record of a kind is to its village (declared on the entity). */
export interface VillageLink<R> {
  kd_desa: (record: R) => string;
  /** The village's code set that lists records of this kind (its `child_rev` moves with it). */
  codes?: { set: 'request_codes' | 'status_codes'; of: (record: R) => string };
  /** The tally (`nreq_<status>`, …) a record adds 1 to. */
  tally?: (record: R) => string;
  /** The category the record gives its village (scores). */
  kategori?: (record: R) => string;
}

/** What the unit of work derives from a change of a kind: declared once, on the entity. */
export interface ChangeDeclaration<R> {
  /** Its history entries: action `<subject>.<created|updated|deleted>`, in the village's timeline. */
  history?: {
    subject: string;
    record: (record: R) => string;
    kd_desa?: (record: R) => string;
    /** Whose timeline, when not the village's (accounts: `USER#<e-mail>`). */
    scope?: (record: R) => string;
    /** Other names for the three kinds of change (an account is `registered`, not `created`). */
    actions?: Partial<Record<ChangeKind, string>>;
    /** Kept whole with the entry (scores: their trajectory); undefined: nothing. */
    snapshot?: (record: R) => Record<string, unknown> | undefined;
    /** The record as its entry shows it (a tourism description adds every image it lists). */
    view?: (record: R) => object;
  };
  /**
   * What a record adds to the service's counters (lib/db/stats.ts): its region's, or the
   * accounts'. A change writes contribution(after) − contribution(before).
   */
  counts?: (record: R) => CounterShare[];
  /** Counters a change moves once, beside its contribution (a new village this month). */
  events?: (before: R | undefined, after: R | undefined, at: string) => CounterShare[];
  /** The public lists its records appear in. */
  lists?: readonly ListKind[];
  village?: VillageLink<R>;
  /**
   * The images a record lists: a change's claims and releases of them are derived from before
   * and after (lib/db/image-refs.ts), in the change's transaction. A change of such a record
   * needs the request's image source (`useImages`, given by writeWithImages).
   */
  images?: (record: R) => Iterable<string>;
  /**
   * What its record's leaving with its village writes besides the deletion of the village's
   * partition and coded children (lib/db/cascade.ts): a tourism description's list position.
   * `partition`: the keys of the village's partition as read.
   */
  leavingWithVillage?: (kd: string, partition: readonly Key[]) => Promise<TransactItem[]>;
  /** Fields every update moves (a shown timestamp) that are no change on their own. */
  stamps?: readonly (keyof R & string)[];
  /**
   * What the change tells people (lib/db/outbox.ts): each notice is one outbox item in the
   * same transaction, mailed later by the drain (lib/domain/notifications.ts).
   */
  notify?: (before: R | undefined, after: R | undefined) => Notice[];
}

export type ChangeKind = 'created' | 'updated' | 'deleted';

/**
 * A share of counters: a region's, the accounts', or those on another item (`on`: an
 * evaluation round's; `label`: attributes it keeps as first written; `mustExist`: the item
 * must exist and not be going, or the write fails with that guard's error).
 */
export type CounterShare =
  | { region: Region; counts: Counts }
  | { accounts: Counts }
  | { on: Key; counts: Counts; label?: Record<string, string>; mustExist?: Guard };

/** What a step of the unit's transaction is, by name (`plan()`). */
export type StepName = 'record' | 'history' | 'counter' | 'village' | 'outbox' | 'image-ref' | 'marker' | 'check';

interface Step {
  item: TransactItem;
  guard?: Guard;
  /** Counters and the village's own item are named by derive; the rest where pushed (default `marker`: an undeclared item). */
  name?: StepName;
}

/** One step as `plan()` tells it: its name, what it does to which item (`PK SK`), and for a list version its kind. */
export interface PlannedStep {
  step: StepName | 'list-version' | 'applied-marker';
  op: 'put' | 'update' | 'delete' | 'check';
  key: string;
  list?: ListKind;
}

/** What a transaction item does, to which item (`PK SK`). */
function keyText(item: TransactItem): { op: PlannedStep['op']; key: string } {
  const [op, key]: [PlannedStep['op'], Record<string, unknown>] = item.Put
    ? ['put', item.Put.Item!]
    : item.Update
      ? ['update', item.Update.Key!]
      : item.Delete
        ? ['delete', item.Delete.Key!]
        : ['check', item.ConditionCheck!.Key!];
  return { op, key: `${String(key.PK)} ${String(key.SK)}` };
}

type AnyEntity = Entity<any, any>;
type RecordOf<E extends AnyEntity> = ReturnType<E['fromItem']>;

export interface ChangeOptions {
  /** The village as read (its tallies, code set, category and region move with the change); undefined: gone, nothing to move. */
  village?: ReadVillage;
  /** What a failed condition of the record's own item means. */
  guard?: Guard;
  /** Without anything moving on the village, still require it to exist (and not be retiring). */
  villageMustExist?: Guard;
  /** The history's name for this change, where it is more than created/updated/deleted (`village.signup_created`). */
  action?: string;
  /**
   * The record is created in this unit together with its village, which already counts it
   * (`withChildCounted`): nothing moves on the village, and the village's entry tells of it.
   */
  bornWithVillage?: boolean;
  /** The change is an account-security event (kept apart in the feed, expires). */
  security?: boolean;
}

export class UnitOfWork {
  private readonly steps: Step[] = [];
  private readonly lists = new Set<ListKind>();
  private imageSource?: ImageRefSource;
  /** The time of this unit of work (history entries, monthly counters). */
  readonly at = nowIso();

  constructor(readonly who: Who) {}

  /** Stores a new record (refused if its key is taken: `guard`). */
  create<E extends AnyEntity>(entity: E, record: RecordOf<E>, opts: ChangeOptions = {}): void {
    this.steps.push({ item: entity.putNew(record), guard: opts.guard, name: 'record' });
    this.derive(entity, undefined, record, opts);
  }

  /**
   * Replaces `before` by `after` if the item still holds, in every field that changes, what
   * `before` holds (`guard` otherwise). False when nothing the history shows changes:
   * then nothing is written at all.
   */
  update<E extends AnyEntity>(entity: E, before: RecordOf<E>, after: RecordOf<E>, opts: ChangeOptions = {}): boolean {
    const stamps: readonly string[] = (entity.changes as ChangeDeclaration<Record<string, unknown>> | undefined)?.stamps ?? [];
    const without = (r: object) => Object.fromEntries(Object.entries(r).filter(([k]) => !stamps.includes(k)));
    if (changesNothing(without(before), without(after))) return false;
    this.steps.push({ item: entity.replaceIfUnchanged(before, after), guard: opts.guard, name: 'record' });
    this.derive(entity, before, after, opts);
    return true;
  }

  /**
   * Deletes the record as read (`guard` when it is gone already, or no longer holds
   * `opts.unchanged`'s values). `opts.as` replaces the plain delete by another item that
   * makes the record absent to every reader (a village retired before its children go:
   * lib/db/cascade.ts); what the deletion brings with it is derived the same.
   */
  delete<E extends AnyEntity>(
    entity: E,
    before: RecordOf<E>,
    opts: ChangeOptions & { unchanged?: Partial<RecordOf<E>>; as?: TransactItem } = {},
  ): void {
    const id = entity.id(before);
    const item = opts.as ?? (opts.unchanged ? entity.deleteIfUnchanged(id, opts.unchanged) : entity.deleteIfExists(id));
    this.steps.push({ item, guard: opts.guard, name: 'record' });
    this.derive(entity, before, undefined, opts);
  }

  /** An item the entities do not declare (a uniqueness marker), with what its failed condition means. */
  include(item: TransactItem, guard?: Guard): void {
    this.steps.push({ item, guard });
  }

  /** The request's image source: what this unit's changes of records with images claim and release. */
  useImages(source: ImageRefSource): void {
    this.imageSource = source;
  }

  /**
   * An account-security event (a login lock, its lifting, a password reset): its history
   * entry in the account's timeline, in this transaction. The items it concerns (a lock, a
   * reset code) are kept by counters and conditions, not as entity records, so the event is
   * named here rather than derived from a record's before and after.
   */
  securityEvent(action: SecurityEvent, email: string, before: object | undefined, after: object | undefined): void {
    this.steps.push({
      name: 'history',
      item: historyOf({ who: this.who, action, record: normEmail(email), scope: accountScope(email), security: true, before, after }),
    });
  }

  /** Lists changed by items the entities do not declare (a retiring village's children). */
  listsChange(...kinds: ListKind[]): void {
    for (const k of kinds) this.lists.add(k);
  }

  /** Requires an item to exist (and not to be retiring) without changing it. */
  requireExists(key: Key, guard: Guard): void {
    this.steps.push({ item: txCheck(key, present()), guard, name: 'check' });
  }

  get empty(): boolean {
    return this.steps.length === 0;
  }

  /** How many items the transaction holds so far (besides list versions; with a keyed request's applied marker). */
  get size(): number {
    return this.steps.length + (inKeyedRequest() ? 1 : 0);
  }

  /**
   * What the unit would write, step by step, without writing anything: the seam a unit test
   * holds to check an entity's derived effects (tests/unit/unit-of-work.test.ts).
   */
  plan(): PlannedStep[] {
    const marker = appliedMarker();
    return [
      ...this.steps.map((s) => ({ step: s.name ?? ('marker' as const), ...keyText(s.item) })),
      ...[...this.lists].map((list) => ({ step: 'list-version' as const, op: 'update' as const, key: `LISTVER#${list}`, list })),
      ...(marker ? [{ step: 'applied-marker' as const, ...keyText(marker.item) }] : []),
    ];
  }

  /**
   * Writes the unit in one transaction (nothing when nothing changed); a failed condition
   * throws its guard's error; one that loses every try to concurrent transactions is 409 with
   * `busy` (the write's own text). Inside a request sent with an Idempotency-Key the transaction
   * also holds the key's applied marker (lib/db/applied-once.ts): a retry of a change that
   * committed fails here with AlreadyAppliedError instead of applying it twice.
   */
  async commit(busy?: string): Promise<void> {
    if (this.empty) return;
    const marker = appliedMarker();
    await transactWrite(
      [
        ...this.steps.map((s) => (s.guard ? guarded(s.item, s.guard) : s.item)),
        ...listsChanged(...this.lists),
        ...(marker ? [marker] : []),
      ],
      undefined,
      { busy },
    );
  }

  private derive<R>(entity: AnyEntity, before: R | undefined, after: R | undefined, opts: ChangeOptions): void {
    const declared = entity.changes as ChangeDeclaration<R> | undefined;
    if (!declared) return;
    for (const kind of declared.lists ?? []) this.lists.add(kind);
    if (declared.images) {
      // a failed claim means the image is being deleted (ImageReleasedError)
      if (!this.imageSource) throw new Error('a change of a record that lists images needs the request image source (writeWithImages)');
      const refs = this.imageSource.refWrites(before ? declared.images(before) : [], after ? declared.images(after) : [], REF_ROOM);
      this.steps.push(...guardedRefs(refs).map((r) => ({ ...r, name: 'image-ref' as const })));
    }
    for (const notice of declared.notify?.(before, after) ?? []) this.steps.push({ item: outboxItem(notice, this.at), name: 'outbox' });
    if (opts.bornWithVillage) return;
    const h = declared.history;
    const rec = (after ?? before)!;
    const kind: ChangeKind = !before ? 'created' : !after ? 'deleted' : 'updated';
    if (h)
      this.steps.push({
        name: 'history',
        item: historyOf({
          who: this.who,
          action: opts.action ?? `${h.subject}.${h.actions?.[kind] ?? kind}`,
          record: h.record(rec),
          ...(h.kd_desa ? { kd_desa: h.kd_desa(rec) } : {}),
          ...(h.scope ? { scope: h.scope(rec) } : {}),
          ...(opts.security ? { security: true } : {}),
          before: before && (h.view ? h.view(before) : (before as object)),
          after: after && (h.view ? h.view(after) : (after as object)),
          ...(after && h.snapshot ? { snapshot: h.snapshot(after) } : {}),
        }),
      });
    if (declared.counts || declared.events) {
      const shares = [
        ...(before && declared.counts ? declared.counts(before).map((s) => scaled(s, -1)) : []),
        ...(after && declared.counts ? declared.counts(after) : []),
        ...(declared.events?.(before, after, this.at) ?? []),
      ];
      for (const step of counterItems(shares)) this.steps.push({ ...step, name: 'counter' });
    }
    const link = declared.village;
    if (link && opts.village) this.villageEffect(link, before, after, opts.village, opts.villageMustExist);
    else if (opts.villageMustExist && opts.village === undefined) throw opts.villageMustExist();
  }

  /** What the change moves on its village: code set, tallies, category, and the region's counters. */
  private villageEffect<R>(link: VillageLink<R>, before: R | undefined, after: R | undefined, village: ReadVillage, mustExist?: Guard) {
    const tallies: Counts = link.tally ? sum(before ? { [link.tally(before)]: -1 } : {}, after ? { [link.tally(after)]: 1 } : {}) : {};
    const code = link.codes && (!before ? { add: link.codes.of(after!) } : !after ? { remove: link.codes.of(before) } : undefined);
    const kategori = link.kategori && after ? link.kategori(after) : undefined;
    const recategorised = kategori !== undefined && kategori !== village.kategori;
    if (!Object.keys(tallies).length && !code && !recategorised) {
      if (mustExist) this.requireExists(keys.village(village.kd_desa), mustExist);
      return;
    }
    const t = tallyChange(village, tallies);
    const region = sum(t.region, recategorised ? categoryChange(village.kategori, kategori, this.at) : {});
    this.steps.push({
      name: 'village',
      item: villageItemChange(village, {
        counts: t.village,
        ...(code && link.codes ? { set: link.codes.set, ...code } : {}),
        ...(recategorised ? { kategori } : {}),
      }),
      guard: () => new VillageStaleError(),
    });
    for (const item of regionCounts(village, region)) this.steps.push({ item, name: 'counter' });
  }
}

const scaled = (s: CounterShare, by: number): CounterShare =>
  'accounts' in s ? { accounts: mapCounts(s.accounts, by) } : { ...s, counts: mapCounts(s.counts, by) };
const mapCounts = (c: Counts, by: number): Counts => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v * by]));

/** The counter writes of some shares: one per region (by its key), one for the accounts, one per other item; nothing where nothing moves. */
function counterItems(shares: CounterShare[]): Step[] {
  const regions = new Map<string, { region: Region; counts: Counts }>();
  const others = new Map<string, Extract<CounterShare, { on: Key }>>();
  let accounts: Counts = {};
  for (const s of shares) {
    if ('accounts' in s) accounts = sum(accounts, s.accounts);
    else if ('on' in s) {
      const k = `${s.on.PK}\n${s.on.SK}`;
      const was = others.get(k);
      others.set(k, { ...s, counts: sum(was?.counts ?? {}, s.counts) });
    } else {
      const k = regionKey(s.region).SK;
      const was = regions.get(k);
      regions.set(k, { region: was?.region ?? s.region, counts: sum(was?.counts ?? {}, s.counts) });
    }
  }
  const items = [...[...regions.values()].flatMap((r) => regionCounts(r.region, r.counts)), ...accountCounts(accounts)];
  return [...items.map((item) => ({ item })), ...[...others.values()].flatMap(itemCounts)];
}

/** Counters on an item of their own: ADD the counts (SET its label where absent); nothing when nothing moves. */
function itemCounts(s: Extract<CounterShare, { on: Key }>): Step[] {
  const add = moving(s.counts);
  if (!Object.keys(add).length) return [];
  const set = Object.fromEntries(Object.entries(s.label ?? {}).map(([k, v]) => [k, ifAbsent(v)]));
  return [{ item: txUpdate(s.on, { add, set }, s.mustExist ? present() : undefined), guard: s.mustExist }];
}

/** The item exists and is not being deleted (a village retiring, a round going). */
const present = (): Condition => and(exists(), fieldMissing('deleting'));

/**
 * The village item's change by a child's write: `child_rev` + 1, the child's code added to
 * or removed from its set, the tallies moved, the category (and its place in the filtered
 * lists' index) set; only if the village is still at the `child_rev` read.
 */
function villageItemChange(
  village: ReadVillage,
  change: { counts: Counts; set?: string; add?: string; remove?: string; kategori?: string | null },
): TransactItem {
  const add: Record<string, number | Set<string>> = { child_rev: 1, ...moving(change.counts) };
  if (change.set && change.add) add[change.set] = new Set([change.add]);
  const removed = change.set && change.remove ? { [change.set]: new Set([change.remove]) } : undefined;
  const set: Record<string, unknown> = {};
  if (change.kategori !== undefined) {
    set.GSI3PK = villageFilterKeys(change.kategori ?? undefined, { provinsi: '', kabupaten: '' }, village.kd_desa).GSI3PK;
    if (change.kategori !== null) set.kategori = change.kategori;
  }
  return txUpdate(
    keys.village(village.kd_desa),
    { add, set, ...(change.kategori === null ? { remove: ['kategori'] } : {}), ...(removed ? { delete: removed } : {}) },
    eq('child_rev', village.child_rev),
  );
}

/** How a write reads on an attempt: the first may take eventually consistent (or read-ahead) reads; a retry reads afresh. */
export interface Attempt {
  number: number;
  consistent: boolean;
  /** Why the attempt before lost (a slug taken: the next attempt picks another). */
  lost?: RaceLostError;
}

/**
 * The one retry policy of the writes built on a unit of work: `work` reads what it changes
 * and records the change on the unit; the unit is then committed. When a condition says
 * someone else wrote first (a RaceLostError), it all runs again from fresh reads, up to
 * `attempts` times (then 409 `busy`). A transaction cancelled by concurrent transactions
 * is retried inside transactWrite only (8 tries, then 409): the two never nest.
 */
export function inUnitOfWork<T>(
  who: Who,
  work: (uow: UnitOfWork, attempt: Attempt) => Promise<T>,
  opts: { attempts?: number; busy?: string } = {},
): Promise<T> {
  let number = 0;
  let lost: RaceLostError | undefined;
  // a transaction that lost to concurrent ones was retried by transactWrite already: not again here
  const raceLost = (err: unknown) => {
    if (!(err instanceof RaceLostError)) return false;
    lost = err;
    return true;
  };
  return withRetries(
    async () => {
      number++;
      const uow = new UnitOfWork(who);
      const result = await work(uow, { number, consistent: number > 1, ...(lost ? { lost } : {}) });
      await uow.commit(opts.busy);
      return result;
    },
    raceLost,
    opts.attempts ?? 30,
    opts.busy,
  );
}

/**
 * A new village as it is stored with a first child already counted: the child's code in its
 * set and its tally at 1, as the child's entity declares them (`village`). The child is then
 * created with `bornWithVillage` (a transaction cannot update the item it creates).
 */
export function withChildCounted<V extends object, E extends AnyEntity>(village: V, entity: E, child: RecordOf<E>): V {
  const link = (entity.changes as ChangeDeclaration<RecordOf<E>> | undefined)?.village;
  if (!link) throw new Error(`a ${entity.type} record is not a child its village counts`);
  const out = { ...village } as Record<string, unknown>;
  if (link.codes) out[link.codes.set] = new Set([...((out[link.codes.set] as Set<string> | undefined) ?? []), link.codes.of(child)]);
  if (link.tally) out[link.tally(child)] = Number(out[link.tally(child)] ?? 0) + 1;
  return out as V;
}

/**
 * The item that records a new or removed child of a village that the village does not
 * tally (a tourism description): its `child_rev` + 1, so the cascade delete (lib/db/cascade.ts)
 * can tell a child appeared meanwhile; only if the village exists and is not retiring.
 */
export const villageChildTouched = (kd: string): TransactItem => txUpdate(keys.village(kd), { add: { child_rev: 1 } }, present());
