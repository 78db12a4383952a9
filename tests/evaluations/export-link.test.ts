/**
 * The exports' link as JSON (`tautan=1`), for pages whose CSP lets them fetch only their own
 * origin: 200 `data: {url, nama_berkas, expires_at}` whatever the file's size, the file stored
 * privately as a large one is; without it the answers are as before (inline, or 303 over the
 * limit). The limit is set to 3,000 bytes here, so a round's one-village CSV fits one answer
 * and its XLSX does not.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';

vi.hoisted(() => {
  process.env.EXPORT_INLINE_MAX_BYTES = '3000';
});

import { handler as exportRound } from '../../functions/evaluations/export';
import { handler as exportVillages } from '../../functions/villages/export';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueName } from '../support/api';
import { idPath, newRound, R, rounds, saveDraft } from '../support/evaluations';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

afterAll(() => {
  delete process.env.EXPORT_INLINE_MAX_BYTES;
});

const get = (id: string, query: Record<string, string>, token: string) =>
  invoke(exportRound, { method: 'GET', resource: `${R}/export`, pathParameters: idPath(id), query, token });

interface Link {
  url: string;
  nama_berkas: string;
  expires_at: string;
}

/** A 200 link answer: its shape, a private expiring link that downloads the file under its name; the bytes. */
async function followLink(res: Awaited<ReturnType<typeof get>>, name: RegExp): Promise<Buffer> {
  expect(res.statusCode).toBe(200);
  expect(res.headers['Content-Type']).toMatch(/^application\/json/);
  expect(res.headers['Location']).toBeUndefined();
  expect(res.headers['Cache-Control']).toMatch(/no-store/);
  const body = res.body as { status: string; data: Link };
  expect(body.status).toBe('success');
  expect(Object.keys(body.data).sort()).toEqual(['expires_at', 'nama_berkas', 'url']);
  expect(body.data.nama_berkas).toMatch(name);
  const url = new URL(body.data.url);
  expect(url.pathname.endsWith(`/${body.data.nama_berkas}`)).toBe(true);
  expect(url.pathname).toMatch(/\/exports\/[0-9a-f-]{36}\//);
  expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
  expect(Date.parse(body.data.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
  const file = await fetch(body.data.url);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${body.data.nama_berkas}"`);
  return Buffer.from(await file.arrayBuffer());
}

describe('GET …/export?tautan=1', () => {
  it("a round's file: the link as JSON for a file that fits one answer and for one that does not; without it, as before", async () => {
    const provinsi = uniqueName('Provinsi Tautan');
    const [dinas, admin, owner] = await Promise.all([makeUser('dinas'), makeUser('admin'), makeUser('pengelola')]);
    const { kd_desa } = await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
    const id = await newRound(dinas.token, { provinsi });
    await saveDraft(id, kd_desa, owner.token);
    expect((await rounds.send(id, kd_desa, owner.token)).statusCode).toBe(200);

    // the CSV fits one answer: inline without tautan, a link with it (stored all the same)
    const inline = await get(id, { format: 'csv' }, dinas.token);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    const csv = (await followLink(await get(id, { format: 'csv', tautan: '1' }, dinas.token), /^evaluasi-EVAL-.*\.csv$/)).toString('utf8');
    expect(csv.replace(/^\uFEFF/, '')).toBe(inline.rawBody.replace(/^\uFEFF/, ''));
    expect(csv).toContain(`${kd_desa},`);

    // the XLSX does not: 303 without tautan (unchanged), the link as JSON with it
    const redirected = await get(id, {}, dinas.token);
    expect(redirected.statusCode).toBe(303);
    expect(redirected.headers['Location']).toBe((redirected.body as { data: Link }).data.url);
    const xlsx = await followLink(await get(id, { tautan: '1' }, admin.token), /^evaluasi-EVAL-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as never);
    expect(workbook.getWorksheet('Evaluasi')!.rowCount).toBe(2);

    // tautan=0 is the default; anything else is refused; access as before
    expect((await get(id, { format: 'csv', tautan: '0' }, dinas.token)).headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect((await get(id, { tautan: 'ya' }, dinas.token)).body).toEqual({ status: 'fail', message: MSG.roundExportQueryInvalid });
    expect((await get(id, { format: 'pdf' }, dinas.token)).body).toEqual({ status: 'fail', message: MSG.roundExportQueryInvalid });
    expect((await get(id, { tautan: '1' }, owner.token)).statusCode).toBe(403);
  });

  it('the village export takes it too', async () => {
    const provinsi = uniqueName('Provinsi Tautan');
    const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
    await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
    const res = await invoke(exportVillages, {
      method: 'GET',
      resource: '/api/desa-wisata/export',
      query: { provinsi, format: 'csv', tautan: '1' },
      token: dinas.token,
    });
    const text = (await followLink(res, /^desa-wisata-\d{4}-\d{2}-\d{2}\.csv$/)).toString('utf8');
    expect(text.trim().split('\n')).toHaveLength(2);
    expect(
      (await invoke(exportVillages, { method: 'GET', resource: '/api/desa-wisata/export', query: { tautan: '1' }, token: owner.token }))
        .statusCode,
    ).toBe(403);
  });
});
