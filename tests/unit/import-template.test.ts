import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { readImportFile } from '../../lib/import/read';
import { refusedRowsXlsx, templateXlsx } from '../../lib/import/template';
import type { ReadResult, VillageRow } from '../../lib/import/types';
import { PENGLIPURAN_JANUARY, rezip, unzipAll, VILLAGE_DETAIL_COLUMNS } from './import-support';

const KABUPATEN: Record<string, string[]> = { Bali: ['Bangli', 'Gianyar'], 'Jawa Barat': ['Bandung', 'Bogor', 'Garut'] };
const kabupatenOf = (p: string) => KABUPATEN[p] ?? [];

async function load(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}
const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

async function ok(bytes: Buffer, kind: 'desa' | 'laporan'): Promise<Extract<ReadResult, { ok: true }>> {
  const out = await readImportFile(bytes, 'x.xlsx', kind);
  if (!out.ok) throw new Error(out.pesan);
  return out;
}

/** The data sheet's validations by range, read from its XML (exceljs would expand them to every cell: slow). */
function validationsOf(bytes: Buffer): Record<string, { type: string; formula: string; errorStyle?: string }> {
  const xml = unzipAll(bytes).get('xl/worksheets/sheet1.xml')!.toString('utf8');
  const out: Record<string, { type: string; formula: string; errorStyle?: string }> = {};
  for (const m of xml.matchAll(/<dataValidation\b([^>]*)>([\s\S]*?)<\/dataValidation>/g)) {
    const attr = (n: string) => new RegExp(`\\b${n}="([^"]*)"`).exec(m[1]!)?.[1];
    const formula = /<formula1>([\s\S]*?)<\/formula1>/.exec(m[2]!)?.[1] ?? '';
    out[attr('sqref')!] = {
      type: attr('type')!,
      formula: formula.replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
      errorStyle: attr('errorStyle'),
    };
  }
  return out;
}

