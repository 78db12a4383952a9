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
