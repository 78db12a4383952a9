/**
 * Every route's sample request (events/, `npm run events`) sent over HTTP to the API as
 * `npm start` serves it (the same command: scripts/local-stack.ts offlineCommand), once
 * plain and once with an `Idempotency-Key` and again with the same key (its replay), with a
 * real token of a role the route admits and a real village in its path. No answer may be
 * a 5xx. The village export is also asked for as a link (`tautan=1`), so its stored-file path
 * (the one a file over the inline limit takes: tests/statistics/export-large.test.ts) is served too.
 * Handler tests in vitest load the sources through vitest's own resolver; this is what
 * catches a module that only the served stack cannot load.
 */
// first: this file's lib/ uses the table and bucket of the run's servers
import '../support/offline-table';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_RECORDED, REPLAYED_HEADER } from '../../lib/http/idempotency';
import { ROUTE_KEYS, ROUTES, type AccessRule } from '../../lib/routes';
import type { Role } from '../../lib/contract/roles';
import { sampleEvents, TOKEN_PLACEHOLDER } from '../../scripts/events';
import { OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';
import { makeUser } from '../support/users';
import { villageBody } from '../support/villages';

let server: Offline;
let tokens: Record<Role, string>;
let village: { kd_desa: string; slug: string; email: string };

beforeAll(async () => {
  server = await sharedOffline();
  const [admin, dinas, pengelola] = await Promise.all([makeUser('admin'), makeUser('dinas'), makeUser('pengelola')]);
  tokens = { admin: admin.token, dinas: dinas.token, pengelola: pengelola.token };
  const created = await send('POST', '/api/desa-wisata', {
    headers: { Authorization: `Bearer ${pengelola.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(villageBody(pengelola.email)),
  });
  expect(created.status).toBe(200);
  const data = (JSON.parse(created.text) as { data: { kd_desa: string; slug: string } }).data;
  village = { kd_desa: data.kd_desa, slug: data.slug, email: pengelola.email };
}, OFFLINE_START_TIMEOUT_MS);

async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: Buffer | string } = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers: init.headers, body: init.body, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A role the rule admits: the village's manager where allowed (the sample village is theirs), else an office. */
function roleFor(rule: AccessRule): Role | undefined {
  if (rule.kind === 'public') return undefined;
  const roles = rule.roles ?? ['pengelola'];
  return (['pengelola', 'dinas', 'admin'] as const).find((r) => roles.includes(r));
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The sample event as an HTTP request, with the real token and the real village in place of the placeholders. */
function requestOf(event: APIGatewayProxyEvent, token: string | undefined) {
  const real = (s: string) =>
    s
      .replaceAll('DESA-replace-me1', village.kd_desa)
      .replaceAll('desa-wisata-pentingsari', village.slug)
      .replaceAll('pengelola@example.com', village.email);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined && k.toLowerCase() !== 'host') headers[k] = v;
  if (headers.Authorization) {
    if (token) headers.Authorization = headers.Authorization.replace(TOKEN_PLACEHOLDER, token);
    else delete headers.Authorization;
  }
  const body = event.body == null ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : real(event.body);
  return { method: event.httpMethod, path: real(event.path), headers, body };
}

describe('every route through the served stack (npm start)', { timeout: 600_000 }, () => {
  it('answers every sample request plainly, with an Idempotency-Key and on its replay without a 5xx', async () => {
    const events = await sampleEvents();
    const routes = [...ROUTE_KEYS].sort((a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')));
    const failures: string[] = [];
    let covered = 0;
    for (const key of routes) {
      const spec = ROUTES[key];
      const role = roleFor(spec.access);
      const req = requestOf(events[spec.fn]!, role && tokens[role]);
      const plain = await send(req.method, req.path, req);
      if (plain.status >= 500) failures.push(`${key} plain: ${plain.status} ${plain.text.slice(0, 200)}`);
      if (WRITES.has(req.method)) {
        const keyed = { ...req, headers: { ...req.headers, 'Idempotency-Key': `replay-${randomUUID()}` } };
        const first = await send(req.method, req.path, keyed);
        const again = await send(req.method, req.path, keyed);
        for (const [what, r] of [
          ['keyed', first],
          ['replay', again],
        ] as const)
          if (r.status >= 500) failures.push(`${key} ${what}: ${r.status} ${r.text.slice(0, 200)}`);
        // a kept answer comes back as it was, marked (login and the reset-code check take no key)
        if (!NOT_RECORDED.has(key) && first.status < 500 && ![408, 409, 425, 429].includes(first.status)) {
          if (again.headers.get(REPLAYED_HEADER) !== 'true' || again.status !== first.status)
            failures.push(
              `${key}: the replay answered ${again.status} (replayed: ${again.headers.get(REPLAYED_HEADER)}), the first ${first.status}`,
            );
        }
      }
      covered++;
    }
    expect(failures).toEqual([]);
    expect(covered).toBe(ROUTE_KEYS.length);
  });

  it('serves a village export as a stored file behind a link', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await send('GET', `/api/desa-wisata/export?format=${format}&tautan=1`, {
        headers: { Authorization: `Bearer ${tokens.dinas}` },
      });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      const { url, nama_berkas } = (JSON.parse(res.text) as { data: { url: string; nama_berkas: string } }).data;
      expect(nama_berkas.endsWith(`.${format}`)).toBe(true);
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });
});
