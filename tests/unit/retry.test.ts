import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetriesExhaustedError, withRetries } from '../../lib/platform/retry';
import { DomainError } from '../../lib/contract/errors';
import { MSG } from '../../lib/contract/messages';
import { httpFailure } from '../../lib/http/errors';

class Lost extends Error {}
const lost = (err: unknown) => err instanceof Lost;

/** A step that throws each of `outcomes` in turn (an Error) or returns it. */
function stepOf(...outcomes: unknown[]) {
  return vi.fn(async () => {
    const next = outcomes.shift();
    if (next instanceof Error) throw next;
    return next;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('withRetries', () => {
  // no real waiting: the jittered backoff becomes 0 ms
  const noBackoff = () => vi.spyOn(Math, 'random').mockReturnValue(0);

  it('returns the first success without retrying', async () => {
    const step = stepOf('done');
    await expect(withRetries(step, lost, 3)).resolves.toBe('done');
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('runs the step again after each lost race, up to success', async () => {
    noBackoff();
    const step = stepOf(new Lost(), new Lost(), 'third time');
    await expect(withRetries(step, lost, 3)).resolves.toBe('third time');
    expect(step).toHaveBeenCalledTimes(3);
  });

  it('throws RetriesExhaustedError (a 409 conflict) when every attempt lost', async () => {
    noBackoff();
    const last = new Lost('third');
    const step = stepOf(new Lost(), new Lost(), last, 'never reached');
    const err = await withRetries(step, lost, 3).catch((e: unknown) => e);
    expect(step).toHaveBeenCalledTimes(3);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect(err).toBeInstanceOf(DomainError);
    const exhausted = err as RetriesExhaustedError;
    expect(exhausted.attempts).toBe(3);
    expect(exhausted.last).toBe(last);
    expect(exhausted.kind).toBe('conflict');
    expect(exhausted.name).toBe('RetriesExhaustedError');
    expect(exhausted.message).toBe(MSG.writeBusy);
    expect(httpFailure(exhausted)).toEqual({ statusCode: 409, message: MSG.writeBusy, headers: {} });
  });

  it('uses the busy message it is given', async () => {
    noBackoff();
    const err = await withRetries(stepOf(new Lost(), new Lost()), lost, 2, MSG.villageBusy).catch((e: unknown) => e);
    expect((err as Error).message).toBe('Desa wisata sedang diubah oleh permintaan lain. Silakan coba lagi.');
  });

  it('passes any other error through at once, as it is', async () => {
    noBackoff();
    const bug = new TypeError('not a race');
    const first = stepOf(bug);
    await expect(withRetries(first, lost, 5)).rejects.toBe(bug);
    expect(first).toHaveBeenCalledTimes(1);
    const second = stepOf(new Lost(), bug);
    await expect(withRetries(second, lost, 5)).rejects.toBe(bug);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('waits a jittered backoff between attempts: at most 10·2^n ms, growing up to 320 ms', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1); // the longest wait of each attempt
    const delays: number[] = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      delays.push(ms);
      fn();
      return 0;
    }) as unknown as typeof setTimeout);
    const step = stepOf(...Array.from({ length: 7 }, () => new Lost()), 'ok');
    await expect(withRetries(step, lost, 8)).resolves.toBe('ok');
    expect(step).toHaveBeenCalledTimes(8);
    expect(delays).toEqual([20, 40, 80, 160, 320, 320, 320]);
  });
});
