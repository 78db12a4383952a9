import { posix } from 'node:path';
import { MSG } from '../contract/messages';
import { IMPORT_LIMITS, ImportRefusal } from './limits';
import { attr, decodeOoxmlText, scanXml } from './xml';
import { unzipEntry, zipEntries, type ZipEntry } from './zip';

/**
 * The cells of one worksheet of an XLSX: what Excel shows, never recomputed. A formula gives
 * its cached value; text that starts with `=` stays text; a merged range gives its value to
 * each of its cells (in rows that hold data); hidden sheets are never read.
 */

/** A cell: text, a number (`date`: its format shows a date), or a formula Excel never computed. */
export type Cell = string | { n: number; date: boolean } | { noValue: true };
export interface SheetRow {
  /** The sheet's 1-based row number. */
  r: number;
  /** By 0-based column. */
  cells: (Cell | undefined)[];
}
export interface Grid {
  rows: SheetRow[];
  /** Serial numbers count from 1904 (old Mac workbooks). */
  date1904: boolean;
}

const broken = () => new ImportRefusal(MSG.importZipBroken);

class Archive {
  constructor(
    private readonly buf: Buffer,
    private readonly entries: Map<string, ZipEntry>,
  ) {}
  has = (name: string) => this.entries.has(name);
  text(name: string): string | undefined {
    const e = this.entries.get(name);
    return e ? unzipEntry(this.buf, e).toString('utf8') : undefined;
  }
  names = () => [...this.entries.keys()];
  size = (name: string) => this.entries.get(name)?.size ?? 0;
}

/** The relationships of a part: id → target path inside the archive (`_rels/x.rels` beside the part). */
function relationships(zip: Archive, part: string): Map<string, { target: string; type: string }> {
  const dir = posix.dirname(part);
  const xml = zip.text(posix.join(dir, '_rels', `${posix.basename(part)}.rels`));
  const out = new Map<string, { target: string; type: string }>();
  if (!xml) return out;
  scanXml(xml, {
    open(name, attrs) {
      if (name !== 'Relationship') return;
      const id = attr(attrs, 'Id');
      const target = attr(attrs, 'Target');
      if (!id || !target || attr(attrs, 'TargetMode') === 'External') return;
      const path = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(dir, target));
      out.set(id, { target: path, type: attr(attrs, 'Type') ?? '' });
    },
  });
  return out;
}

/** The worksheet to read: one named `preferred` if visible, else the first visible one not named `skip`. */
export function readXlsx(buf: Buffer, preferred: string, skip: string): Grid {
  const zip = new Archive(buf, zipEntries(buf));
  const types = zip.text('[Content_Types].xml') ?? '';
  if (
    zip.names().some((n) => /(^|\/)vbaProject\.bin$/i.test(n) || /^xl\/macrosheets\//i.test(n)) ||
    /macroEnabled|vbaProject|macrosheet/i.test(types)
  ) {
    throw new ImportRefusal(MSG.importMacros);
  }
  const root = [...relationships(zip, '').values()].find((r) => r.type.endsWith('/officeDocument'));
  const workbookPart = root?.target ?? 'xl/workbook.xml';
  const workbook = zip.text(workbookPart);
  if (workbook === undefined) throw new ImportRefusal(MSG.importNotSpreadsheet);
  const rels = relationships(zip, workbookPart);

  const sheets: { name: string; visible: boolean; part?: string }[] = [];
  let date1904 = false;
  scanXml(workbook, {
    open(name, attrs) {
      if (name === 'workbookPr') date1904 = /^(1|true)$/i.test(attr(attrs, 'date1904') ?? '');
      if (name !== 'sheet') return;
      const rel = rels.get(attr(attrs, 'id') ?? '');
      sheets.push({
        name: attr(attrs, 'name') ?? '',
        visible: (attr(attrs, 'state') ?? 'visible') === 'visible',
        part: rel?.type.endsWith('/worksheet') ? rel.target : undefined,
      });
    },
  });
  const readable = sheets.filter((s) => s.visible && s.part && zip.has(s.part));
  const norm = (s: string) => s.trim().toLowerCase();
  const sheet = readable.find((s) => norm(s.name) === norm(preferred)) ?? readable.find((s) => norm(s.name) !== norm(skip)) ?? readable[0];
  if (!sheet) throw new ImportRefusal(MSG.importNoVisibleSheet);

  const wbRels = [...rels.values()];
  const stringsPart = wbRels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  if (stringsPart && zip.size(stringsPart) > IMPORT_LIMITS.sharedStringsBytes) throw new ImportRefusal(MSG.importSharedStringsTooLarge);
  const strings = stringsPart ? sharedStrings(zip.text(stringsPart) ?? '') : [];
  const stylesPart = wbRels.find((r) => r.type.endsWith('/styles'))?.target;
  const dateStyles = stylesPart ? dateStyleIndexes(zip.text(stylesPart) ?? '') : new Set<number>();
  return { rows: sheetRows(zip.text(sheet.part!)!, strings, dateStyles), date1904 };
}

function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  scanXml(xml, {
    open(name, _a, selfClosing) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += selfClosing ? 0 : 1;
      else if (name === 't' && !selfClosing) inText = phonetic === 0;
    },
    close(name) {
      if (name === 'si') out.push(decodeOoxmlText(current));
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 't') inText = false;
    },
    text(t) {
      if (inText) current += t;
    },
  });
  return out;
}

