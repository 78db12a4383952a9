/**
 * The service's clock. Expiry checks (reset codes, tokens, login throttling) read it,
 * so tests can move time forward without sleeping.
 */
let source: () => number = () => Date.now();

export const nowMs = (): number => source();
export const nowSeconds = (): number => Math.floor(source() / 1000);
export const nowIso = (): string => new Date(source()).toISOString();

/** Tests only: replace the clock; call with no argument to restore the real one. */
export function setClock(fn?: () => number): void {
  source = fn ?? (() => Date.now());
}

const realPause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let pauser: (ms: number) => Promise<void> = realPause;

/** Waits `ms` on purpose (a throttled login is slowed down): tests replace it to see the wait without spending it. */
export const pause = (ms: number): Promise<void> => pauser(ms);

/** Tests only: replace the deliberate waits; call with no argument to wait for real again. */
export function setPause(fn?: (ms: number) => Promise<void>): void {
  pauser = fn ?? realPause;
}

/**
 * Now, but later than `previous` (by 1 ms if the clock has not moved on): the stamp of a
 * write that replaces a record stamped `previous`, so each version's stamp is its own
 * and a condition on the stamp means "unchanged since read".
 */
export const nowIsoAfter = (previous: string): string => {
  const prev = Date.parse(previous);
  return new Date(Number.isNaN(prev) ? source() : Math.max(source(), prev + 1)).toISOString();
};
