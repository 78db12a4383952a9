/**
 * What the phases that time a handler collect per invocation (scale, warm, monitoring): its
 * time, the floor's, the time with a DynamoDB command in flight and the rest; and over all
 * invocations, the calls' shapes and commands and the answers of an unexpected status.
 */
import { dbSpan, shape, type DbCall } from './observer';
import { median, p99, round } from './stats';

export interface Timings {
  times: number[];
  floors: number[];
  waits: number[];
  outside: number[];
}

export const newTimings = (): Timings => ({ times: [], floors: [], waits: [], outside: [] });

/** Adds an invocation's time, split into the time with a DynamoDB command in flight and the rest (the floor is added apart). */
export function addRun(t: Timings, run: { ms: number; calls: DbCall[] }): void {
  t.times.push(run.ms);
  const wait = dbSpan(run.calls);
  t.waits.push(wait);
  t.outside.push(run.ms - wait);
}

export interface TimingMedians {
  handler: { median: number; p99: number };
  /** The same commands sent directly (median of the replays done). */
  floor: number;
  /** Median time with a DynamoDB command in flight, and the rest of the handler time. */
  dbWait: number;
  outsideDb: number;
}

export const timingMedians = (t: Timings): TimingMedians => ({
  handler: { median: round(median(t.times)), p99: round(p99(t.times)) },
  floor: round(median(t.floors)),
  dbWait: round(median(t.waits)),
  outsideDb: round(median(t.outside)),
});

/** The calls' shapes and commands over a handler's invocations, and its answers of another status than expected. */
export class CallTally {
  readonly shapes = new Map<string, number>();
  readonly byCommand = new Map<string, number>();
  unexpected = 0;
  firstUnexpected: string | undefined;

  /** Counts an answer of another status than `status` (the first one kept, its body cut at 300 characters). */
  check(result: { statusCode: number; body: string }, status: number): void {
    if (result.statusCode === status) return;
    this.unexpected++;
    this.firstUnexpected ??= `${result.statusCode} ${result.body.slice(0, 300)}`;
  }

  add(calls: DbCall[]): void {
    const s = shape(calls);
    this.shapes.set(s, (this.shapes.get(s) ?? 0) + 1);
    for (const c of calls) this.byCommand.set(c.op, (this.byCommand.get(c.op) ?? 0) + 1);
  }

  /** The most frequent shape ('' when none). */
  commonShape(): string {
    return [...this.shapes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  }
}
