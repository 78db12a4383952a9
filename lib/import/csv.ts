import { MSG } from '../contract/messages';
import { IMPORT_LIMITS, ImportRefusal } from './limits';
import type { SheetRow } from './xlsx';

/**
 * CSV as spreadsheets save it: UTF-8 with or without a byte-order mark (or, when the bytes are
 * no valid UTF-8, Windows-1252 as older Excel saves "CSV"), fields separated by `,` or `;`
 * (or a tab), whichever the header row uses most, quoted with `"` (doubled inside).
 * Every record is a row (a quoted line break stays in its cell), numbered from 1.
 */

/** Whether the bytes look like text at all (no NUL nor other binary control bytes). */
export function looksLikeText(buf: Buffer): boolean {
  const n = Math.min(buf.length, 64 * 1024);
  for (let i = 0; i < n; i++) {
    const b = buf[i]!;
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) return false;
  }
  return true;
}

export function decodeText(buf: Buffer): string {
  if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) throw new ImportRefusal(MSG.importCsvUtf16);
  const body = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The separator the first record uses most, outside quotes (`,` when none). */
function separatorOf(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  return Object.entries(counts).reduce((best, e) => (e[1] > best[1] ? e : best), [',', 0] as [string, number])[0];
}

export function readCsv(buf: Buffer): SheetRow[] {
  const text = decodeText(buf);
  const sep = separatorOf(text);
  const rows: SheetRow[] = [];
  let cells: (string | undefined)[] = [];
  let field = '';
  let filled = false;
  let record = 1;
  let quoted = false;
  let i = 0;

  const endField = () => {
    const col = cells.length;
    if (field.trim() !== '') {
      if (col >= IMPORT_LIMITS.columns) throw new ImportRefusal(MSG.importTooManyColumns);
      filled = true;
      cells.push(field);
    } else if (col < IMPORT_LIMITS.columns) cells.push(undefined);
    else cells.length = IMPORT_LIMITS.columns; // empty fields past the limit: kept out of memory
    field = '';
  };
  const endRecord = () => {
    endField();
    if (filled) {
      rows.push({ r: record, cells });
      if (rows.length > IMPORT_LIMITS.rows + 1) throw new ImportRefusal(MSG.importTooManyRows);
    }
    cells = [];
    filled = false;
    record++;
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) endField();
    else if (ch === '\r' || ch === '\n') {
      endRecord();
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  if (quoted) throw new ImportRefusal(MSG.importCsvQuote);
  if (field !== '' || cells.length) endRecord();
  return rows;
}
