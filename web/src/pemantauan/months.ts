import { T } from '../core/texts';

/** Months are calendar months in Western Indonesian Time (UTC+7), as the API counts them. */
const WIB_MS = 7 * 3600_000;
export const thisMonth = (now = Date.now()): string => new Date(now + WIB_MS).toISOString().slice(0, 7);

/** `n` months on from `m` (negative: back). */
export function monthPlus(m: string, n: number): string {
  const i = Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The `n` months through `last`, newest first. */
export const monthsBack = (last: string, n: number) => Array.from({ length: n }, (_, i) => monthPlus(last, -i));

/** "2026-05" → "Mei 2026". */
export const monthName = (m: string) => `${T.months[Number(m.slice(5, 7)) - 1] ?? m.slice(5, 7)} ${m.slice(0, 4)}`;
/** "2026-05" → "Mei" (a chart's axis, a table of one year). */
export const monthShort = (m: string) => T.months[Number(m.slice(5, 7)) - 1] ?? m;

/**
 * What a person typed in a number field, as the API takes it: digits with or without the
 * Indonesian thousands dots ("1.250.000"); empty → null; anything else (a comma, a minus) → NaN.
 */
export function parseWhole(text: string): number | null {
  const t = text.trim().replace(/[.\s]/g, '');
  if (!t) return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** Digits grouped as Indonesians write them while typing ("1250000" → "1.250.000"); other text stays as typed. */
export function groupDigits(text: string): string {
  const t = text.replace(/[.\s]/g, '');
  if (!/^\d+$/.test(t) || t.length > 15) return text;
  return new Intl.NumberFormat('id-ID').format(Number(t));
}

/**
 * The month a manager most likely reports now: the latest due month without a report (the API's
 * `belum_lapor`, from the village's registration on), else last month if it has none (a new
 * village back-fills), else this month.
 */
export function defaultMonth(due: readonly string[], reported: ReadonlyMap<string, unknown>, now: string): string {
  const last = monthPlus(now, -1);
  return due.at(-1) ?? (reported.has(last) ? now : last);
}
