import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  and,
  beginsWith,
  between,
  contains,
  eq,
  exists,
  fieldExists,
  fieldMissing,
  gt,
  gte,
  ifAbsent,
  keyQuery,
  lt,
  lte,
  ne,
  not,
  notExists,
  or,
  plus,
  putInput,
  deleteInput,
  txCheck,
  txDelete,
  txPut,
  txUpdate,
  updateInput,
  type Condition,
} from '../../lib/db/expression';

const key = { PK: 'DESA#DESA-1', SK: 'DESA' };

/**
 * Every placeholder the expressions use is defined, every one defined is used (DynamoDB
 * refuses both), and no value placeholder appears twice.
 */
function expectConsistent(input: {
  UpdateExpression?: string;
  ConditionExpression?: string;
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}) {
  const text = [
    input.UpdateExpression,
    input.ConditionExpression,
    input.KeyConditionExpression,
    input.FilterExpression,
    input.ProjectionExpression,
  ].join(' ');
  const names = text.match(/#n\d+/g) ?? [];
  const values = text.match(/:v\d+/g) ?? [];
  expect(new Set(names)).toEqual(new Set(Object.keys(input.ExpressionAttributeNames ?? {})));
  expect(values.sort()).toEqual(Object.keys(input.ExpressionAttributeValues ?? {}).sort());
  // one alias per attribute
  const attributes = Object.values(input.ExpressionAttributeNames ?? {});
  expect(new Set(attributes).size).toBe(attributes.length);
  // the maps are absent rather than empty
  if (input.ExpressionAttributeNames) expect(Object.keys(input.ExpressionAttributeNames).length).toBeGreaterThan(0);
  if (input.ExpressionAttributeValues) expect(Object.keys(input.ExpressionAttributeValues).length).toBeGreaterThan(0);
}

describe('conditions', () => {
  const compiled = (c: Condition) => txCheck(key, c).ConditionCheck!;

  it('tests the item by its partition key, needing no placeholder', () => {
    expect(compiled(exists())).toEqual({ TableName: 'unit-no-table', Key: key, ConditionExpression: 'attribute_exists(PK)' });
    expect(compiled(notExists()).ConditionExpression).toBe('attribute_not_exists(PK)');
  });

  it('aliases every attribute and gives every value its own placeholder', () => {
    expect(compiled(eq('status', 'aktif'))).toMatchObject({
      ConditionExpression: '#n0 = :v0',
      ExpressionAttributeNames: { '#n0': 'status' },
      ExpressionAttributeValues: { ':v0': 'aktif' },
    });
    const ops: [(f: string, v: number) => Condition, string][] = [
      [ne, '<>'],
      [lt, '<'],
      [lte, '<='],
      [gt, '>'],
      [gte, '>='],
    ];
    for (const [op, text] of ops) expect(compiled(op('value', 3)).ConditionExpression).toBe(`#n0 ${text} :v0`);
    expect(compiled(fieldExists('deleting')).ConditionExpression).toBe('attribute_exists(#n0)');
    expect(compiled(fieldMissing('deleting')).ConditionExpression).toBe('attribute_not_exists(#n0)');
    expect(compiled(beginsWith('SK', 'a#')).ConditionExpression).toBe('begins_with(#n0, :v0)');
    expect(compiled(contains('jenis_desa_list', 'Alam')).ConditionExpression).toBe('contains(#n0, :v0)');
    expect(compiled(between('SK', 'a', 'b'))).toMatchObject({
      ConditionExpression: '#n0 BETWEEN :v0 AND :v1',
      ExpressionAttributeValues: { ':v0': 'a', ':v1': 'b' },
    });
  });

  it('combines conditions, parenthesising a combination inside another; one alias per attribute', () => {
    const c = compiled(and(exists(), or(fieldMissing('locked_until'), lte('locked_until', 5)), not(beginsWith('scope', 'USER#'))));
    expect(c.ConditionExpression).toBe('attribute_exists(PK) AND (attribute_not_exists(#n0) OR #n0 <= :v0) AND NOT begins_with(#n1, :v1)');
    expect(c.ExpressionAttributeNames).toEqual({ '#n0': 'locked_until', '#n1': 'scope' });
    expect(compiled(not(or(exists(), eq('a', 1)))).ConditionExpression).toBe('NOT (attribute_exists(PK) OR #n0 = :v0)');
  });

  it('leaves out undefined and false parts; refuses a combination of nothing (it would make a write unconditional)', () => {
    expect(compiled(and(eq('code_hash', 'h'), undefined, false)).ConditionExpression).toBe('#n0 = :v0');
    expect(() => and()).toThrow('AND of no condition');
    expect(() => or(undefined, false)).toThrow('OR of no condition');
  });

  it('refuses an undefined value (the document client would drop it and leave the placeholder dangling)', () => {
    expect(() => compiled(eq('a', undefined))).toThrow('undefined');
  });
});

describe('updates', () => {
  it('compiles SET, ADD and REMOVE with the condition, placeholders shared without collisions', () => {
    const u = updateInput(
      key,
      {
        set: { deleting: '2026-01-01T00:00:00.000Z', name: 'x' },
        add: { child_rev: 1, codes: new Set(['A']) },
        remove: ['GSI1PK', 'name2'],
      },
      and(eq('child_rev', 4), fieldMissing('deleting')),
    );
    expect(u).toEqual({
      Key: key,
      UpdateExpression: 'SET #n0 = :v0, #n1 = :v1 ADD #n2 :v2, #n3 :v3 REMOVE #n4, #n5',
      ConditionExpression: '#n2 = :v4 AND attribute_not_exists(#n0)',
      ExpressionAttributeNames: { '#n0': 'deleting', '#n1': 'name', '#n2': 'child_rev', '#n3': 'codes', '#n4': 'GSI1PK', '#n5': 'name2' },
      ExpressionAttributeValues: { ':v0': '2026-01-01T00:00:00.000Z', ':v1': 'x', ':v2': 1, ':v3': new Set(['A']), ':v4': 4 },
    });
    expectConsistent(u);
  });

  it('computes values from the attribute itself: ifAbsent, plus', () => {
    expect(updateInput(key, { set: { n: plus(ifAbsent(1), 1) } })).toEqual({
      Key: key,
      UpdateExpression: 'SET #n0 = if_not_exists(#n0, :v0) + :v1',
      ExpressionAttributeNames: { '#n0': 'n' },
      ExpressionAttributeValues: { ':v0': 1, ':v1': 1 },
    });
    expect(updateInput(key, { set: { deleting: ifAbsent(5) } }).UpdateExpression).toBe('SET #n0 = if_not_exists(#n0, :v0)');
  });

  it('writes no condition when none is given, and no value map when no value is used', () => {
    const u = updateInput(key, { remove: ['kategori'] });
    expect(u).toEqual({ Key: key, UpdateExpression: 'REMOVE #n0', ExpressionAttributeNames: { '#n0': 'kategori' } });
  });

  it('refuses an update that changes nothing, and a SET of undefined', () => {
    expect(() => updateInput(key, {})).toThrow('changes nothing');
    expect(() => updateInput(key, { set: {}, add: {}, remove: [] })).toThrow('changes nothing');
    expect(() => updateInput(key, { set: { a: undefined } })).toThrow('undefined');
  });

  it('is typed by the record when one is named', () => {
    type Throttle = { failures: number; locked_until?: number };
    updateInput<Throttle>(key, { set: { failures: 0 }, remove: ['locked_until'] });
    // @ts-expect-error: no such field
    updateInput<Throttle>(key, { set: { failure: 0 } });
    // @ts-expect-error: a number field
    updateInput<Throttle>(key, { set: { failures: 'x' } });
    // @ts-expect-error: no such field
    fieldMissing<Throttle>('locked');
    expect(eq<Throttle, 'failures'>('failures', 1)).toBeDefined();
  });

  it('never collides, whatever the mix of set, add, remove and condition', () => {
    const field = fc.constantFrom('a', 'b', 'c', 'value', 'status', 'name', 'GSI1PK');
    fc.assert(
      fc.property(
        fc.dictionary(field, fc.oneof(fc.integer(), fc.string())),
        fc.dictionary(field, fc.integer()),
        fc.uniqueArray(field),
        fc.array(fc.tuple(field, fc.integer()), { minLength: 1, maxLength: 4 }),
        (set, add, remove, tests) => {
          fc.pre(Object.keys(set).length + Object.keys(add).length + remove.length > 0);
          const u = updateInput(key, { set, add, remove }, or(notExists(), and(...tests.map(([f, v]) => eq(f, v)))));
          expectConsistent(u);
          const values = Object.values(u.ExpressionAttributeValues ?? {});
          expect(values.length).toBe(Object.keys(set).length + Object.keys(add).length + tests.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('transaction items and command inputs', () => {
  it('carries the table name and the compiled parts', () => {
    expect(txUpdate(key, { add: { v: 1 } })).toEqual({
      Update: {
        TableName: 'unit-no-table',
        Key: key,
        UpdateExpression: 'ADD #n0 :v0',
        ExpressionAttributeNames: { '#n0': 'v' },
        ExpressionAttributeValues: { ':v0': 1 },
      },
    });
    expect(txPut({ ...key, x: 1 }, notExists())).toEqual({
      Put: { TableName: 'unit-no-table', Item: { ...key, x: 1 }, ConditionExpression: 'attribute_not_exists(PK)' },
    });
    expect(txPut({ ...key, x: 1 })).toEqual({ Put: { TableName: 'unit-no-table', Item: { ...key, x: 1 } } });
    expect(txDelete(key, or(notExists(), eq('kd_desa', 'DESA-1')))).toEqual({
      Delete: {
        TableName: 'unit-no-table',
        Key: key,
        ConditionExpression: 'attribute_not_exists(PK) OR #n0 = :v0',
        ExpressionAttributeNames: { '#n0': 'kd_desa' },
        ExpressionAttributeValues: { ':v0': 'DESA-1' },
      },
    });
    expect(txDelete(key)).toEqual({ Delete: { TableName: 'unit-no-table', Key: key } });
  });

  it('gives plain commands the same parts, without the table name (helpers add it)', () => {
    expect(putInput({ ...key }, lte('issued_at', 9))).toEqual({
      Item: key,
      ConditionExpression: '#n0 <= :v0',
      ExpressionAttributeNames: { '#n0': 'issued_at' },
      ExpressionAttributeValues: { ':v0': 9 },
    });
    expect(deleteInput(key)).toEqual({ Key: key });
    expect(updateInput(key, { add: { value: 1 } })).not.toHaveProperty('TableName');
  });
});

describe('keyQuery', () => {
  it('compiles the partition, an index, a sort-key condition, a filter and a projection with one set of placeholders', () => {
    const q = keyQuery({
      index: 'GSI1',
      pk: ['GSI1PK', 'HIST'],
      sk: between('GSI1SK', '2026-01-01', '2026-02-01~'),
      filter: and(eq('action', 'score.updated'), not(beginsWith('scope', 'USER#'))),
      fields: ['action', 'at', 'GSI1PK'],
    });
    expect(q).toEqual({
      IndexName: 'GSI1',
      KeyConditionExpression: '#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2',
      FilterExpression: '#n2 = :v3 AND NOT begins_with(#n3, :v4)',
      ProjectionExpression: '#n2, #n4, #n0',
      ExpressionAttributeNames: { '#n0': 'GSI1PK', '#n1': 'GSI1SK', '#n2': 'action', '#n3': 'scope', '#n4': 'at' },
      ExpressionAttributeValues: { ':v0': 'HIST', ':v1': '2026-01-01', ':v2': '2026-02-01~', ':v3': 'score.updated', ':v4': 'USER#' },
    });
    expectConsistent(q);
  });

  it('queries the table by its partition alone when nothing else is given', () => {
    expect(keyQuery({ pk: ['PK', 'CASCADE#PENDING'] })).toEqual({
      KeyConditionExpression: '#n0 = :v0',
      ExpressionAttributeNames: { '#n0': 'PK' },
      ExpressionAttributeValues: { ':v0': 'CASCADE#PENDING' },
    });
  });
});

describe('a set member taken out (DELETE)', () => {
  it('compiles beside ADD and SET with its own placeholders', () => {
    expect(
      updateInput(
        { PK: 'DESA#1', SK: 'DESA' },
        { add: { child_rev: 1 }, set: { kategori: 'Maju' }, delete: { status_codes: new Set(['STAT-1']) } },
      ),
    ).toEqual({
      Key: { PK: 'DESA#1', SK: 'DESA' },
      UpdateExpression: 'SET #n0 = :v0 ADD #n1 :v1 DELETE #n2 :v2',
      ExpressionAttributeNames: { '#n0': 'kategori', '#n1': 'child_rev', '#n2': 'status_codes' },
      ExpressionAttributeValues: { ':v0': 'Maju', ':v1': 1, ':v2': new Set(['STAT-1']) },
    });
  });
});
