import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handler as selfAssess } from '../../functions/evaluations/self-assess';
import { handler as villageAssessment } from '../../functions/evaluations/village';
import { handler as deleteRound } from '../../functions/evaluations/delete';
import { handler as uploadEvidence } from '../../functions/evaluations/evidence-upload';
import { handler as removeEvidence } from '../../functions/evaluations/evidence-remove';
import { handler as submit } from '../../functions/evaluations/submit';
import { EVIDENCE_FILE_MAX_BYTES } from '../../lib/domain/evaluations';
import { listKeys } from '../../lib/storage/images';
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

describe('evidence one file per request (POST and DELETE …/mandiri/bukti)', () => {
  /** The setup above with the upload and removal routes of its village. */
  async function withUploads() {
    const base = await setup();
    const add = (kriteria: unknown, files: { field: string; data: Buffer }[], token = base.owner.token) =>
      invoke(uploadEvidence, {
        method: 'POST',
        resource: `${V}/mandiri/bukti`,
        pathParameters: base.path,
        ...multipart({ data: JSON.stringify({ kriteria }) }, files),
        token,
      });
    const remove = (query: Record<string, string>, token = base.owner.token) =>
      invoke(removeEvidence, { method: 'DELETE', resource: `${V}/mandiri/bukti`, pathParameters: base.path, query, token });
    const stored = () => listKeys(`evidence/${base.id}/`);
    return { ...base, add, remove, stored };
  }
  const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);

  it('adds a photo (re-encoded) or a PDF to a criterion of the draft, begun if there is none, keeping the rest; answers the evidence with links', async () => {
    const { add, save, id } = await withUploads();
    const photo = await phonePhoto({ width: 1200, height: 900 });
    const first = await add('partisipasi_masyarakat', [{ field: 'berkas', data: photo }]);
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({ status: 'success', message: MSG.evidenceUploaded, data: { status: 'draf' } });
    const [image] = first.body.data.mandiri.bukti.partisipasi_masyarakat.berkas;
    expect(image).toMatchObject({ tipe: 'image/jpeg' });
    expect(image.key).toMatch(new RegExp(`^evidence/${id}/`));
    const got = await fetchBytes(image.url);
    expect(got.status).toBe(200);
    expect((await sharp(got.body).metadata()).exif).toBeUndefined();

    // the draft's values, notes and links stay; a second file joins the first
    await save({ ...SIX, bukti: { partisipasi_masyarakat: { catatan: 'Rapat warga', tautan: ['https://example.org/a'] } } });
    const second = await add('partisipasi_masyarakat', [{ field: 'berkas[]', data: PDF }]);
    expect(second.body.data.mandiri).toMatchObject({
      nilai: SIX,
      bukti: { partisipasi_masyarakat: { catatan: 'Rapat warga', tautan: ['https://example.org/a'] } },
    });
    expect(second.body.data.mandiri.bukti.partisipasi_masyarakat.berkas.map((b: { tipe: string }) => b.tipe)).toEqual([
      'image/jpeg',
      'application/pdf',
    ]);
    // a later draft without `berkas` keeps them
    expect((await save({ ...SIX })).body.data.mandiri.bukti.partisipasi_masyarakat.berkas).toHaveLength(2);
  });

  it(`takes a file of up to ${EVIDENCE_FILE_MAX_BYTES / 1024 / 1024} MB (what one request carries on AWS), refusing a larger one in plain words; one file per request`, async () => {
    const { add, stored } = await withUploads();
    expect(MSG.evidenceFileTooLarge).toContain(`${EVIDENCE_FILE_MAX_BYTES / 1024 / 1024} MB`);
    const largest = await add('keramahan_difabel', [{ field: 'berkas', data: pdfOf(EVIDENCE_FILE_MAX_BYTES) }]);
    expect(largest.statusCode).toBe(200);
    expect(largest.body.data.mandiri.bukti.keramahan_difabel.berkas[0].ukuran).toBe(EVIDENCE_FILE_MAX_BYTES);
    const over = await add('keramahan_difabel', [{ field: 'berkas', data: pdfOf(EVIDENCE_FILE_MAX_BYTES + 1) }]);
    expect(over.statusCode).toBe(413);
    expect(over.body).toEqual({ status: 'fail', message: MSG.evidenceFileTooLarge });
    const two = await add('keramahan_difabel', [
      { field: 'berkas', data: PDF },
      { field: 'berkas', data: PDF },
    ]);
    expect(two.statusCode).toBe(400);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a sixth file, another type, no file, an unknown criterion (with fields), another manager or role, storing nothing', async () => {
    const { add, other, dinas, stored, read, owner } = await withUploads();
    for (let i = 0; i < 5; i++) expect((await add('produk_tempat_wisata', [{ field: 'berkas', data: PDF }])).statusCode).toBe(200);
    const keys = await stored();
    expect(keys).toHaveLength(5);
    expect((await add('produk_tempat_wisata', [{ field: 'berkas', data: PDF }])).body).toEqual({
      status: 'fail',
      message: MSG.evidenceTooMany,
    });
    const html = await add('akses_tempat_wisata', [{ field: 'berkas', data: Buffer.from('<html><script>alert(1)</script></html>') }]);
    expect(html.statusCode).toBe(415);
    expect(html.body).toEqual({ status: 'fail', message: MSG.evidenceTypeInvalid });
    expect((await add('akses_tempat_wisata', [])).body).toEqual({ status: 'fail', message: MSG.evidenceFileMissing });
    expect((await add('lain', [{ field: 'berkas', data: PDF }])).body).toEqual({
      status: 'fail',
      message: `${MSG.evidenceUploadInvalid}: kriteria`,
      fields: { kriteria: MSG.fieldEvidenceCriterion },
    });
    expect((await add('akses_tempat_wisata', [{ field: 'berkas', data: PDF }], other.token)).body).toEqual({
      status: 'fail',
      message: MSG.villageOwnerOnly,
    });
    expect((await add('akses_tempat_wisata', [{ field: 'berkas', data: PDF }], dinas.token)).statusCode).toBe(403);
    expect(await stored()).toEqual(keys);
    expect(Object.keys((await read(owner.token)).body.data.mandiri.bukti)).toEqual(['produk_tempat_wisata']);
  });

  it('removes one file by its key (the object goes); an unknown key is 404; a submitted self-assessment neither takes nor loses files', async () => {
    const { add, remove, stored, path, owner } = await withUploads();
    await add('fasilitas_tempat_wisata', [{ field: 'berkas', data: PDF }]);
    const kept = (await add('fasilitas_tempat_wisata', [{ field: 'berkas', data: pdfOf(2000) }])).body.data.mandiri.bukti
      .fasilitas_tempat_wisata.berkas as { key: string; url: string }[];
    const gone = kept[0]!;
    const res = await remove({ berkas: gone.key });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: MSG.evidenceRemoved });
    expect(res.body.data.mandiri.bukti.fasilitas_tempat_wisata.berkas.map((b: { key: string }) => b.key)).toEqual([kept[1]!.key]);
    expect((await fetchBytes(gone.url)).status).toBe(404);
    expect(await stored()).toEqual([kept[1]!.key]);
    expect((await remove({ berkas: gone.key })).body).toEqual({ status: 'fail', message: MSG.evidenceFileUnknown });
    expect((await remove({ berkas: gone.key })).statusCode).toBe(404);
    expect((await remove({})).body).toEqual({ status: 'fail', message: MSG.evidenceRemoveInvalid });

    // submitted: locked
    await invoke(selfAssess, { method: 'PUT', resource: `${V}/mandiri`, pathParameters: path, body: SIX, token: owner.token });
    const sent = await invoke(submit, { method: 'POST', resource: `${V}/mandiri/ajukan`, pathParameters: path, token: owner.token });
    expect(sent.statusCode).toBe(200);
    expect((await remove({ berkas: kept[1]!.key })).body).toEqual({ status: 'fail', message: MSG.selfAssessmentLocked });
    expect((await add('fasilitas_tempat_wisata', [{ field: 'berkas', data: PDF }])).body).toEqual({
      status: 'fail',
      message: MSG.selfAssessmentLocked,
    });
    expect(await stored()).toEqual([kept[1]!.key]);
  });
});
