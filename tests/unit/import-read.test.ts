import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MSG, withFields } from '../../lib/contract/messages';
import { readImportFile } from '../../lib/import/read';
import type { ImportKind, ReadResult, ReportRow, VillageRow } from '../../lib/import/types';
import { parseMonth, parseNumber } from '../../lib/import/values';
import { thisMonth } from '../../lib/domain/monitoring';
import { PENGLIPURAN_JANUARY, zip, type ZipPart } from './import-support';

/** Builds the files in memory: exceljs for ordinary workbooks, a hand-made ZIP for what Excel would never write. */

const VILLAGE_HEADER = ['kd_desa', 'nama_desa', 'nama_popular', 'provinsi', 'kabupaten', 'alamat', 'pengelola', 'nomor_telepon', 'email'];
const village = (n: number, over: Partial<Record<string, unknown>> = {}) => {
  const base: Record<string, unknown> = {
    kd_desa: '',
    nama_desa: `Desa ${n}`,
    nama_popular: `Wisata ${n}`,
    provinsi: 'Bali',
    kabupaten: 'Bangli',
    alamat: `Jalan ${n}`,
    pengelola: 'Made',
    nomor_telepon: '081234567890',
    email: `p${n}@contoh.id`,
    ...over,
  };
  return VILLAGE_HEADER.map((h) => base[h]);
};

