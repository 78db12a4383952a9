import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, toCsv } from '../../lib/domain/export';
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
});
