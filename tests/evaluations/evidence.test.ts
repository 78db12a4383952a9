import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handler as selfAssess } from '../../functions/evaluations/self-assess';
import { handler as villageAssessment } from '../../functions/evaluations/village';
import { handler as deleteRound } from '../../functions/evaluations/delete';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueName } from '../support/api';
import { newRound, SIX } from '../support/evaluations';
import { CAMERA, phonePhoto } from '../support/images';
import { multipart } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const V = '/api/evaluasi/{id_evaluasi}/desa/{kd_desa}';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function setup() {
  const [dinas, owner, other] = await Promise.all([makeUser('dinas'), makeUser('pengelola'), makeUser('pengelola')]);
  const provinsi = uniqueName('Provinsi Bukti');
  const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
  const id = await newRound(dinas.token, { provinsi });
  const path = { id_evaluasi: id, kd_desa: village.kd_desa };
  const save = (data: Record<string, unknown>, files: { field: string; data: Buffer }[] = [], token = owner.token) =>
    invoke(selfAssess, {
      method: 'PUT',
      resource: `${V}/mandiri`,
      pathParameters: path,
      ...multipart({ data: JSON.stringify(data) }, files),
      token,
    });
  const read = (token: string) => invoke(villageAssessment, { method: 'GET', resource: V, pathParameters: path, token });
  return { dinas, owner, other, id, path, save, read };
}

const fetchBytes = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
};

describe('evidence files', () => {
  it('photos (re-encoded, no GPS or camera data) and PDFs per criterion, private, read through links that expire; kept until a draft drops them', async () => {
    const { dinas, other, id, save, read } = await setup();
    const photo = await phonePhoto({ width: 800, height: 600 });
    const first = await save({ ...SIX, bukti: { partisipasi_masyarakat: { catatan: 'Foto rapat warga' } } }, [
      { field: 'bukti_partisipasi_masyarakat[]', data: photo },
      { field: 'bukti_akses_tempat_wisata[]', data: PDF },
    ]);
    expect(first.statusCode).toBe(200);
    const bukti = first.body.data.mandiri.bukti;
    expect(bukti.partisipasi_masyarakat.catatan).toBe('Foto rapat warga');
    const [image] = bukti.partisipasi_masyarakat.berkas;
    const [pdf] = bukti.akses_tempat_wisata.berkas;
    expect(image.key).toMatch(new RegExp(`^evidence/${id}/`));
    expect(image.tipe).toBe('image/jpeg');
    expect(pdf).toMatchObject({ tipe: 'application/pdf', ukuran: PDF.length });
    expect(Date.parse(image.expires_at)).toBeGreaterThan(Date.now());

    // dinas reads it through the link; the image lost its camera data; the PDF is as sent
    const seen = await read(dinas.token);
    const link = seen.body.data.mandiri.bukti.partisipasi_masyarakat.berkas[0].url as string;
    const got = await fetchBytes(link);
    expect(got.status).toBe(200);
    const meta = await sharp(got.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(got.body.includes(Buffer.from(CAMERA.model))).toBe(false);
    expect((await fetchBytes(seen.body.data.mandiri.bukti.akses_tempat_wisata.berkas[0].url)).body.equals(PDF)).toBe(true);
    // (not public on AWS: the bucket policy opens images/ only; s3rver checks no signature, so that is not tested here)
    expect((await read(other.token)).statusCode).toBe(403);

    // a draft without `berkas` keeps the files; one naming none drops them (and the object goes)
    const kept = await save({ ...SIX });
    expect(kept.body.data.mandiri.bukti.akses_tempat_wisata.berkas.map((b: { key: string }) => b.key)).toEqual([pdf.key]);
    const dropped = await save({ ...SIX, bukti: { akses_tempat_wisata: { berkas: [] } } });
    expect(dropped.body.data.mandiri.bukti.akses_tempat_wisata.berkas).toEqual([]);
    expect(dropped.body.data.mandiri.bukti.partisipasi_masyarakat.berkas).toHaveLength(1);
    expect((await fetchBytes(seen.body.data.mandiri.bukti.akses_tempat_wisata.berkas[0].url)).status).toBe(404);
  });

  it('refuses other types (sniffed), a sixth file, unknown keys and another manager, storing nothing', async () => {
    const { other, save, read, owner } = await setup();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const refused = await save({ ...SIX }, [{ field: 'bukti_keramahan_difabel[]', data: html }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toEqual({ status: 'fail', message: MSG.evidenceTypeInvalid });
    expect((await save({ ...SIX, bukti: { keramahan_difabel: { berkas: ['evidence/lain/berkas.pdf'] } } })).body).toEqual({
      status: 'fail',
      message: MSG.evidenceFileUnknown,
    });
    const five = Array.from({ length: 5 }, () => ({ field: 'bukti_produk_tempat_wisata[]', data: PDF }));
    expect((await save({ ...SIX }, five)).statusCode).toBe(200);
    expect((await save({ ...SIX }, [{ field: 'bukti_produk_tempat_wisata[]', data: PDF }])).body).toEqual({
      status: 'fail',
      message: MSG.evidenceTooMany,
    });
    expect((await save({ ...SIX }, [{ field: 'bukti_produk_tempat_wisata[]', data: PDF }], other.token)).statusCode).toBe(403);
    expect((await read(owner.token)).body.data.mandiri.bukti.produk_tempat_wisata.berkas).toHaveLength(5);
  });

  it("a deleted round's drafts take their evidence with them", async () => {
    const { dinas, id, save } = await setup();
    const saved = await save({ keramahan_difabel: 50 }, [{ field: 'bukti_keramahan_difabel[]', data: PDF }]);
    const url = saved.body.data.mandiri.bukti.keramahan_difabel.berkas[0].url as string;
    expect((await fetchBytes(url)).status).toBe(200);
    const res = await invoke(deleteRound, {
      method: 'DELETE',
      resource: '/api/evaluasi/{id_evaluasi}',
      pathParameters: { id_evaluasi: id },
      token: dinas.token,
    });
    expect(res.statusCode).toBe(200);
    expect((await fetchBytes(url)).status).toBe(404);
  });
});
