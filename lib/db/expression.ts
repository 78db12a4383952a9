import type { DeleteCommandInput, PutCommandInput, QueryCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from './client';
import type { Key, TransactItem } from './entity';

/**
 * DynamoDB expressions built from typed descriptions: a condition is a value (`eq`, `and`,
 * `notExists`, …), an update a map of fields (`{ set, add, remove }`), a query its key and
 * filter. Compiling one write or query allocates its placeholders once, for all its parts:
 * every attribute name aliased (`#n0`, so reserved words such as `value` or `status` are
 * safe; one alias per attribute), every value its own `:v0`, so the update, the condition
 * and the projection never collide. Outside this module (and the entity and unit-of-work
 * modules that are built on it), no `:placeholder` is written by hand.
 */

type Attributes = Record<string, unknown>;
/** An attribute of record `R` (any attribute name for an untyped item). */
type Field<R> = keyof R & string;

/** The placeholders of one expression input: names by attribute, values in order of use. */
class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly aliases = new Map<string, string>();
  private count = 0;

  name(field: string): string {
    let alias = this.aliases.get(field);
    if (!alias) {
      alias = `#n${this.aliases.size}`;
      this.aliases.set(field, alias);
      this.names[alias] = field;
    }
    return alias;
  }

  value(v: unknown): string {
    // the document client drops undefined values (removeUndefinedValues): a placeholder left without one is a ValidationException
    if (v === undefined) throw new Error('an expression value is undefined (remove a field with `remove`, test it with `fieldMissing`)');
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = v;
    return placeholder;
  }

  /** The names and values, each only when any (DynamoDB refuses empty maps). */
  parts(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ...(this.aliases.size ? { ExpressionAttributeNames: this.names } : {}),
      ...(this.count ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

// ---------------------------------------------------------------- conditions

/** A condition (of a write, a key condition or a filter), compiled with the placeholders of its input. */
export interface Condition {
  readonly build: (p: Placeholders) => string;
  /** Combines other conditions (AND / OR): parenthesised inside another. */
  readonly compound?: boolean;
}

const condition = (build: (p: Placeholders) => string, compound = false): Condition => ({ build, compound });
const operand = (c: Condition, p: Placeholders) => (c.compound ? `(${c.build(p)})` : c.build(p));

/**
 * The item exists (or not): a test of the table's partition key, which every item has. It
 * needs no alias (`PK` is no reserved word).
 */
export const exists = (): Condition => condition(() => 'attribute_exists(PK)');
export const notExists = (): Condition => condition(() => 'attribute_not_exists(PK)');

/** The item has (or lacks) this attribute. */
export const fieldExists = <R extends object = Attributes>(field: Field<R>): Condition =>
  condition((p) => `attribute_exists(${p.name(field)})`);
export const fieldMissing = <R extends object = Attributes>(field: Field<R>): Condition =>
  condition((p) => `attribute_not_exists(${p.name(field)})`);

const compare =
  (op: string) =>
  <R extends object = Attributes, K extends Field<R> = Field<R>>(field: K, value: R[K]): Condition =>
    condition((p) => `${p.name(field)} ${op} ${p.value(value)}`);
/** The attribute equals `value` (false when it is absent). */
export const eq = compare('=');
/** The attribute is absent or differs from `value`. */
export const ne = compare('<>');
export const lt = compare('<');
export const lte = compare('<=');
export const gt = compare('>');
export const gte = compare('>=');

/** `low` ≤ the attribute ≤ `high`. */
export const between = <R extends object = Attributes, K extends Field<R> = Field<R>>(field: K, low: R[K], high: R[K]): Condition =>
  condition((p) => `${p.name(field)} BETWEEN ${p.value(low)} AND ${p.value(high)}`);
/** The (string) attribute starts with `prefix`. */
export const beginsWith = <R extends object = Attributes>(field: Field<R>, prefix: string): Condition =>
  condition((p) => `begins_with(${p.name(field)}, ${p.value(prefix)})`);
/** The attribute (a list, set or string) contains `value`. */
export const contains = <R extends object = Attributes>(field: Field<R>, value: unknown): Condition =>
  condition((p) => `contains(${p.name(field)}, ${p.value(value)})`);

const combine = (op: 'AND' | 'OR', parts: readonly (Condition | undefined | false)[]): Condition => {
  const present = parts.filter((c): c is Condition => !!c);
  // an empty condition would make a guarded write unconditional: refuse it
  if (!present.length) throw new Error(`${op} of no condition`);
  if (present.length === 1) return present[0]!;
  return condition((p) => present.map((c) => operand(c, p)).join(` ${op} `), true);
};
/** Every condition holds (undefined and false entries are left out; at least one must remain). */
export const and = (...conditions: (Condition | undefined | false)[]): Condition => combine('AND', conditions);
/** One of the conditions holds (undefined and false entries are left out; at least one must remain). */
export const or = (...conditions: (Condition | undefined | false)[]): Condition => combine('OR', conditions);
export const not = (c: Condition): Condition => condition((p) => `NOT ${operand(c, p)}`);

// ---------------------------------------------------------------- updates

/** A value SET from the attribute itself: `ifAbsent`, `plus`. */
export class Computed<T = unknown> {
  declare private readonly type?: T;
  constructor(readonly build: (p: Placeholders, field: string) => string) {}
}

/** The attribute's current value, or `value` when it has none (`if_not_exists`). */
export const ifAbsent = <T>(value: T): Computed<T> => new Computed((p, field) => `if_not_exists(${p.name(field)}, ${p.value(value)})`);

/** The sum of two numbers (either may be `ifAbsent(…)`): `SET n = if_not_exists(n, 1) + 1` is `{ n: plus(ifAbsent(1), 1) }`. */
export const plus = (a: number | Computed<number>, b: number | Computed<number>): Computed<number> =>
  new Computed((p, field) => [a, b].map((x) => (x instanceof Computed ? x.build(p, field) : p.value(x))).join(' + '));

/**
 * An update as fields: `set` values (or computed ones), numbers (or set members) to `add`,
 * attributes to `remove`. Typed by the record when one is given (`txUpdate<UserRecord>(…)`).
 */
export interface Update<R extends object = Attributes> {
  set?: { [K in Field<R>]?: R[K] | Computed<R[K]> };
  add?: { [K in Field<R>]?: number | Set<string> | Set<number> };
  remove?: readonly Field<R>[];
  /** Members taken out of a set attribute. */
  delete?: { [K in Field<R>]?: Set<string> | Set<number> };
}

function buildUpdate(u: { set?: object; add?: object; remove?: readonly string[]; delete?: object }, p: Placeholders): string {
  const set = Object.entries(u.set ?? {}).map(([f, v]) => `${p.name(f)} = ${v instanceof Computed ? v.build(p, f) : p.value(v)}`);
  const add = Object.entries(u.add ?? {}).map(([f, v]) => `${p.name(f)} ${p.value(v)}`);
  const remove = (u.remove ?? []).map((f) => p.name(f));
  const del = Object.entries(u.delete ?? {}).map(([f, v]) => `${p.name(f)} ${p.value(v)}`);
  const clauses = [
    set.length ? `SET ${set.join(', ')}` : '',
    add.length ? `ADD ${add.join(', ')}` : '',
    remove.length ? `REMOVE ${remove.join(', ')}` : '',
    del.length ? `DELETE ${del.join(', ')}` : '',
  ].filter(Boolean);
  if (!clauses.length) throw new Error('an update that changes nothing');
  return clauses.join(' ');
}

// ---------------------------------------------------------------- writes

type Without<T> = Omit<T, 'TableName'>;

/** The input of an UpdateItem (for helpers.updateItem; add `ReturnValues` as needed). */
export function updateInput<R extends object = Attributes>(
  key: Key,
  update: NoInfer<Update<R>>,
  condition?: Condition,
): Without<UpdateCommandInput> & { Key: Key; UpdateExpression: string } {
  const p = new Placeholders();
  const UpdateExpression = buildUpdate(update, p);
  const ConditionExpression = condition?.build(p);
  return { Key: key, UpdateExpression, ...(ConditionExpression ? { ConditionExpression } : {}), ...p.parts() };
}

/** The input of a PutItem (for helpers.putItem), conditioned when a condition is given. */
export function putInput(item: Attributes, condition?: Condition): Without<PutCommandInput> & { Item: Attributes } {
  const p = new Placeholders();
  return { Item: item, ...(condition ? { ConditionExpression: condition.build(p) } : {}), ...p.parts() };
}

/** The input of a DeleteItem (for helpers.deleteItem), conditioned when a condition is given. */
export function deleteInput(key: Key, condition?: Condition): Without<DeleteCommandInput> & { Key: Key } {
  const p = new Placeholders();
  return { Key: key, ...(condition ? { ConditionExpression: condition.build(p) } : {}), ...p.parts() };
}

/** The transaction item that updates the item at `key` (only if `condition` holds, when given). */
export const txUpdate = <R extends object = Attributes>(key: Key, update: NoInfer<Update<R>>, condition?: Condition): TransactItem => ({
  Update: { TableName: tableName(), ...updateInput<R>(key, update, condition) },
});

/** The transaction item that stores `item` whole (only if `condition` holds, when given). */
export const txPut = (item: Attributes, condition?: Condition): TransactItem => ({
  Put: { TableName: tableName(), ...putInput(item, condition) },
});

/** The transaction item that deletes the item at `key` (only if `condition` holds, when given). */
export const txDelete = (key: Key, condition?: Condition): TransactItem => ({
  Delete: { TableName: tableName(), ...deleteInput(key, condition) },
});

/** The transaction item that requires `condition` of the item at `key` without changing it. */
export function txCheck(key: Key, condition: Condition): TransactItem {
  const p = new Placeholders();
  return { ConditionCheck: { TableName: tableName(), Key: key, ConditionExpression: condition.build(p), ...p.parts() } };
}

// ---------------------------------------------------------------- queries

export interface KeyQuery {
  /** The index queried (the table when absent). */
  index?: string;
  /** The partition: its key attribute and value. */
  pk: readonly [string, string];
  /** A condition on the sort key attribute (`between`, `beginsWith`, `gte`, …). */
  sk?: Condition;
  /** Applied to the items read (they still count towards `Limit` and the read capacity). */
  filter?: Condition;
  /** Only these attributes are read. */
  fields?: readonly string[];
}

/** The input of a Query (for helpers.queryPage / queryAll; add `Limit`, `ScanIndexForward`, `ConsistentRead`, a start key as needed). */
export function keyQuery(q: KeyQuery): Omit<QueryCommandInput, 'TableName'> & { KeyConditionExpression: string } {
  const p = new Placeholders();
  const partition = `${p.name(q.pk[0])} = ${p.value(q.pk[1])}`;
  const KeyConditionExpression = q.sk ? `${partition} AND ${q.sk.build(p)}` : partition;
  const FilterExpression = q.filter?.build(p);
  const ProjectionExpression = q.fields?.map((f) => p.name(f)).join(', ');
  return {
    ...(q.index ? { IndexName: q.index } : {}),
    KeyConditionExpression,
    ...(FilterExpression ? { FilterExpression } : {}),
    ...(ProjectionExpression ? { ProjectionExpression } : {}),
    ...p.parts(),
  };
}