/** The workbook in exceljs, without the validations (see above). */
async function loadLight(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const parts = unzipAll(bytes);
  for (const [name, data] of parts) {
    if (name.startsWith('xl/worksheets/'))
      parts.set(name, Buffer.from(data.toString('utf8').replace(/<dataValidations[\s\S]*?<\/dataValidations>/, '')));
  }
  return load(rezip(parts));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The template with rows typed into its data sheet from row 2, as a person would (text as text, numbers as numbers). */
function fill(bytes: Buffer, rows: (string | number | null)[][]): Buffer {
  const parts = unzipAll(bytes);
  const name = 'xl/worksheets/sheet1.xml';
  const xml = rows
    .map((cells, i) => {
      const r = i + 2;
      const cs = cells.map((v, c) => {
        const ref = `${String.fromCharCode(65 + c)}${r}`;
        if (v === null || v === '') return '';
        return typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`;
      });
      return `<row r="${r}">${cs.join('')}</row>`;
    })
    .join('');
  parts.set(name, Buffer.from(parts.get(name)!.toString('utf8').replace('</sheetData>', `${xml}</sheetData>`)));
  return rezip(parts);
}

describe('import templates', () => {
  it('desa: the columns, drop-downs of provinces and of each row’s province’s kabupaten, a guide with an example row; filled in, it reads back', async () => {
    const bytes = await templateXlsx('desa', { provinsiList: ['Bali', 'Jawa Barat'], kabupatenOf });
    const wb = await loadLight(bytes);
    expect(wb.worksheets.map((s) => [s.name, s.state])).toEqual([
      ['Desa Wisata', 'visible'],
      ['Petunjuk', 'visible'],
      ['Daftar', 'hidden'],
    ]);
    const header = rowValues(wb.getWorksheet('Desa Wisata')!, 1);
    expect(header).toEqual(['kd_desa', 'nama_desa', ...VILLAGE_DETAIL_COLUMNS, 'latitude', 'longitude']);
    const dv = validationsOf(bytes);
    expect(dv['D2:D20001']).toEqual({ type: 'list', formula: "'Daftar'!$A$2:$A$3", errorStyle: 'warning' });
    expect(dv['E2:E20001']?.formula).toContain('OFFSET');
    expect(dv['J2:J20001']).toMatchObject({ type: 'decimal' });
    const lists = wb.getWorksheet('Daftar')!;
    expect(rowValues(lists, 1)).toEqual(['provinsi', undefined, 'Bali', 'Jawa Barat']);
    expect(lists.getColumn(4).values.slice(2)).toEqual(['Bandung', 'Bogor', 'Garut']);

    const guide = wb.getWorksheet('Petunjuk')!;
    const texts: string[] = [];
    guide.eachRow((r) => texts.push((r.values as unknown[]).slice(1).join(' | ')));
    expect(texts[0]).toBe('Impor desa wisata');
    expect(texts.some((t) => t.startsWith('kd_desa | nama_desa'))).toBe(true);
    // the example is on the guide, so an untouched template holds no data
    expect(await readImportFile(bytes, 'x.xlsx', 'desa')).toEqual({ ok: false, pesan: MSG.importNoRows });

    // the template's own example row, typed into the data sheet, is a valid row
    const example = (guide.getRow(guide.rowCount).values as (string | number | null)[]).slice(1);
    expect(example).toContain('Desa Wisata Penglipuran');
    const filled = await ok(
      fill(bytes, [
        example,
        ['', 'Cibodas', 'Kampung Cibodas', 'Jawa Barat', 'Bandung', 'Lembang', 'Asep', '022 123456', 'asep@contoh.id'],
      ]),
      'desa',
    );
    expect(filled.problems).toEqual([]);
    expect(filled.rows).toEqual([
      expect.objectContaining({ baris: 2, nama_desa: 'Penglipuran', latitude: -8.4227, longitude: 115.3592 }),
      expect.objectContaining({ baris: 3, nama_desa: 'Cibodas', kabupaten: 'Bandung', nomor_telepon: '022 123456' }),
    ]);
    expect((filled.rows[1] as VillageRow).latitude).toBeUndefined();
  });

  it('laporan: for one province, its kabupaten as the list; whole-number checks of the figures; filled in, it reads back', async () => {
    const bytes = await templateXlsx('laporan', { provinsi: 'Bali', kabupatenOf, provinsiList: ['Bali', 'Jawa Barat'] });
    const wb = await loadLight(bytes);
    expect(rowValues(wb.getWorksheet('Laporan Bulanan')!, 1)).toEqual([
      'kd_desa',
      'nama_desa',
      'provinsi',
      'kabupaten',
      'bulan',
      'wisnus',
      'wisman',
      'pendapatan',
      'tenaga_kerja',
      'malam_inap',
      'catatan',
    ]);
    const dv = validationsOf(bytes);
    expect(dv['D2:D20001']).toMatchObject({ type: 'list', formula: "'Daftar'!$B$2:$B$3" });
    expect(dv['C2:C20001']).toMatchObject({ type: 'list', formula: "'Daftar'!$A$2:$A$3" });
    expect(dv['H2:H20001']).toMatchObject({ type: 'whole', formula: '0' });
    const out = await ok(
      fill(bytes, [
        ['', 'Penglipuran', 'Bali', 'Bangli', '2025-01', 1250, 40, 87_500_000, 35],
        ['DESA-1', '', '', '', 'Februari 2025', '1.300', '41', '90.000.000', '36', '', 'ramai'],
      ]),
      'laporan',
    );
    expect(out.problems).toEqual([]);
    expect(out.rows).toEqual([
      {
        baris: 2,
        ...PENGLIPURAN_JANUARY,
        wisnus: 1250,
        wisman: 40,
        pendapatan: 87_500_000,
        tenaga_kerja: 35,
      },
      {
        baris: 3,
        kd_desa: 'DESA-1',
        bulan: '2025-02',
        wisnus: 1300,
        wisman: 41,
        pendapatan: 90_000_000,
        tenaga_kerja: 36,
        catatan: 'ramai',
      },
    ]);
  });

  it('without known regions: no drop-downs of regions', async () => {
    const dv = validationsOf(await templateXlsx('desa', {}));
    expect(dv['D2:D20001']).toBeUndefined();
    expect(dv['E2:E20001']).toBeUndefined();
  });
});

describe('the refused-rows file', () => {
  it('holds the file’s own columns and cells of each refused row and a Pesan column; fixed and uploaded again, it reads', async () => {
    const csv = [
      'Nama Desa;nama_popular;provinsi;kabupaten;alamat;pengelola;nomor_telepon;email',
      'Satu;Wisata Satu;Bali;Bangli;Jl 1;Made;0812345678;bukan-email',
      'Dua;Wisata Dua;Bali;Bangli;Jl 2;Made;0812345678;dua@contoh.id',
      'Tiga;=HYPERLINK("x");Bali;Bangli;Jl 3;Made;telp;tiga@contoh.id',
    ].join('\n');
    const first = await ok(Buffer.from(csv), 'desa');
    expect(first.problems.map((p) => p.baris)).toEqual([2, 4]);
    const bytes = await refusedRowsXlsx('desa', first.problems, first.raw!);
    const wb = await load(bytes);
    const sheet = wb.getWorksheet('Desa Wisata')!;
    expect(rowValues(sheet, 1)).toEqual(['Nama Desa', ...VILLAGE_DETAIL_COLUMNS, 'Pesan']);
    expect(rowValues(sheet, 2)).toEqual([
      'Satu',
      'Wisata Satu',
      'Bali',
      'Bangli',
      'Jl 1',
      'Made',
      '0812345678',
      'bukan-email',
      `Baris 2 — email: ${MSG.importFieldEmail}`,
    ]);
    // text that looks like a formula stays text
    expect(sheet.getCell('B3').value).toBe('=HYPERLINK("x")');
    expect(sheet.getCell('B3').formula).toBeUndefined();

    sheet.getCell('H2').value = 'satu@contoh.id';
    sheet.getCell('G3').value = '0812 999 888';
    const again = await ok(Buffer.from(await wb.xlsx.writeBuffer()), 'desa');
    expect(again.problems).toEqual([]);
    expect(again.rows.map((r) => [(r as VillageRow).nama_desa, (r as VillageRow).nama_popular])).toEqual([
      ['Satu', 'Wisata Satu'],
      ['Tiga', '=HYPERLINK("x")'],
    ]);
  });

  it('without the original cells: the template’s columns and the reasons (a whole-file reason too)', async () => {
    const bytes = await refusedRowsXlsx(
      'laporan',
      [
        { baris: 0, kolom: null, pesan: MSG.importMacros },
        { baris: 7, kolom: 'kd_desa', pesan: MSG.importRowVillageUnknown },
      ],
      null,
    );
    const sheet = (await load(bytes)).getWorksheet('Laporan Bulanan')!;
    expect(rowValues(sheet, 1).at(-1)).toBe('Pesan');
    expect(rowValues(sheet, 2).at(-1)).toBe(MSG.importMacros);
    expect(rowValues(sheet, 3).at(-1)).toBe(`Baris 7 — kd_desa: ${MSG.importRowVillageUnknown}`);
  });
});
