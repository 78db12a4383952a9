/**
 * What makes two keyed requests "the same" (lib/http/idempotency.ts fingerprint): the
 * request as read, never its bytes edited. A form is its fields and files, whatever its
 * boundary; any other body its exact bytes with its whole Content-Type. And the reset-code
 * check takes no key: each check answers for the moment it is made.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as appendItems } from '../../functions/tourism/append-items';
import { handler as tourismCreate } from '../../functions/tourism/create';
import { handler as requestReset } from '../../functions/auth/request-reset';
import { handler as verifyReset } from '../../functions/auth/verify-reset';
import { handler as resetPassword } from '../../functions/auth/reset-password';
import { getTourismDescription } from '../../lib/db/tourism-descriptions';
import { MSG } from '../../lib/contract/messages';
import { invoke, mailsTo } from '../support/api';
import { multipart } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

/** A multipart body with the given boundary and one `data` field. */
const form = (boundary: string, data: unknown) => ({
  headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  body: Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`,
  ).toString('base64'),
  isBase64Encoded: true,
});

describe('the Idempotency-Key fingerprint', () => {
  it('two forms that differ only where the boundary string occurs are two requests: 422, the first kept', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    expect(
      (
        await invoke(tourismCreate, {
          method: 'POST',
          resource: '/api/deskripsi-wisata',
          ...multipart({ data: JSON.stringify({ kd_desa }) }, []),
          token: owner.token,
        })
      ).statusCode,
    ).toBe(201);
    const key = randomUUID();
    const send = (name: string, boundary: string) => {
      const f = form(boundary, { suvenir: [{ nama_suvenir: name, harga_suvenir: 1 }] });
      return invoke(appendItems, {
        method: 'PATCH',
        resource: '/api/deskripsi-wisata/{kd_desa}',
        pathParameters: { kd_desa },
        token: owner.token,
        body: f.body,
        isBase64Encoded: true,
        headers: { ...f.headers, 'Idempotency-Key': key },
      });
    };
    expect((await send('x-1', '0')).statusCode).toBe(200);
    const other = await send('x-100', '0');
    expect(other.statusCode).toBe(422);
    expect(other.body.message).toBe(MSG.idempotencyKeyReused);
    // the same form again under a new boundary is the same request: replayed
    const same = await send('x-1', 'another-boundary');
    expect(same.headers['Idempotent-Replayed']).toBe('true');
    expect((await getTourismDescription(kd_desa, true))!.suvenir.map((s) => s.nama_suvenir)).toEqual(['x-1']);
  });

  it('a JSON body with a boundary parameter is compared byte for byte', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const dinas = await makeUser('dinas');
    const key = randomUUID();
    const send = (keterangan: string) =>
      invoke(createStatus, {
        method: 'POST',
        resource: '/api/status-desa',
        token: dinas.token,
        body: JSON.stringify({ kd_desa, status: 'aktif', keterangan }),
        headers: { 'Content-Type': 'application/json; boundary=a', 'Idempotency-Key': key },
      });
    expect((await send('M')).statusCode).toBe(201);
    const other = await send('Maaaa');
    expect(other.statusCode).toBe(422);
  });

  it('the reset-code check takes no key: after the code is used, the same keyed check says it is no longer valid', async () => {
    const user = await makeUser('pengelola');
    expect((await invoke(requestReset, { method: 'POST', resource: '/auth/password', body: { email: user.email } })).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await mailsTo(user.email)).at(-1)!.text)![1]!;
    const key = randomUUID();
    const check = () =>
      invoke(verifyReset, {
        method: 'POST',
        resource: '/auth/password/verify',
        body: { email: user.email, resetCode: code },
        headers: { 'Idempotency-Key': key },
      });
    const first = await check();
    expect(first.statusCode).toBe(200);
    const reset = await invoke(resetPassword, {
      method: 'PUT',
      resource: '/auth/password',
      body: { email: user.email, resetCode: code, newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' },
    });
    expect(reset.statusCode).toBe(200);
    const later = await check();
    expect(later.headers['Idempotent-Replayed']).toBeUndefined();
    expect(later.statusCode).not.toBe(200);
  });
});
