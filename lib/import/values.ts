import { regionPart } from '../db/keys';
import type { Cell } from './xlsx';

/** A cell as text (numbers with an Indonesian decimal comma, so that reading the text again gives the same number). */
export function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if ('noValue' in cell) return '';
  return String(cell.n).replace('.', ',');
}

const THOUSANDS_DOT = /^\d{1,3}(\.\d{3})+$/;
const THOUSANDS_COMMA = /^\d{1,3}(,\d{3})+$/;

/**
 * A number as people write it in Indonesia: `1.234` (thousands), `1.234,5` (decimal comma),
 * plain `1234`, `Rp 87.500.000`; also `1,234.5` when both separators are there. A lone `.`
 * followed by anything but groups of three is a decimal point; for `decimal` columns
 * (coordinates, never in the thousands) a lone `.` is always one. Null when it is no number.
 */
export function parseNumber(text: string, kind: 'int' | 'decimal'): number | null {
  const s = text
    .trim()
    .replace(/^rp\.?/i, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  const m = /^([+-]?)([0-9][0-9.,]*)$/.exec(s);
  if (!m) return null;
  const sign = m[1] === '-' ? -1 : 1;
  const body = m[2]!;
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  let plain: string | null;
  if (dots && commas) {
    const decimal = body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
    const at = body.lastIndexOf(decimal);
    const whole = body.slice(0, at);
    const frac = body.slice(at + 1);
    const grouped = decimal === ',' ? THOUSANDS_DOT : THOUSANDS_COMMA;
    plain = grouped.test(whole) && /^\d+$/.test(frac) ? `${whole.replace(/[.,]/g, '')}.${frac}` : null;
  } else if (commas) {
    plain = commas === 1 ? body.replace(',', '.') : THOUSANDS_COMMA.test(body) ? body.replace(/,/g, '') : null;
  } else if (dots) {
    if (kind === 'int' && THOUSANDS_DOT.test(body)) plain = body.replace(/\./g, '');
    else if (dots === 1) plain = body;
    else plain = THOUSANDS_DOT.test(body) ? body.replace(/\./g, '') : null;
  } else plain = body;
  if (plain === null || !/^\d+(\.\d+)?$/.test(plain)) return null;
  return sign * Number(plain);
}

/** A number cell of an integer column: a computed 87499999.99999999 is the 87500000 Excel shows. */
export const nearInteger = (n: number): number => (Math.abs(n - Math.round(n)) < 1e-9 * Math.max(1, Math.abs(n)) ? Math.round(n) : n);

const MONTHS: Record<string, number> = {};
[
  ['januari', 'jan', 'january'],
  ['februari', 'feb', 'pebruari', 'peb', 'february'],
  ['maret', 'mar', 'march'],
  ['april', 'apr'],
  ['mei', 'may'],
  ['juni', 'jun', 'june'],
  ['juli', 'jul', 'july'],
  ['agustus', 'agu', 'agt', 'ags', 'agus', 'aug', 'august'],
  ['september', 'sep', 'sept'],
  ['oktober', 'okt', 'oct', 'october'],
  ['november', 'nov', 'nopember', 'nop'],
  ['desember', 'des', 'dec', 'december'],
].forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

const ym = (y: number, m: number): string | null =>
  m >= 1 && m <= 12 && y >= 1000 && y <= 9999 ? `${y}-${String(m).padStart(2, '0')}` : null;

/** The day (YYYY-MM-DD) of an Excel serial day number (1900 system, or 1904); null before March 1900. */
export function serialDay(serial: number, date1904: boolean): string | null {
  const days = serial + (date1904 ? 1462 : 0);
  if (days < 61) return null; // Excel's phantom 1900-02-29 and before: no day anyone reports
  const d = new Date(Math.round((days - 25569) * 86_400_000));
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() > 9999 ? null : d.toISOString().slice(0, 10);
}
const serialMonth = (serial: number, date1904: boolean) => serialDay(serial, date1904)?.slice(0, 7) ?? null;

/** Serial days of 2000-01-01 through 2099-12-31: a plain number in that range in the month column is a date Excel lost the format of. */
const SERIAL_RANGE = [36_526, 73_050];

/**
 * The month (YYYY-MM) a `bulan` cell means: a date cell or an Excel serial number; text
 * `2025-01`, `2025/1`, `01/2025`, `202501`, `Januari 2025`, `Jan 2025`, `Des-24` (a two-digit
 * year only after a month name), a date `2025-01-15`, `15/01/2025` (day first, as Indonesia
 * writes it) or `15 Januari 2025`. Null when none.
 */
export function parseMonth(cell: Cell | undefined, date1904: boolean): string | null {
  if (cell === undefined || (typeof cell !== 'string' && 'noValue' in cell)) return null;
  if (typeof cell !== 'string') {
    const n = cell.n;
    if (cell.date || (n >= SERIAL_RANGE[0]! && n <= SERIAL_RANGE[1]!)) return serialMonth(n, date1904);
    return Number.isInteger(n) ? parseMonth(String(n), date1904) : null;
  }
  const s = cell.trim().toLowerCase().replace(/\s+/g, ' ');
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})[-/.](\d{1,2})$/.exec(s))) return ym(+m[1]!, +m[2]!);
  if ((m = /^(\d{1,2})[-/.](\d{4})$/.exec(s))) return ym(+m[2]!, +m[1]!);
  if ((m = /^(\d{4})(\d{2})$/.exec(s))) return ym(+m[1]!, +m[2]!);
  // a serial day number as text (a date cell's raw text in the refused-rows file)
  if (/^\d{5}$/.test(s)) return parseMonth({ n: Number(s), date: false }, date1904);
  if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[t ][\d:.]+z?)?$/.exec(s))) return ym(+m[1]!, +m[2]!);
  if ((m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s))) return ym(+m[3]!, +m[2]!);
  if ((m = /^(?:\d{1,2}[ -])?([a-z]+)\.?[ ,/-]*(\d{4}|\d{2})$/.exec(s))) {
    const month = MONTHS[m[1]!];
    if (!month) return null;
    const y = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    return ym(y, month);
  }
  return null;
}

/** A village name as matching compares it: case, width variants, punctuation and spacing ignored. */
export const normName = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The same village by name within its region (a file's duplicate rows; lib/domain/import-check.ts matches the table alike). */
export const villageNameKey = (r: { nama_desa: string; provinsi: string; kabupaten: string }): string =>
  `${regionPart(r.provinsi)}#${regionPart(r.kabupaten)}#${normName(r.nama_desa)}`;
