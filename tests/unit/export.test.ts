import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, fitsOneAnswer, MAX_ANSWER_BYTES, toCsv } from '../../lib/domain/export';

describe('the export file', () => {
  it('refuses a file over what one Lambda answer carries (413), and keeps a margin under its 6 MB', () => {
    expect(MAX_ANSWER_BYTES).toBeLessThan(6 * 1024 * 1024);
    expect(fitsOneAnswer(MAX_ANSWER_BYTES)).toBe(true);
    expect(fitsOneAnswer(MAX_ANSWER_BYTES + 1)).toBe(false);
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
