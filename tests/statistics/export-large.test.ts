/**
 * An export larger than one Lambda answer (6 MB; here the limit is set to 600 bytes so
 * that three villages exceed it): the file is stored under exports/ and the answer is 303
 * to a presigned link, which downloads it from the S3 emulator over real HTTP.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

vi.hoisted(() => {
  process.env.EXPORT_INLINE_MAX_BYTES = '600';
});

import { handler as exportVillages } from '../../functions/villages/export';
import { invoke } from '../support/api';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

afterAll(() => {
  delete process.env.EXPORT_INLINE_MAX_BYTES;
});

const get = (query: Record<string, string>, token: string) =>
  invoke(exportVillages, { method: 'GET', resource: '/api/desa-wisata/export', query, token });

async function seeded() {
  const owner = await makeUser('pengelola');
  const dinas = await makeUser('dinas');
  const prov = `Provinsi Besar ${Date.now()}`;
  for (const k of ['Satu', 'Dua', 'Tiga']) await makeVillage(owner, { provinsi: prov, kabupaten: k });
  return { dinas, prov };
}

describe('GET /api/desa-wisata/export larger than one answer', () => {
  it('XLSX: 303 to a private, expiring link that downloads the whole file under its name', async () => {
    const { dinas, prov } = await seeded();
    const res = await get({ provinsi: prov }, dinas.token);
    expect(res.statusCode).toBe(303);
    expect(res.headers['Cache-Control']).toMatch(/no-store/);
    const body = res.body as { status: string; data: { url: string; expires_at: string } };
    expect(body.status).toBe('success');
    expect(res.headers['Location']).toBe(body.data.url);
    const url = new URL(body.data.url);
    expect(url.pathname).toMatch(/\/exports\/[0-9a-f-]{36}\/desa-wisata-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(Date.parse(body.data.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);

    const file = await fetch(body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="desa-wisata-.*\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as never);
    expect(workbook.getWorksheet('Desa wisata')!.rowCount).toBe(4); // header + three villages
    // private on AWS (s3rver has no bucket policies): the bucket policy reads images/ alone
    // (the public and the stage's CDN), and export files expire after a day
    const yml = readFileSync(join(__dirname, '..', '..', 'serverless.yml'), 'utf8');
    const policy = yml.slice(yml.indexOf('    ImagesBucketPolicy:'), yml.indexOf('    # ---- Operations'));
    // objects readable: images/ (the public and the CDN) and web/ (the CDN's pages) alone; the CDN's
    // ListBucket (a missing key is a 404) names the bucket, no object
    expect(new Set(policy.match(/!GetAtt ImagesBucket\.Arn, '[^']*'/g))).toEqual(
      new Set(["!GetAtt ImagesBucket.Arn, '/images/*'", "!GetAtt ImagesBucket.Arn, '/web/*'"]),
    );
    expect(policy.match(/Principal: '\*'[\s\S]*?Resource: (.*)/)![1]).toBe("!Join ['', [!GetAtt ImagesBucket.Arn, '/images/*']]");
    expect(policy).not.toMatch(/exports/);
    expect(yml).toMatch(/Prefix: exports\/\n\s+ExpirationInDays: 1\n/);
  });

  it('CSV: through the link as well, byte-order mark and all', async () => {
    const { dinas, prov } = await seeded();
    const plain = await get({ provinsi: prov, format: 'csv' }, dinas.token);
    expect(plain.statusCode).toBe(303);
    const bytes = Buffer.from(await (await fetch((plain.body as { data: { url: string } }).data.url)).arrayBuffer());
    const text = bytes.toString('utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1).trim().split('\n')).toHaveLength(4);
  });
});
