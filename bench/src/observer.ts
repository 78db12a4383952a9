/**
 * The DynamoDB side of a measurement: the middleware the bench's build adds to lib/'s
 * DynamoDB client (bench/src/observed-dynamodb.ts) reports every command a bundled handler sends (name, marshalled low-level input,
 * start/end); `replay` sends the same commands with a plain DynamoDBClient, with the
 * handler's parallel grouping: that is the floor a route cannot go under.
 */
import * as ddb from '@aws-sdk/client-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { OBSERVER_SLOT } from './observed-dynamodb';

export interface DbCall {
  /** Low-level operation name: GetItem, Query, TransactWriteItems, … */
  op: string;
  input: Record<string, unknown>;
  start: number;
  end: number;
  failed: boolean;
}

type Observer = (call: { command: string; input: unknown; start: number; end: number; error?: unknown }) => void;

/** The document client's command names → the low-level operations they send. */
const DOC_OPS: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
  Query: 'Query',
  Scan: 'Scan',
  ExecuteStatement: 'ExecuteStatement',
};

export function opName(command: string): string {
  const base = command.replace(/Command$/, '');
  return DOC_OPS[base] ?? base;
}

let sink: DbCall[] | null = null;

/** Installs the observer (before any bundle's first db() call); calls outside `observe` are ignored. */
export function installObserver(): void {
  const observer: Observer = (c) => {
    sink?.push({
      op: opName(c.command),
      input: c.input as Record<string, unknown>,
      start: c.start,
      end: c.end,
      failed: c.error !== undefined,
    });
  };
  (globalThis as Record<symbol, Observer>)[OBSERVER_SLOT] = observer;
}

/** Runs `fn`, returning its result, its duration and the DynamoDB commands it sent. */
export async function observe<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; calls: DbCall[] }> {
  if (sink) throw new Error('observe() runs one invocation at a time');
  const calls: DbCall[] = [];
  sink = calls;
  const start = performance.now();
  try {
    const result = await fn();
    return { result, ms: performance.now() - start, calls };
  } finally {
    sink = null;
  }
}

/** Commands that overlapped in the handler (a start before the previous one's end) form one parallel group. */
export function groups(calls: DbCall[]): DbCall[][] {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const out: DbCall[][] = [];
  let prev: DbCall | undefined;
  for (const c of sorted) {
    if (prev && c.start < prev.end) out[out.length - 1]!.push(c);
    else out.push([c]);
    prev = c;
  }
  return out;
}

/** Union of the commands' [start, end] intervals: the time the handler spent waiting on DynamoDB. */
export function dbSpan(calls: DbCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = -Infinity;
  let curEnd = -Infinity;
  for (const c of sorted) {
    if (c.start > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = c.start;
      curEnd = c.end;
    } else curEnd = Math.max(curEnd, c.end);
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}

/** "GetItem×2 → TransactWriteItems": the sequence of parallel groups. */
export function shape(calls: DbCall[]): string {
  return groups(calls)
    .map((g) => {
      const counts = new Map<string, number>();
      for (const c of g) counts.set(c.op, (counts.get(c.op) ?? 0) + 1);
      return [...counts].map(([op, n]) => (n > 1 ? `${op}×${n}` : op)).join(' ∥ ');
    })
    .join(' → ');
}

export interface ReplayResult {
  ms: number;
  /** Items DynamoDB read: GetItem hits, Query/Scan ScannedCount, BatchGetItem responses. */
  itemsRead: number;
  /** Conditional writes whose replay failed its condition (counted in the floor all the same). */
  failed: number;
  /** Read capacity consumed, when asked for (ReturnConsumedCapacity TOTAL). */
  rcu: number;
}

function itemsOf(op: string, out: Record<string, any>): number {
  switch (op) {
    case 'GetItem':
      return out.Item ? 1 : 0;
    case 'Query':
    case 'Scan':
      return Number(out.ScannedCount ?? out.Count ?? 0);
    case 'BatchGetItem':
      return Object.values((out.Responses ?? {}) as Record<string, unknown[]>).reduce((n, r) => n + r.length, 0);
    case 'TransactGetItems':
      return ((out.Responses ?? []) as Array<{ Item?: unknown }>).filter((r) => r.Item).length;
    default:
      return 0;
  }
}

function rcuOf(out: Record<string, any>): number {
  const cc = out.ConsumedCapacity;
  const list: Array<{ ReadCapacityUnits?: number; CapacityUnits?: number }> = Array.isArray(cc) ? cc : cc ? [cc] : [];
  return list.reduce((n, c) => n + Number(c.ReadCapacityUnits ?? c.CapacityUnits ?? 0), 0);
}

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

export class Floor {
  readonly client: DynamoDBClient;

  constructor(endpoint: string, region: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
    this.client = new DynamoDBClient({ endpoint, region, credentials });
  }

  private command(op: string) {
    const Ctor = (ddb as unknown as Record<string, new (i: unknown) => ddb.GetItemCommand>)[`${op}Command`];
    if (!Ctor) throw new Error(`no low-level command for ${op}`);
    return Ctor;
  }

  /**
   * Sends the observed commands again, group by group (a group's commands in parallel).
   * With `capacity`, read commands ask for ReturnConsumedCapacity (not for timing).
   */
  async replay(calls: DbCall[], capacity = false): Promise<ReplayResult> {
    const plan = groups(calls).map((g) =>
      g.map((c) => {
        const Ctor = this.command(c.op);
        const input = capacity && READS.has(c.op) ? { ...c.input, ReturnConsumedCapacity: 'TOTAL' } : c.input;
        return { op: c.op, build: () => new Ctor(input) };
      }),
    );
    let itemsRead = 0;
    let failed = 0;
    let rcu = 0;
    const start = performance.now();
    for (const group of plan) {
      await Promise.all(
        group.map(async (c) => {
          try {
            const out = (await this.client.send(c.build())) as Record<string, any>;
            itemsRead += itemsOf(c.op, out);
            rcu += rcuOf(out);
          } catch (err) {
            const name = (err as { name?: string }).name ?? '';
            if (name !== 'ConditionalCheckFailedException' && name !== 'TransactionCanceledException') throw err;
            failed++;
          }
        }),
      );
    }
    return { ms: performance.now() - start, itemsRead, failed, rcu };
  }
}