async function xlsx(
  rows: unknown[][],
  setup?: (sheet: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void,
  sheetName = 'Data',
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  for (const r of rows) sheet.addRow(r);
  setup?.(sheet, wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csv = (lines: string[], _sep = ',', bom = false) => Buffer.from((bom ? '\ufeff' : '') + lines.join('\r\n'), 'utf8');
const csvRow = (cells: unknown[], sep = ',') =>
  cells.map((c) => (/[",;\n]/.test(String(c ?? '')) ? `"${String(c).replace(/"/g, '""')}"` : String(c ?? ''))).join(sep);

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const R_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal XLSX of hand-written parts: sheets (name, xml, state), optional shared strings and styles. */
function handXlsx(opts: {
  sheets: { name: string; xml: string; state?: string; declared?: number }[];
  strings?: string;
  stringsDeclared?: number;
  styles?: string;
  workbookPr?: string;
  extra?: ZipPart[];
  contentTypes?: string;
}): Buffer {
  const sheetRels = opts.sheets.map(
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  const more = [
    opts.strings !== undefined ? `<Relationship Id="rS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '',
    opts.styles !== undefined ? `<Relationship Id="rT" Type="${REL}/styles" Target="styles.xml"/>` : '',
  ];
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data:
        opts.contentTypes ??
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook ${NS} ${R_NS}>${opts.workbookPr ?? ''}<sheets>${opts.sheets
        .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels.join('')}${more.join('')}</Relationships>`,
    },
    ...opts.sheets.map((s, i) => ({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      data: `<?xml version="1.0"?><worksheet ${NS}><sheetData>${s.xml}</sheetData></worksheet>`,
      declared: s.declared,
    })),
  ];
  if (opts.strings !== undefined) parts.push({ name: 'xl/sharedStrings.xml', data: opts.strings, declared: opts.stringsDeclared });
  if (opts.styles !== undefined) parts.push({ name: 'xl/styles.xml', data: opts.styles });
  return zip([...parts, ...(opts.extra ?? [])]);
}

/** A row of inline-string cells from column A. */
const inlineRow = (r: number, cells: string[]) =>
  `<row r="${r}">${cells.map((c, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;

async function read(bytes: Buffer, kind: ImportKind = 'desa'): Promise<Extract<ReadResult, { ok: true }>> {
  const out = await readImportFile(bytes, 'berkas', kind);
  if (!out.ok) throw new Error(`refused: ${out.pesan}`);
  return out;
}
async function refusal(bytes: Buffer, kind: ImportKind = 'desa'): Promise<string> {
  const out = await readImportFile(bytes, 'berkas', kind);
  if (out.ok) throw new Error(`read ${out.total} rows, expected a refusal`);
  return out.pesan;
}

const REPORT_HEADER = ['kd_desa', 'bulan', 'wisnus', 'wisman', 'pendapatan', 'tenaga_kerja', 'malam_inap', 'catatan'];

describe('reading an import file: good forms', () => {
  it('reads an XLSX of villages, headers in another order and spelling, coordinates in both decimal forms', async () => {
    const header = [
      'E-mail',
      'Nama Desa',
      'NAMA_POPULAR',
      ' provinsi ',
      'Kabupaten/Kota',
      'alamat',
      'Nama Pengelola',
      'No. Telepon',
      'Kode Desa',
      'Latitude',
      'Longitude',
    ];
    const bytes = await xlsx([
      header,
      [
        'a@contoh.id',
        'Penglipuran',
        'Desa Wisata Penglipuran',
        'Bali',
        'Bangli',
        'Kubu',
        'Wayan',
        '0812 3456 7890',
        'DESA-x1',
        '-8,4227',
        115.3592,
      ],
      ['b@contoh.id', 'Pentingsari', 'Pentingsari', 'DI Yogyakarta', 'Sleman', 'Cangkringan', 'Doto', '+62 274 123456', '', -7.6, '110.4'],
    ]);
    const out = await read(bytes);
    expect(out.problems).toEqual([]);
    expect(out.total).toBe(2);
    expect(out.rows).toEqual([
      {
        baris: 2,
        kd_desa: 'DESA-x1',
        email: 'a@contoh.id',
        nama_desa: 'Penglipuran',
        nama_popular: 'Desa Wisata Penglipuran',
        provinsi: 'Bali',
        kabupaten: 'Bangli',
        alamat: 'Kubu',
        pengelola: 'Wayan',
        nomor_telepon: '0812 3456 7890',
        latitude: -8.4227,
        longitude: 115.3592,
      },
      expect.objectContaining({ baris: 3, nama_desa: 'Pentingsari', latitude: -7.6, longitude: 110.4 }),
    ]);
    expect((out.rows[1] as VillageRow).kd_desa).toBeUndefined();
  });

  it('reads CSV with , or ; with or without a byte-order mark, quoted separators and line breaks, CRLF', async () => {
    for (const [sep, bom] of [
      [',', false],
      [';', true],
      [';', false],
      [',', true],
    ] as const) {
      const bytes = csv(
        [csvRow(VILLAGE_HEADER, sep), csvRow(village(1, { alamat: 'Jl. Raya, No. 5; "Kubu"\nBangli' }), sep), csvRow(village(2), sep)],
        sep,
        bom,
      );
      const out = await read(bytes);
      expect(out.problems).toEqual([]);
      expect(out.rows.map((r) => (r as VillageRow).alamat)).toEqual(['Jl. Raya, No. 5; "Kubu"\nBangli', 'Jalan 2']);
      expect((out.rows[0] as VillageRow).kd_desa).toBeUndefined();
    }
  });

  it('reads a CSV saved as Windows-1252 (older Excel) and numbers row by record', async () => {
    const text = `${VILLAGE_HEADER.join(';')}\n${village(1, { nama_desa: 'Pénglipuran' }).join(';')}\n`;
    const out = await read(Buffer.from(text, 'latin1'));
    expect((out.rows[0] as VillageRow).nama_desa).toBe('Pénglipuran');
  });

  it('reads monthly figures: Indonesian number forms, month forms, date cells and serial numbers', async () => {
    const bytes = await xlsx(
      [
        [...REPORT_HEADER],
        ['DESA-1', '2025-01', '1.234', 40, 'Rp 87.500.000', '35', '', 'catatan'],
        ['DESA-1', 'Februari 2025', 1234, '0', '1.000', 1, 2, ''],
        ['DESA-1', new Date(Date.UTC(2025, 2, 15)), 1, 1, 1, 1, null, null],
        ['DESA-1', 45778, 1, 1, 1, 1, null, null], // 2025-05-01 as a serial number without a date format
        ['DESA-1', '15/06/2025', 1, 1, 1, 1, null, null],
        ['DESA-1', 'Jul 2025', 1, 1, 1, { formula: '10*100', result: 1000 }, null, null],
        ['DESA-1', '2025/8', 1, 1, 1, 1, null, null],
      ],
      (sheet) => (sheet.getCell('B4').numFmt = 'dd/mm/yyyy'),
    );
    const out = await read(bytes, 'laporan');
    expect(out.problems).toEqual([]);
    const rows = out.rows as ReportRow[];
    expect(rows.map((r) => r.bulan)).toEqual(['2025-01', '2025-02', '2025-03', '2025-05', '2025-06', '2025-07', '2025-08']);
    expect(rows[0]).toEqual({
      baris: 2,
      kd_desa: 'DESA-1',
      bulan: '2025-01',
      wisnus: 1234,
      wisman: 40,
      pendapatan: 87_500_000,
      tenaga_kerja: 35,
      catatan: 'catatan',
    });
    expect(rows[1]).toMatchObject({ wisnus: 1234, wisman: 0, pendapatan: 1000, malam_inap: 2 });
    expect(rows[1]!.catatan).toBeUndefined();
    expect(rows[5]!.tenaga_kerja).toBe(1000);
  });

  it('names a village by name and region when kd_desa is absent', async () => {
    const bytes = csv([
      'nama_desa;provinsi;kabupaten;bulan;wisnus;wisman;pendapatan;tenaga_kerja',
      'Penglipuran;Bali;Bangli;2025-01;1;2;3;4',
      ';Bali;Bangli;2025-02;1;2;3;4',
    ]);
    const out = await read(bytes, 'laporan');
    expect(out.rows).toEqual([
      {
        baris: 2,
        ...PENGLIPURAN_JANUARY,
        wisnus: 1,
        wisman: 2,
        pendapatan: 3,
        tenaga_kerja: 4,
      },
    ]);
    expect(out.problems).toEqual([{ baris: 3, kolom: null, pesan: MSG.importRowVillageNeeded }]);
  });

  it('parses numbers the Indonesian way, and only unambiguous forms', () => {
    expect(parseNumber('1.234', 'int')).toBe(1234);
    expect(parseNumber('1.234.567', 'int')).toBe(1_234_567);
    expect(parseNumber('1.234,5', 'int')).toBe(1234.5);
    expect(parseNumber('1234', 'int')).toBe(1234);
    expect(parseNumber('Rp 1.000', 'int')).toBe(1000);
    expect(parseNumber('1,234.5', 'int')).toBe(1234.5);
    expect(parseNumber('1,5', 'int')).toBe(1.5);
    expect(parseNumber('-7,7956', 'decimal')).toBe(-7.7956);
    expect(parseNumber('110.365', 'decimal')).toBe(110.365);
    expect(parseNumber('110.365', 'int')).toBe(110365);
    for (const bad of ['', 'abc', '1.23.4', '1,2,3', '1..2', '12a', '--1', '1.234,5,6']) expect(parseNumber(bad, 'int')).toBeNull();
  });

  it('understands the month forms people write', () => {
    const cases: [string, string | null][] = [
      ['2025-01', '2025-01'],
      ['Januari 2025', '2025-01'],
      ['  januari   2025 ', '2025-01'],
      ['Agt 2024', '2024-08'],
      ['Des-24', '2024-12'],
      ['15 Mei 2025', '2025-05'],
      ['01/2025', '2025-01'],
      ['202503', '2025-03'],
      ['2025-04-30', '2025-04'],
      ['2025-13', null],
      ['Bulan 2025', null],
      ['45658', '2025-01'],
      ['kemarin', null],
    ];
    for (const [text, month] of cases) expect([text, parseMonth(text, false)]).toEqual([text, month]);
    expect(parseMonth({ n: 45658, date: true }, false)).toBe('2025-01');
    expect(parseMonth({ n: 45658 - 1462, date: true }, true)).toBe('2025-01');
  });

  it('skips empty rows (counting the sheet’s own row numbers) and reads the cached value of formulas, never evaluating them', async () => {
    const bytes = await xlsx([
      VILLAGE_HEADER,
      [],
      village(1),
      ['', '', '   '],
      village(2, { nama_desa: { formula: 'CONCATENATE("Desa ","Dua")', result: 'Desa Dua' } }),
    ]);
    const out = await read(bytes);
    expect(out.total).toBe(2);
    expect(out.rows.map((r) => [r.baris, (r as VillageRow).nama_desa])).toEqual([
      [3, 'Desa 1'],
      [5, 'Desa Dua'],
    ]);
  });

  it('keeps =HYPERLINK(…) and text starting with = + - @ as plain text, and a hyperlink cell as its text', async () => {
    const texts = ['=HYPERLINK("http://x.test","klik")', '+62 drop', '-1+1', '@SUM(A1)'];
    const rows = texts.map((t, i) => village(i + 1, { nama_popular: t }));
    const fromCsv = await read(csv([csvRow(VILLAGE_HEADER), ...rows.map((r) => csvRow(r))]));
    expect(fromCsv.rows.map((r) => (r as VillageRow).nama_popular)).toEqual(texts);
    const fromXlsx = await read(
      await xlsx([VILLAGE_HEADER, ...rows, village(9, { nama_popular: { text: 'Situs desa', hyperlink: 'https://desa.test' } })]),
    );
    expect(fromXlsx.rows.map((r) => (r as VillageRow).nama_popular)).toEqual([...texts, 'Situs desa']);
  });

  it('gives a merged range’s value to each of its cells', async () => {
    const bytes = await xlsx([VILLAGE_HEADER, village(1), village(2, { provinsi: null }), village(3, { provinsi: null })], (sheet) =>
      sheet.mergeCells('D2:D4'),
    );
    const out = await read(bytes);
    expect(out.problems).toEqual([]);
    expect(out.rows.map((r) => (r as VillageRow).provinsi)).toEqual(['Bali', 'Bali', 'Bali']);
  });

  it('ignores hidden sheets, prefers the template’s sheet, and skips the guide', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Rahasia', { state: 'hidden' }).addRow(['apa', 'saja']);
    wb.addWorksheet('Petunjuk').addRow(['Cara mengisi']);
    const data = wb.addWorksheet('Lembar1');
    data.addRow(VILLAGE_HEADER);
    data.addRow(village(1));
    const out = await read(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(out.rows).toHaveLength(1);

    const named = new ExcelJS.Workbook();
    named.addWorksheet('Lain').addRow(['bukan', 'data']);
    const tpl = named.addWorksheet('Desa Wisata');
    tpl.addRow(VILLAGE_HEADER);
    tpl.addRow(village(7));
    expect((await read(Buffer.from(await named.xlsx.writeBuffer()))).rows).toHaveLength(1);

    const hidden = handXlsx({
      sheets: [
        { name: 'A', xml: inlineRow(1, VILLAGE_HEADER), state: 'hidden' },
        { name: 'B', xml: inlineRow(1, VILLAGE_HEADER), state: 'veryHidden' },
      ],
    });
    expect(await refusal(hidden)).toBe(MSG.importNoVisibleSheet);
  });

  it('reads inline strings, formula strings, shared rich text, and date styles of a hand-written workbook', async () => {
    const strings = `<sst ${NS}><si><r><t>Desa </t></r><r><t>Kaya</t></r><rPh><t>ふりがな</t></rPh></si><si><t>A_x005F_B &amp; C</t></si></sst>`;
    const styles = `<styleSheet ${NS}><numFmts><numFmt numFmtId="164" formatCode="mmmm\\ yyyy"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`;
    const row2 = `<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="str"><f>"DESA-"&amp;"9"</f><v>DESA-9</v></c><c r="C2" s="1"><v>45689</v></c><c r="D2"><v>5</v></c><c r="E2"><v>6</v></c><c r="F2"><v>7</v></c><c r="G2"><v>8</v></c><c r="H2" t="s"><v>1</v></c></row>`;
    const bytes = handXlsx({
      sheets: [
        {
          name: 'S',
          xml: inlineRow(1, ['nama_desa', 'kd_desa', 'bulan', 'wisnus', 'wisman', 'pendapatan', 'tenaga_kerja', 'catatan']) + row2,
        },
      ],
      strings,
      styles,
    });
    const out = await read(bytes, 'laporan');
    expect(out.problems).toEqual([]);
    expect(out.rows[0]).toMatchObject({ kd_desa: 'DESA-9', bulan: '2025-02', wisnus: 5, catatan: 'A_B & C' });
  });
});

describe('reading an import file: dates of old Mac workbooks, and the raw cells of refused rows', () => {
  it('counts serial days from 1904 when the workbook says so; a refused row keeps its date as YYYY-MM-DD', async () => {
    const styles = `<styleSheet ${NS}><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`;
    const row = (r: number, serial: number, wisnus: string) =>
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>DESA-1</t></is></c><c r="B${r}" s="1"><v>${serial}</v></c><c r="C${r}" t="inlineStr"><is><t>${wisnus}</t></is></c><c r="D${r}"><v>1</v></c><c r="E${r}"><v>1</v></c><c r="F${r}"><v>1</v></c></row>`;
    const bytes = handXlsx({
      sheets: [
        {
          name: 'S',
          xml:
            inlineRow(1, ['kd_desa', 'bulan', 'wisnus', 'wisman', 'pendapatan', 'tenaga_kerja']) +
            row(2, 45658 - 1462, '1') +
            row(3, 45689 - 1462, 'x'),
        },
      ],
      styles,
      workbookPr: '<workbookPr date1904="1"/>',
    });
    const out = await read(bytes, 'laporan');
    expect((out.rows as ReportRow[]).map((r) => r.bulan)).toEqual(['2025-01']);
    expect(out.raw![3]).toEqual(['DESA-1', '2025-02-01', 'x', '1', '1', '1']);
  });
});

describe('reading an import file: bad input, each with its answer', () => {
  it('refuses what is no XLSX or CSV by its bytes, whatever its name', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await readImportFile(png, 'desa.xlsx', 'desa')).toEqual({ ok: false, pesan: MSG.importNotSpreadsheet });
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(await refusal(ole)).toBe(MSG.importLegacyExcel);
    expect(await refusal(Buffer.from('\ufeffnama', 'utf16le'))).toBe(MSG.importCsvUtf16);
    expect(await refusal(Buffer.alloc(0))).toBe(MSG.importNoRows);
    expect(await refusal(csv([VILLAGE_HEADER.join(',')]))).toBe(MSG.importNoRows);
    const docx = zip([{ name: 'word/document.xml', data: '<w:document/>' }]);
    expect(await refusal(docx)).toBe(MSG.importNotSpreadsheet);
    expect(await refusal(Buffer.from('PK\u0003\u0004 truncated'))).toBe(MSG.importZipBroken);
    expect(await refusal(Buffer.from('nama,a\n"tidak ditutup\n'))).toBe(MSG.importCsvQuote);
  });

  it('refuses macros (.xlsm: vbaProject.bin, a macro-enabled content type, Excel 4 macro sheets)', async () => {
    const sheets = [{ name: 'S', xml: inlineRow(1, VILLAGE_HEADER) }];
    expect(await refusal(handXlsx({ sheets, extra: [{ name: 'xl/vbaProject.bin', data: Buffer.alloc(100, 1) }] }))).toBe(MSG.importMacros);
    expect(
      await refusal(
        handXlsx({
          sheets,
          contentTypes:
            '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>',
        }),
      ),
    ).toBe(MSG.importMacros);
    expect(await refusal(handXlsx({ sheets, extra: [{ name: 'xl/macrosheets/sheet1.xml', data: '<xm:macrosheet/>' }] }))).toBe(
      MSG.importMacros,
    );
  });

  it('refuses zip bombs: sizes declared too large, a ratio too high, or more data than declared', async () => {
    const sheets = [{ name: 'S', xml: inlineRow(1, VILLAGE_HEADER) }];
    const declaredHuge = handXlsx({ sheets, extra: [{ name: 'xl/media/x.bin', data: 'x', declared: 4_000_000_000 }] });
    expect(await refusal(declaredHuge)).toBe(MSG.importUnpackedTooLarge);
    const ratio = handXlsx({ sheets, extra: [{ name: 'xl/media/zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }] });
    expect(await refusal(ratio)).toBe(MSG.importZipBomb);
    // the sheet inflates to far more than its entry claims: stopped at the claim
    const rows = Array.from({ length: 3000 }, (_, i) => inlineRow(i + 2, village(i) as string[])).join('');
    const lying = handXlsx({ sheets: [{ name: 'S', xml: inlineRow(1, VILLAGE_HEADER) + rows, declared: 1000 }] });
    expect(await refusal(lying)).toBe(MSG.importZipBomb);
  });

  it('refuses a 100 MB shared-strings table, declared or hidden behind a false size', async () => {
    const sheets = [{ name: 'S', xml: inlineRow(1, VILLAGE_HEADER) }];
    const big = `<sst ${NS}>${'<si><t>aaaaaaaaaa</t></si>'.repeat(4_200_000)}</sst>`; // ~100 MB
    // as its archive declares it (refused before anything is inflated)
    expect(await refusal(handXlsx({ sheets, strings: `<sst ${NS}/>`, stringsDeclared: 100 * 1024 * 1024 }))).toBe(
      MSG.importSharedStringsTooLarge,
    );
    expect(await refusal(handXlsx({ sheets, strings: big, stringsDeclared: 1_000_000 }))).toBe(MSG.importZipBomb);
  }, 30_000);

  it('refuses 50,000 columns (XLSX and CSV) quickly, and ignores empty styled cells to the right', async () => {
    const wide = `<row r="1">${Array.from({ length: 50_000 }, (_, i) => `<c r="${colName(i)}1" t="inlineStr"><is><t>k${i}</t></is></c>`).join('')}</row>`;
    const started = Date.now();
    expect(await refusal(handXlsx({ sheets: [{ name: 'S', xml: wide }] }))).toBe(MSG.importTooManyColumns);
    expect(await refusal(Buffer.from(Array.from({ length: 50_000 }, (_, i) => `k${i}`).join(',')))).toBe(MSG.importTooManyColumns);
    expect(Date.now() - started).toBeLessThan(3000);
    const styled = `${inlineRow(1, VILLAGE_HEADER)}${inlineRow(2, village(1) as string[]).replace('</row>', `${Array.from({ length: 1000 }, (_, i) => `<c r="${colName(i + 60)}2" s="1"/>`).join('')}</row>`)}`;
    expect((await read(handXlsx({ sheets: [{ name: 'S', xml: styled }] }))).rows).toHaveLength(1);
    const trailing = csv([VILLAGE_HEADER.join(',') + ','.repeat(60), village(1).join(',') + ','.repeat(60)]);
    expect((await read(trailing)).rows).toHaveLength(1);
  });

  it('states the row limit: more than 20,000 data rows is refused whole', async () => {
    const line = village(1).join(',');
    expect(await refusal(Buffer.from([VILLAGE_HEADER.join(','), ...Array(20_001).fill(line)].join('\n')))).toBe(MSG.importTooManyRows);
  });

  it('names unknown, missing, repeated and untitled columns; ignores a Pesan column', async () => {
    expect(await refusal(csv(['nama desa,provinsi,kabupaten,alamat,pengelola,telepon,email,warna', 'a,b,c,d,e,f,g,h']))).toBe(
      [withFields(MSG.importColumnsUnknown, ['warna']), withFields(MSG.importColumnsMissing, ['nama_popular'])].join('. '),
    );
    expect(await refusal(csv([[...VILLAGE_HEADER, 'Provinsi'].join(','), village(1).join(',') + ',Bali']))).toBe(
      withFields(MSG.importColumnsRepeated, ['Provinsi']),
    );
    expect(await refusal(csv([[...VILLAGE_HEADER, ''].join(','), village(1).join(',') + ',lain']))).toBe(
      withFields(MSG.importColumnsUntitled, ['J']),
    );
    expect(await refusal(csv(['kd_desa,wisnus,wisman,pendapatan,tenaga_kerja', 'a,1,1,1,1']), 'laporan')).toBe(
      [withFields(MSG.importColumnsMissing, ['bulan'])].join(''),
    );
    expect(await refusal(csv(['nama_desa,bulan,wisnus,wisman,pendapatan,tenaga_kerja', 'a,2025-01,1,1,1,1']), 'laporan')).toBe(
      MSG.importColumnsIdentityMissing,
    );
    const withPesan = await read(csv([[...VILLAGE_HEADER, 'Pesan'].join(','), [...village(1), 'Baris 2 — email: salah'].join(',')]));
    expect(withPesan.rows).toHaveLength(1);
  });

  it('refuses a row per bad cell, naming its column in the API’s words; a valid neighbour stays valid', async () => {
    const bytes = csv([
      csvRow(VILLAGE_HEADER),
      csvRow(village(1, { email: 'bukan-email', nomor_telepon: 'telp', nama_desa: '' })),
      csvRow(village(2)),
      csvRow(village(3, { provinsi: 'Ba#li' })),
    ]);
    const out = await read(bytes);
    expect(out.rows.map((r) => r.baris)).toEqual([3]);
    expect(out.problems).toEqual([
      { baris: 2, kolom: 'nama_desa', pesan: MSG.importFieldVillageName },
      { baris: 2, kolom: 'nomor_telepon', pesan: MSG.importFieldPhone },
      { baris: 2, kolom: 'email', pesan: MSG.importFieldEmail },
      { baris: 4, kolom: 'provinsi', pesan: MSG.importFieldProvince },
    ]);
    expect(out.raw?.[1]).toEqual(VILLAGE_HEADER);
    expect(out.raw?.[2]).toEqual(village(1, { email: 'bukan-email', nomor_telepon: 'telp', nama_desa: '' }));
    expect(out.raw?.[3]).toBeUndefined();
  });

  it('refuses figures out of range, not whole, or not numbers, and months out of range, with the monitoring texts', async () => {
    const bytes = csv([
      REPORT_HEADER.join(';'),
      'DESA-1;2025-01;1.234,5;-1;100.000.000.001;x;;',
      `DESA-1;${nextMonth()};1;1;1;1;;`,
      'DESA-1;1999-12;1;1;1;1;;',
      'DESA-1;bukan bulan;1;1;1;;;',
    ]);
    const out = await read(bytes, 'laporan');
    expect(out.rows).toEqual([]);
    expect(out.problems).toEqual([
      { baris: 2, kolom: 'wisnus', pesan: MSG.fieldReportWisnus },
      { baris: 2, kolom: 'wisman', pesan: MSG.fieldReportWisman },
      { baris: 2, kolom: 'pendapatan', pesan: MSG.fieldReportRevenue },
      { baris: 2, kolom: 'tenaga_kerja', pesan: MSG.fieldReportJobs },
      { baris: 3, kolom: 'bulan', pesan: MSG.importFieldMonth },
      { baris: 4, kolom: 'bulan', pesan: MSG.importFieldMonth },
      { baris: 5, kolom: 'bulan', pesan: MSG.importFieldMonth },
      { baris: 5, kolom: 'tenaga_kerja', pesan: MSG.fieldReportJobs },
    ]);
  });

  it('refuses the row of a 1 MB cell (and of a 2,001-character one), naming the column; keeps the raw cell short', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    const bytes = await xlsx([VILLAGE_HEADER, village(1, { alamat: huge }), village(2, { pengelola: 'y'.repeat(2001) }), village(3)]);
    const out = await read(bytes);
    expect(out.rows.map((r) => r.baris)).toEqual([4]);
    expect(out.problems).toEqual([
      { baris: 2, kolom: 'alamat', pesan: MSG.importCellTooLong },
      { baris: 3, kolom: 'pengelola', pesan: MSG.importCellTooLong },
    ]);
    expect(out.raw![2]![5]!.length).toBeLessThanOrEqual(2001);
  });

  it('refuses a formula Excel never computed (no cached value)', async () => {
    const header = inlineRow(1, VILLAGE_HEADER);
    const row = inlineRow(2, village(1) as string[]).replace(/<c r="B2"[^]*?<\/c>/, '<c r="B2"><f>A1&amp;"x"</f></c>');
    const out = await read(handXlsx({ sheets: [{ name: 'S', xml: header + row }] }));
    expect(out.problems).toEqual([{ baris: 2, kolom: 'nama_desa', pesan: MSG.importCellFormulaNoValue }]);
  });

  it('refuses duplicate rows, the second naming the first', async () => {
    const villages = csv([
      csvRow(VILLAGE_HEADER),
      csvRow(village(1, { kd_desa: 'DESA-1' })),
      csvRow(village(2, { kd_desa: 'DESA-1' })),
      csvRow(village(3)),
      csvRow(village(4, { nama_desa: '  desa   3 ', email: 'lain@contoh.id' })),
      csvRow(village(5, { nama_desa: 'Desa 3', kabupaten: 'Gianyar' })),
    ]);
    const out = await read(villages);
    expect(out.rows.map((r) => r.baris)).toEqual([2, 4, 6]);
    expect(out.problems).toEqual([
      { baris: 3, kolom: null, pesan: `${MSG.importRowDuplicate} 2` },
      { baris: 5, kolom: null, pesan: `${MSG.importRowDuplicate} 4` },
    ]);
    const reports = csv([
      REPORT_HEADER.join(','),
      'DESA-1,2025-01,1,1,1,1,,',
      'DESA-1,Januari 2025,2,2,2,2,,',
      'DESA-1,2025-02,1,1,1,1,,',
      'DESA-2,2025-01,1,1,1,1,,',
    ]);
    const r = await read(reports, 'laporan');
    expect(r.rows.map((x) => x.baris)).toEqual([2, 4, 5]);
    expect(r.problems).toEqual([{ baris: 3, kolom: null, pesan: `${MSG.importRowDuplicate} 2` }]);
  });

  it('never throws on arbitrary bytes', async () => {
    const seeds = [
      Buffer.from('PK\u0003\u0004'),
      zip([{ name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="a" r:id="x"/></sheets></workbook>' }]),
      handXlsx({ sheets: [{ name: 'S', xml: '<row r="0"><c r="A1"><v>1</v></c></row>' }] }),
      handXlsx({ sheets: [{ name: 'S', xml: '<row r="1"><c r="A1" t="s"><v>99</v></c></row>' }] }),
      handXlsx({ sheets: [{ name: 'S', xml: '<row r="1"><c r="A1"><v>abc</v></c></row>' }] }),
    ];
    for (let i = 0; i < 200; i++) {
      const b = Buffer.from(seeds[i % seeds.length]!);
      b[Math.floor(Math.random() * b.length)] = Math.floor(Math.random() * 256);
      seeds.push(b);
    }
    for (const s of seeds) {
      const out = await readImportFile(s, 'x', 'desa');
      expect(typeof out.ok).toBe('boolean');
    }
  });

  it('reads 7,500 villages well within the check’s minute', async () => {
    const lines = [csvRow(VILLAGE_HEADER), ...Array.from({ length: 7500 }, (_, i) => csvRow(village(i)))];
    const started = Date.now();
    const out = await read(csv(lines));
    expect(out.rows).toHaveLength(7500);
    expect(Date.now() - started).toBeLessThan(10_000);
    const book = handXlsx({
      sheets: [
        {
          name: 'S',
          xml: inlineRow(1, VILLAGE_HEADER) + Array.from({ length: 7500 }, (_, i) => inlineRow(i + 2, village(i) as string[])).join(''),
        },
      ],
    });
    const again = Date.now();
    expect((await read(book)).rows).toHaveLength(7500);
    expect(Date.now() - again).toBeLessThan(10_000);
  }, 30_000);
});

function colName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
function nextMonth(): string {
  const [y, m] = thisMonth().split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