/** Built-in number formats that show a date or time (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);
const isDateCode = (code: string) =>
  /[dmyhs]/i.test(
    code
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, '')
      .replace(/\[[^\]]*\]/g, '')
      .replace(/General/gi, ''),
  );

/** The indexes of the cell formats (`s` of a cell) that show a date. */
function dateStyleIndexes(xml: string): Set<number> {
  const custom = new Map<number, string>();
  const out = new Set<number>();
  let inXfs = false;
  let index = 0;
  scanXml(xml, {
    open(name, attrs) {
      if (name === 'numFmt') custom.set(Number(attr(attrs, 'numFmtId')), attr(attrs, 'formatCode') ?? '');
      else if (name === 'cellXfs') inXfs = true;
      else if (name === 'xf' && inXfs) {
        const id = Number(attr(attrs, 'numFmtId') ?? 0);
        const code = custom.get(id);
        if (code !== undefined ? isDateCode(code) : DATE_FORMAT_IDS.has(id)) out.add(index);
        index++;
      }
    },
    close(name) {
      if (name === 'cellXfs') inXfs = false;
    },
  });
  return out;
}

/** 0-based column of letters (A → 0), or -1. */
function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return letters.length > 0 && letters.length <= 3 ? n - 1 : -1;
}
const REF = /^([A-Z]{1,3})([0-9]{1,7})$/;

function sheetRows(xml: string, strings: string[], dateStyles: Set<number>): SheetRow[] {
  const rows: SheetRow[] = [];
  const merges: string[] = [];
  let row: SheetRow | null = null;
  let rowFilled = false;
  let nextRow = 1;
  let col = -1;
  let type = '';
  let style = 0;
  let value: string | null = null;
  let inline: string | null = null;
  let formula = false;
  let collecting: 'v' | 't' | null = null;
  let phonetic = 0;

  const finishRow = () => {
    if (row && rowFilled) {
      rows.push(row);
      if (rows.length > IMPORT_LIMITS.rows + 1) throw new ImportRefusal(MSG.importTooManyRows);
    }
    row = null;
  };
  const cellValue = (): Cell | undefined => {
    if (type === 'inlineStr') return inline ?? undefined;
    if (value === null) return formula ? { noValue: true } : undefined;
    switch (type) {
      case 's': {
        const s = strings[Number(value)];
        if (s === undefined) throw broken();
        return s;
      }
      case 'str':
      case 'e':
      case 'd':
        return value;
      case 'b':
        return value.trim() === '1' ? 'TRUE' : 'FALSE';
      default: {
        const n = Number(value);
        if (value.trim() === '' || !Number.isFinite(n)) throw broken();
        return { n, date: dateStyles.has(style) };
      }
    }
  };

  scanXml(xml, {
    open(name, attrs, selfClosing) {
      switch (name) {
        case 'row': {
          finishRow();
          const r = Number(attr(attrs, 'r') ?? nextRow);
          if (!Number.isInteger(r) || r < 1) throw broken();
          row = { r, cells: [] };
          rowFilled = false;
          nextRow = r + 1;
          col = -1;
          return;
        }
        case 'c': {
          const ref = attr(attrs, 'r');
          if (ref !== undefined) {
            const m = REF.exec(ref);
            if (!m) throw broken();
            col = columnIndex(m[1]!);
          } else col++;
          type = attr(attrs, 't') ?? 'n';
          style = Number(attr(attrs, 's') ?? 0);
          value = null;
          inline = null;
          formula = false;
          return;
        }
        case 'f':
          formula = true;
          return;
        case 'v':
          if (!selfClosing) {
            collecting = 'v';
            value = '';
          }
          return;
        case 'is':
          inline = '';
          return;
        case 'rPh':
          if (!selfClosing) phonetic++;
          return;
        case 't':
          if (inline !== null && !selfClosing && phonetic === 0) collecting = 't';
          return;
        case 'mergeCell': {
          const ref = attr(attrs, 'ref');
          if (ref) merges.push(ref);
          return;
        }
      }
    },
    close(name) {
      if (name === 'v' || name === 't') collecting = null;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'row') finishRow();
      else if (name === 'c') {
        if (!row) return;
        let cell = cellValue();
        if (typeof cell === 'string') {
          cell = decodeOoxmlText(cell);
          if (cell.trim() === '') cell = undefined;
        }
        if (cell === undefined) return;
        if (col >= IMPORT_LIMITS.columns) throw new ImportRefusal(MSG.importTooManyColumns);
        row.cells[col] = cell;
        rowFilled = true;
      }
    },
    text(t) {
      if (collecting === 'v') value += t;
      else if (collecting === 't') inline += t;
    },
  });
  finishRow();
  rows.sort((a, b) => a.r - b.r);
  fillMerges(rows, merges);
  return rows;
}

/** Each merged range's top-left value into its other cells, in rows that hold data, within the column limit. */
function fillMerges(rows: SheetRow[], merges: string[]): void {
  if (!merges.length) return;
  const byNumber = new Map(rows.map((r, i) => [r.r, i]));
  let budget = (rows.length + 1) * IMPORT_LIMITS.columns;
  for (const ref of merges) {
    const [a, b = a] = ref.split(':');
    const ma = REF.exec(a ?? '');
    const mb = REF.exec(b ?? '');
    if (!ma || !mb) continue;
    const c1 = columnIndex(ma[1]!);
    const r1 = Number(ma[2]);
    const c2 = Math.min(columnIndex(mb[1]!), IMPORT_LIMITS.columns - 1);
    const r2 = Number(mb[2]);
    const top = rows[byNumber.get(r1) ?? -1];
    const value = top?.cells[c1];
    if (value === undefined) continue;
    // the rows in range that hold data (rows are sorted)
    const from = byNumber.get(r1)!;
    for (let i = from; i < rows.length && rows[i]!.r <= r2; i++) {
      for (let c = c1; c <= c2; c++) {
        if (--budget < 0) throw new ImportRefusal(MSG.importMergedCells);
        if (rows[i]!.cells[c] === undefined) rows[i]!.cells[c] = value;
      }
    }
  }
}
