import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { EXPORT_COLUMNS, toCsv, toXlsx } from '../../lib/domain/export';
import { parseConfig } from '../../lib/platform/config';

describe('the export file', () => {
  it("answers inline up to a margin under Lambda's 6 MB, and takes no limit above it", () => {
    const base = { TABLE_NAME: 'table' };
    expect(parseConfig(base).exportInlineMaxBytes).toBeLessThan(6 * 1024 * 1024);
    expect(parseConfig({ ...base, EXPORT_INLINE_MAX_BYTES: '1000' }).exportInlineMaxBytes).toBe(1000);
    expect(() => parseConfig({ ...base, EXPORT_INLINE_MAX_BYTES: String(6 * 1024 * 1024) })).toThrow(/EXPORT_INLINE_MAX_BYTES/);
  });

  it('writes CSV as UTF-8 with a byte-order mark, a header row, empty cells for what is missing, ya/tidak', async () => {
    const row = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.key, null])) as Record<string, null | string | boolean | Date>;
    Object.assign(row, {
      kd_desa: 'DESA-1',
      nama_desa: 'Kampung "Ñusa", Timur',
      akun_terverifikasi: true,
      created_at: new Date('2026-11-24T00:00:00Z'),
    });
    const [header, line] = (await toCsv([row])).slice(1).trim().split('\n');
    expect((await toCsv([])).charCodeAt(0)).toBe(0xfeff);
    expect(header!.split(',')).toHaveLength(EXPORT_COLUMNS.length);
    expect(line).toBe(
      [
        'DESA-1',
        '"Kampung ""Ñusa"", Timur"',
        ...Array(7).fill(''),
        'ya',
        ...Array(EXPORT_COLUMNS.length - 11).fill(''),
        '2026-11-24T00:00:00.000Z',
      ].join(','),
    );
  });

  it('CSV/formula injection: text cells starting with = + - @ tab or CR get a leading quote in CSV and XLSX; numbers do not', async () => {
    const starts = ['=1+1', '+62 812', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1'];
    const row = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.key, null])) as Record<string, null | string | number | boolean | Date>;
    const textKeys = ['nama_desa', 'nama_popular', 'provinsi', 'kabupaten', 'alamat', 'pengelola'];
    textKeys.forEach((k, i) => (row[k] = starts[i]!));
    Object.assign(row, {
      kd_desa: 'DESA-1',
      akun_terverifikasi: false,
      partisipasi_masyarakat: -5,
      rata_rata: 60,
      created_at: new Date(0),
    });

    const csv = await toCsv([row]);
    for (const s of starts) expect(csv).toContain(`'${s}`);
    expect(csv).toContain(',-5,');
    expect(csv).not.toContain("'-5");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx([row])) as never);
    const cells = workbook.getWorksheet('Desa wisata')!.getRow(2);
    const at = (key: string) => cells.getCell(EXPORT_COLUMNS.findIndex((c) => c.key === key) + 1).value;
    // (XML reads a CR back as a line feed)
    textKeys.forEach((k, i) => expect(at(k)).toBe(`'${starts[i]!.replace('\r', '\n')}`));
    expect(at('partisipasi_masyarakat')).toBe(-5);
    expect(at('kd_desa')).toBe('DESA-1');
  });
});
