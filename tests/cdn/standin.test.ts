/**
 * The CDN's rules, proved without AWS: the local stand-in (Varnish with the rules generated
 * from the route table, scripts/serverless-cdn.ts) in front of the run's shared
 * serverless-offline. Every request here goes through the stand-in, as the web app's would
 * through the distribution. After each acknowledged write (village create, update and
 * delete, a score, a status, a description) the very next read by another visitor shows
 * it; a visitor after the first costs the origin a revalidation (304), not a full read;
 * token-dependent answers never reach another token. Skipped, saying why, without Varnish.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCdn, stop, VARNISHD, type Service } from '../../scripts/local-stack';
import { SIX_SCORES, villageDescriptionData } from '../robustness/support/fixture';
import { OFFLINE_START_TIMEOUT_MS, sharedOffline } from '../support/offline';
import { makeUser } from '../support/users';
import { villageBody } from '../support/villages';

if (!VARNISHD) console.warn('tests/cdn/standin.test.ts skipped: Varnish (the CDN stand-in) is not installed (apt-get install varnish).');

describe.skipIf(!VARNISHD)('through the CDN stand-in', { timeout: 120_000 }, () => {
  let cdn: Service;
  let workDir: string;
  let origin = '';
  beforeAll(async () => {
    origin = (await sharedOffline()).baseUrl;
    workDir = mkdtempSync(join(tmpdir(), 'tv-cdn-'));
    cdn = await startCdn({ port: await freePort(), backendPort: Number(new URL(origin).port), workDir });
  }, OFFLINE_START_TIMEOUT_MS);
  afterAll(async () => {
    await stop(cdn);
    rmSync(workDir, { recursive: true, force: true });
  });

  /** A visitor with nothing cached (a new browser): no If-None-Match, gzip like a browser. */
  const visit = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${cdn.endpoint}${path}`, { headers: { 'Accept-Encoding': 'gzip', ...headers } });
    return {
      status: res.status,
      etag: res.headers.get('etag'),
      // what the origin did for this visit: "Miss" (a full read) or "RefreshHit" (304, the kept body)
      cache: res.headers.get('x-cache'),
      body: (await res.json()) as { status: string; data: any },
    };
  };
  const send = async (method: string, path: string, token: string, body: unknown) => {
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}` } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    }
    const res = await fetch(`${cdn.endpoint}${path}`, init);
    return { status: res.status, body: (await res.json()) as { data: any } };
  };
  const names = async () => ((await visit('/api/desa-wisata/details')).body.data as { nama_popular: string }[]).map((v) => v.nama_popular);

  it('a write through it is seen by the very next visitor, for every kind of write', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    await names(); // an earlier visitor: the list is kept

    // village: create, update
    const village = villageBody(owner.email);
    const created = await send('POST', '/api/desa-wisata', owner.token, village);
    expect(created.status).toBe(200);
    const kd = created.body.data.kd_desa as string;
    expect(await names()).toContain(village.nama_popular);
    expect((await visit(`/api/desa-wisata/${kd}`)).status).toBe(200);
    const renamed = `Desa Wisata Lewat CDN ${Date.now()}`;
    expect((await send('PUT', `/api/desa-wisata/${kd}`, owner.token, villageBody(owner.email, { nama_popular: renamed }))).status).toBe(
      200,
    );
    expect(await names()).toContain(renamed);
    expect((await visit(`/api/desa-wisata/${kd}`)).body.data.nama_popular).toBe(renamed);

    // score
    await visit('/api/skor');
    expect((await send('POST', '/api/skor', dinas.token, { kd_desa: kd, ...SIX_SCORES })).status).toBe(201);
    expect((await visit('/api/skor')).body.data.some((s: { kd_desa: string }) => s.kd_desa === kd)).toBe(true);
    expect((await send('PUT', `/api/skor/${kd}`, dinas.token, { ...SIX_SCORES, keramahan_difabel: 99 })).status).toBe(200);
    expect((await visit(`/api/skor/${kd}`)).body.data.keramahan_difabel).toBe(99);

    // status
    const statuses = async () => (await visit('/api/status-desa')).body.data.filter((s: { kd_desa: string }) => s.kd_desa === kd);
    expect(await statuses()).toEqual([]);
    expect((await send('POST', '/api/status-desa', dinas.token, { kd_desa: kd, status: 'aktif', keterangan: 'dibuka' })).status).toBe(201);
    expect((await statuses()).map((s: { status: string }) => s.status)).toEqual(['aktif']);

    // description
    expect((await visit(`/api/deskripsi-desa/${kd}`)).status).toBe(404);
    const form = new FormData();
    form.append('data', JSON.stringify(villageDescriptionData(kd)));
    expect((await send('POST', '/api/deskripsi-desa', owner.token, form)).status).toBe(201);
    expect((await visit(`/api/deskripsi-desa/${kd}`)).body.data.deskripsi_desa).toBe(villageDescriptionData().deskripsi_desa);

    // village: delete
    expect((await send('DELETE', `/api/desa-wisata/${kd}`, owner.token, undefined)).status).toBe(200);
    expect(await names()).not.toContain(renamed);
    expect((await visit(`/api/desa-wisata/${kd}`)).status).toBe(404);
  });

  it('a visitor after the first is answered from the kept body after the origin answered 304', async () => {
    // the run's other files write to the same server: a write between the visits changes the list
    // (another ETag, rightly a full read), so the visits are taken again until nothing came between
    const visits = async () => {
      const [first, second] = [await visit('/api/desa-wisata/details'), await visit('/api/desa-wisata/details')];
      // a browser's own revalidation
      const again = await fetch(`${cdn.endpoint}/api/desa-wisata/details`, { headers: { 'If-None-Match': first.etag! } });
      const moved = second.etag !== first.etag || (again.status !== 304 && again.headers.get('etag') !== first.etag);
      return { first, second, again, moved };
    };
    let v = await visits();
    for (let i = 0; i < 5 && v.moved; i++) v = await visits();
    expect(v.second.cache).toBe('RefreshHit from stand-in');
    expect({ ...v.second, cache: '' }).toEqual({ ...v.first, cache: '' });
    // … is answered 304 as before
    expect(v.again.status).toBe(304);
    // the first visit after a write: one full read
    const owner = await makeUser('pengelola');
    expect((await send('POST', '/api/desa-wisata', owner.token, villageBody(owner.email))).status).toBe(200);
    expect((await visit('/api/desa-wisata/details')).cache).toBe('Miss from stand-in');
  });

  it('never hands an answer made for one token to another token or to a visitor without one', async () => {
    const [a, b] = [await makeUser('pengelola'), await makeUser('pengelola')];
    const me = async (token?: string) =>
      (await fetch(`${cdn.endpoint}/auth/me`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })).json() as Promise<any>;
    for (let i = 0; i < 2; i++) {
      expect((await me(a.token)).user.email).toBe(a.email);
      expect((await me(b.token)).user.email).toBe(b.email);
    }
    expect((await fetch(`${cdn.endpoint}/auth/me`)).status).toBe(401);
  });
});
