/**
 * DynamoDB refuses items over 400 KB ("Item size has exceeded the maximum allowed size",
 * a 500 if it reaches the table). The size is counted as DynamoDB documents it: attribute
 * names plus values — strings and binaries by their bytes (UTF-8), numbers by about one
 * byte per two significant digits plus one, booleans and null one byte, lists and maps
 * three bytes plus one per element plus their contents. The estimate errs on the large
 * side, so a write it admits is never refused by the table.
 */
export const MAX_ITEM_BYTES = 400 * 1024;

export class ItemTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`item of ${bytes} bytes exceeds ${MAX_ITEM_BYTES}`);
  }
}

function valueSize(v: unknown): number {
  if (v === null || v === undefined || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (typeof v === 'number')
    return (
      Math.ceil(
        String(Math.abs(v))
          .replace(/[.e+-]/g, '')
          .replace(/^0+/, '').length / 2,
      ) + 1
    );
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return v.byteLength;
  if (v instanceof Set) return [...v].reduce((n: number, e) => n + valueSize(e), 0);
  if (Array.isArray(v)) return 3 + v.reduce((n: number, e) => n + 1 + valueSize(e), 0);
  if (typeof v === 'object')
    return 3 + Object.entries(v).reduce((n, [k, e]) => (e === undefined ? n : n + 1 + Buffer.byteLength(k, 'utf8') + valueSize(e)), 0);
  return Buffer.byteLength(String(v), 'utf8');
}

/** The item's size as DynamoDB counts it (attribute names and values). */
export function itemSize(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((n, [k, v]) => (v === undefined ? n : n + Buffer.byteLength(k, 'utf8') + valueSize(v)), 0);
}

/** Throws ItemTooLargeError before a write DynamoDB would refuse. */
export function assertItemFits<T extends Record<string, unknown>>(item: T): T {
  const bytes = itemSize(item);
  if (bytes > MAX_ITEM_BYTES) throw new ItemTooLargeError(bytes);
  return item;
}
