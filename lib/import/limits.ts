/** What a file to import may hold (docs/import.md "Membaca berkas"): past these it is refused whole, with its reason. */
export const IMPORT_LIMITS = {
  /** Data rows (the header row not counted; empty rows not counted). */
  rows: 20_000,
  /** Columns holding anything (empty styled cells to the right are ignored). */
  columns: 50,
  /** Characters of one cell: more refuses its row, naming the column. */
  cellChars: 2_000,
  /** All entries of an XLSX archive, uncompressed (declared, then enforced while inflating). */
  unpackedBytes: 50 * 1024 * 1024,
  /** The shared-strings table of an XLSX, uncompressed. */
  sharedStringsBytes: 20 * 1024 * 1024,
  /** Entries of an XLSX archive. */
  zipEntries: 10_000,
  /**
   * Largest uncompressed/compressed ratio of an entry larger than `ratioFloorBytes` (a cell
   * of 1 MB of one repeated letter compresses 1,000 times: smaller entries are left to the
   * total, which bounds the memory anyway).
   */
  maxRatio: 500,
  ratioFloorBytes: 10 * 1024 * 1024,
} as const;

/** The whole file is refused: `message` (from MSG) says why. */
export class ImportRefusal extends Error {
  override name = 'ImportRefusal';
}
