import { storedFrom } from '../support/images';
import { describe, expect, it } from 'vitest';
import { handler as upload } from '../../functions/uploads/upload-image';
import { MSG } from '../../lib/contract/messages';
import { STATUS_OF } from '../../lib/http/errors';
import { IMAGE_MAX_BYTES } from '../../lib/domain/images';
import { parseMultipart } from '../../lib/http/multipart';
import { invoke } from '../support/api';
import { bucketKeys, fetchImage } from '../support/bucket';
import { jpeg, multipart, png, webp } from '../support/multipart';
import { makeUser } from '../support/users';

const send = (form: ReturnType<typeof multipart>, token?: string) =>
  invoke(upload, { method: 'POST', resource: '/api/upload/gambar', ...form, headers: form.headers, token });

describe('POST /api/upload/gambar', () => {
  it('stores JPG, PNG and WebP under a generated key; the URL serves the image (re-encoded), its variants beside it', async () => {
    const user = await makeUser('pengelola');
    for (const data of [png(2048), jpeg(4096), webp(1024)]) {
      const res = await send(multipart({}, [{ field: 'file', data, filename: '../../etc/passwd.png' }]), user.token);
      expect(res.statusCode).toBe(200);
      const base = String(res.body.url).replace(/\.(png|jpg|webp)$/, '');
      expect(res.body).toEqual({
        status: 'success',
        url: expect.any(String),
        gambar_varian: { [res.body.url]: { card: `${base}.card.webp`, thumb: `${base}.thumb.webp` } },
      });
      expect(res.body.url).toMatch(new RegExp(`/images/u/${user.id}/[0-9a-f-]{36}\\.(png|jpg|webp)$`));
      expect(res.body.url).not.toContain('passwd');
      expect(await storedFrom(await fetchImage(res.body.url), data)).toBe(true);
    }
  });

  it('recognises the type by its bytes: a text file named .png sent as image/png is refused', async () => {
    const user = await makeUser('pengelola');
    const before = await bucketKeys();
    const res = await send(
      multipart({}, [{ field: 'file', data: Buffer.from('just some text, not an image'), filename: 'x.png', contentType: 'image/png' }]),
      user.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.imageTypeInvalid });
    expect(await bucketKeys()).toEqual(before);
  });

  it('400 "No file uploaded" without a file; 401 without a token', async () => {
    const user = await makeUser('dinas');
    expect((await send(multipart({ other: 'x' }), user.token)).body).toEqual({ status: 'fail', message: MSG.noFileUploaded });
    expect((await invoke(upload, { method: 'POST', resource: '/api/upload/gambar', token: user.token })).body).toEqual({
      status: 'fail',
      message: MSG.noFileUploaded,
    });
    expect((await send(multipart({}, [{ field: 'file', data: png() }]))).body).toEqual({ status: 'fail', message: MSG.tokenMissing });
  });

  it('refuses a 5 MB + 1 byte file and a request over the payload ceiling; accepts 4 MB', async () => {
    const user = await makeUser('pengelola');
    const tooBig = await send(multipart({}, [{ field: 'file', data: png(5 * 1024 * 1024 + 1) }]), user.token);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body.status).toBe('fail');
    const ok = await send(multipart({}, [{ field: 'file', data: png(4 * 1024 * 1024) }]), user.token);
    expect(ok.statusCode).toBe(200);
  });

  it('the 5 MB per-file limit holds on its own, below the payload ceiling (busboy stops at the limit)', async () => {
    const limits = { fileSize: IMAGE_MAX_BYTES, files: 1, filesPerField: 1, fileFields: ['file'], fields: 1, fieldSize: 100 };
    const form = (size: number) => {
      const m = multipart({}, [{ field: 'file', data: png(size) }]);
      return [Buffer.from(m.body as string, 'base64'), m.headers!['Content-Type']!] as const;
    };
    const exact = await parseMultipart(...form(IMAGE_MAX_BYTES), limits);
    expect(exact.files[0]!.data.length).toBe(IMAGE_MAX_BYTES);
    await expect(parseMultipart(...form(IMAGE_MAX_BYTES + 1), limits)).rejects.toMatchObject({
      kind: 'tooLarge', // answered 413 (STATUS_OF in lib/http/errors.ts)
      message: MSG.fileTooLarge,
    });
    expect(STATUS_OF.tooLarge).toBe(413);
  });

  it('a malformed multipart body is a 400', async () => {
    const user = await makeUser('pengelola');
    const res = await invoke(upload, {
      method: 'POST',
      resource: '/api/upload/gambar',
      headers: { 'Content-Type': 'multipart/form-data; boundary=abc' },
      body: Buffer.from('--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG').toString('base64'),
      isBase64Encoded: true,
      token: user.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe('fail');
  });
});
