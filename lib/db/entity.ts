import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { config } from '../platform/config';
import { and, eq, exists, fieldMissing, keyQuery, notExists, txDelete, txPut, txUpdate, type Condition } from './expression';
import { batchGetItems, getItem, queryAll } from './helpers';
import { fitsKey, GSI1 } from './keys';
import { takeReadAhead } from './read-ahead';
import type { ChangeDeclaration } from './unit-of-work';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type Key = { PK: string; SK: string };

/** Attributes the table adds to a record: keys, index keys and the kind marker. */
const TABLE_ATTRIBUTES = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'type']);

/**
 * A stored item as its record: the table's attributes dropped, and — where the stage
 * validates reads (tests, local; config `validateReads`) — parsed with the record's
 * schema, so every shape any write path leaves is checked by the whole test suite.
 * Deployed stages skip the parse: every write builds its item from a typed record or a
 * checked update, and the parse would cost CPU on every list read.
 */
export function parseRecord<S extends z.ZodType>(schema: S, item: Record<string, unknown>): z.infer<S> {
  const record: Record<string, unknown> = {};
  for (const k in item) if (!TABLE_ATTRIBUTES.has(k)) record[k] = item[k];
  if (!config().validateReads) return record as z.infer<S>;
  const parsed = schema.safeParse(record);
  if (!parsed.success)
    throw new Error(`stored item does not match its schema: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return record as z.infer<S>;
}

/**
 * Everything the table needs to know about one kind of item, declared once: its record
 * (a zod object, from which the TypeScript type is inferred), how a record's keys and
 * index keys are built (from lib/db/keys.ts, the key schema), its `type` marker, which
 * fields the public sees (the public zod schema is the OpenAPI component), and the GSI1
 * partition that lists every item of the kind.
 */
export interface EntityDefinition<S extends z.ZodObject, P extends keyof z.infer<S> & string> {
  /** The item's `type` attribute. */
  type: string;
  schema: S;
  /** The record's own key, from its id. */
  key: (id: string) => Key;
  id: (record: z.infer<S>) => string;
  /** Index keys of a stored record (GSI1 list position, GSI2 …). */
  indexes?: (record: z.infer<S>) => Record<string, string>;
  /** The GSI1 partition that lists every item of this kind. */
  list?: string;
  /** Checks every item written whole or changed (e.g. that it fits DynamoDB's 400 KB: lib/db/item-size.ts); throws when it does not. */
  fits?: (item: Record<string, unknown>) => Record<string, unknown>;
  /** A stored record that reads as absent by key (a village whose deletion is under way: lib/db/cascade.ts). */
  hidden?: (record: z.infer<S>) => boolean;
  /** What a change of one of its records brings with it: history, list versions, the village's counts (lib/db/unit-of-work.ts). */
  changes?: ChangeDeclaration<z.infer<S>>;
  /** The fields responses show, in order. */
  public: readonly P[];
  /** OpenAPI component id and description of the public view. */
  publicMeta: { id: string; description?: string };
}

export interface Entity<S extends z.ZodObject, P extends keyof z.infer<S> & string> extends EntityDefinition<S, P> {
  /** The public view's schema (an OpenAPI component). */
  publicSchema: z.ZodObject;
  toItem(record: z.infer<S>): Record<string, unknown>;
  fromItem(item: Record<string, unknown>): z.infer<S>;
  publicView(record: z.infer<S>): Pick<z.infer<S>, P>;
  get(id: string, consistent?: boolean): Promise<z.infer<S> | undefined>;
  /** Every item of the kind (GSI1), oldest first; with `fields`, only those are read. */
  listAll(): Promise<z.infer<S>[]>;
  listAll<K extends keyof z.infer<S> & string>(fields: readonly K[]): Promise<Pick<z.infer<S>, K>[]>;
  /** Several items by id: one BatchGetItem round trip per 100 ids. */
  getMany(ids: string[]): Promise<Map<string, z.infer<S>>>;
  /** The transaction item that stores a new record (refused if the key is taken). */
  putNew(record: z.infer<S>, check?: (item: Record<string, unknown>) => Record<string, unknown>): TransactItem;
  /**
   * The transaction item that turns `before` into `after`: every changed field SET (or
   * REMOVEd), the index keys recomputed from `indexes`, if the item still holds `before`'s
   * values in those fields. Built from the records: no expression is written by hand.
   */
  replaceIfUnchanged(before: z.infer<S>, after: z.infer<S>): TransactItem;
  /** The transaction item that deletes the item if it exists. */
  deleteIfExists(id: string): TransactItem;
  /** The transaction item that deletes the item if it still holds these values. */
  deleteIfUnchanged(id: string, values: Partial<z.infer<S>>): TransactItem;
}

export function defineEntity<S extends z.ZodObject, P extends keyof z.infer<S> & string>(def: EntityDefinition<S, P>): Entity<S, P> {
  type R = z.infer<S>;
  const mask = Object.fromEntries(def.public.map((f) => [f, true])) as Record<string, true>;
  const publicSchema = (def.schema as z.ZodObject).pick(mask).meta(def.publicMeta);
  const toItem = (record: R) => ({ ...def.key(def.id(record)), ...def.indexes?.(record), type: def.type, ...record });
  const fromItem = (item: Record<string, unknown>): R => parseRecord(def.schema, item);
  const visible = (item: Record<string, unknown> | undefined): R | undefined => {
    if (!item) return undefined;
    const record = fromItem(item);
    return def.hidden?.(record) ? undefined : record;
  };
  const listAll = (fields?: readonly string[]) => {
    if (!def.list) throw new Error(`${def.type} items have no list`);
    return queryAll<R>(keyQuery({ index: GSI1, pk: ['GSI1PK', def.list], fields })).then((items) =>
      fields ? items : items.map((i) => fromItem(i as Record<string, unknown>)),
    );
  };
  return {
    ...def,
    publicSchema,
    toItem,
    fromItem,
    publicView: (record) => {
      const out: Record<string, unknown> = {};
      for (const f of def.public) out[f] = record[f];
      return out as Pick<R, P>;
    },
    async get(id, consistent = false) {
      if (!fitsKey(id)) return undefined;
      // Read ahead with the caller's user item (strongly consistent), for this request only.
      const ahead = takeReadAhead(def.key(id));
      if (ahead !== undefined) return visible(ahead ?? undefined);
      return visible(await getItem(def.key(id), { consistent }));
    },
    async getMany(ids) {
      const found = new Map<string, R>();
      const unique = [...new Set(ids)].filter((id) => fitsKey(id));
      for (const item of await batchGetItems(unique.map((id) => def.key(id)))) {
        const record = visible(item);
        if (record) found.set(def.id(record), record);
      }
      return found;
    },
    listAll: listAll as Entity<S, P>['listAll'],
    putNew: (record, check = def.fits ?? ((item) => item)) => txPut(check(toItem(record)), notExists()),
    replaceIfUnchanged(before, after) {
      def.fits?.(toItem(after));
      const was = { ...def.indexes?.(before), ...before } as Record<string, unknown>;
      const is = { ...def.indexes?.(after), ...after } as Record<string, unknown>;
      const set: Record<string, unknown> = {};
      const remove: string[] = [];
      const same: Condition[] = [];
      for (const k of new Set([...Object.keys(was), ...Object.keys(is)])) {
        if (sameValue(was[k], is[k])) continue;
        if (is[k] === undefined) remove.push(k);
        else set[k] = is[k];
        same.push(was[k] === undefined ? fieldMissing(k) : eq(k, was[k]));
      }
      return txUpdate(def.key(def.id(before)), { set, remove }, and(exists(), ...same));
    },
    deleteIfExists: (id) => txDelete(def.key(id), exists()),
    deleteIfUnchanged: (id, values) => txDelete(def.key(id), and(...Object.entries(values).map(([k, v]) => eq(k, v)))),
  };
}

/** Equal as stored (a set compares by its members, in any order). */
const sameValue = (a: unknown, b: unknown) => {
  const plain = (v: unknown) => (v instanceof Set ? [...v].map(String).sort() : v);
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
};

/** A timestamp field (ISO 8601, UTC) as the OpenAPI document describes it. */
export const timestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601 time (UTC)' });
/** An image URL field. */
export const imageUrl = z.string().meta({ format: 'uri', description: 'Public URL of an image in the object store' });
