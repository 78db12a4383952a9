/**
 * Every route that changes data writes history: each write route of the table, sent its
 * valid sample request (tests/robustness/support/samples.ts) by a caller its rule allows,
 * leaves the history entries its catalogue entry states (`facts.records`, lib/openapi/catalogue).
 * A new write route fails here until it states and writes them, or states in its entry why it
 * records none (`facts.noHistory`) and writes none.
 */
import '../robustness/support/own-bucket';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessRule } from '../../lib/auth/access-rules';
import type { LambdaHandler } from '../../lib/http/handler';
import { ROOT } from '../../scripts/local-stack';
import { declaredRoutes, type DeclaredRoute } from '../support/routes';
import { allItems } from '../support/table';
import { makeFixture, sameScores, villageDescriptionData, villageSet, type Fixture } from '../robustness/support/fixture';
import { listVersions } from '../../lib/db/list-versions';
import { LIST_KINDS } from '../../lib/contract/lists';
import { villageBody } from '../support/villages';
import { ROUTE_DOCS, type DocumentedRoute } from '../../lib/openapi/catalogue';
import { callerFor, historyActions, SAMPLES, sampleEvent, type SampleRequest } from '../robustness/support/samples';

/** Why a write route records no history, as its catalogue entry states it (`facts.noHistory`). */
const noHistory = (key: string): string | undefined => ROUTE_DOCS[key as DocumentedRoute]?.facts.noHistory;

/** Changes with no field to show (a password reset of an account with no login locks: the password itself is never shown). */
const MAY_SHOW_NO_FIELDS = new Set(['account.password_reset']);

let fx: Fixture;
beforeAll(async () => {
  fx = await makeFixture({ resetCode: true });
}, 60_000);

const historyItems = async () => (await allItems()).filter((i) => String(i.PK).startsWith('HIST#'));
const entryIds = async () => new Set((await historyItems()).map((i) => `${i.PK}|${i.SK}`));
async function send(route: DeclaredRoute, sample: SampleRequest, token: string | undefined) {
  const mod = (await import(join(ROOT, `${route.handler.replace(/\.handler$/, '')}.ts`))) as { handler: LambdaHandler };
  const before = await entryIds();
  const res = await mod.handler(sampleEvent(route, sample, token), { awsRequestId: randomUUID() });
  const added = (await historyItems()).filter((i) => !before.has(`${i.PK}|${i.SK}`));
  return { res, added };
}

/** The sample made invalid: an unknown record in the path, or else an empty body (either way a 4xx). */
function refusedOf(s: SampleRequest): SampleRequest {
  if (s.pathParameters && Object.keys(s.pathParameters).length)
    return { ...s, pathParameters: Object.fromEntries(Object.keys(s.pathParameters).map((k) => [k, `TIDAK-ADA-${k}`])) };
  return { ...s, json: {}, form: s.form ? { data: {}, files: [] } : undefined };
}

describe('every write route writes history', () => {
  const allWrites = declaredRoutes().filter((r) => r.method !== 'GET' && r.method !== 'ANY');
  const writes = allWrites.filter((r) => noHistory(r.key) === undefined);
  const unrecorded = allWrites.filter((r) => noHistory(r.key) !== undefined);
  it('there are write routes, and the catalogue entry of each names the actions it records, or why it records none', () => {
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.map((r) => r.key).filter((k) => !historyActions(k)?.length)).toEqual([]);
    // not both, and a reason that says something
    expect(unrecorded.map((r) => r.key).filter((k) => historyActions(k) !== undefined || !noHistory(k)!.trim())).toEqual([]);
    // only a write states it records nothing
    const reads = declaredRoutes().filter((r) => (r.method === 'GET' || r.method === 'ANY') && noHistory(r.key) !== undefined);
    expect(reads.map((r) => r.key)).toEqual([]);
  });
  for (const route of unrecorded) {
    it(`${route.key}: records no history (${noHistory(route.key)})`, { timeout: 60_000 }, async () => {
      const caller = callerFor(fx, (ACCESS_RULES as Record<string, AccessRule>)[route.key]!);
      const sample = await SAMPLES[route.key]!({ fx, owner: fx.owner });
      const { res, added } = await send(route, sample, caller?.token);
      expect(res.statusCode, `${route.key}: the valid sample`).toBe(sample.ok);
      expect(added, `${route.key}: its catalogue entry says it records nothing`).toEqual([]);
    });
  }
  for (const route of writes) {
    it(`${route.key}: its entries, with their actions, actor and before → after; a refused request none`, { timeout: 60_000 }, async () => {
      const rule = (ACCESS_RULES as Record<string, AccessRule>)[route.key]!;
      const caller = callerFor(fx, rule);
      const sample = await SAMPLES[route.key]!({ fx, owner: fx.owner });
      const { res, added } = await send(route, sample, caller?.token);
      expect(res.statusCode, `${route.key}: the valid sample`).toBe(sample.ok);
      const actions = historyActions(route.key) ?? [];
      expect(added.map((e) => e.action).sort(), `${route.key}: entries written`).toEqual([...actions].sort());
      for (const entry of added) {
        expect(entry.actor_id).toBe(caller ? String(caller.id) : 'anonymous');
        if (caller) expect(entry).toMatchObject({ actor_role: caller.role, actor_username: caller.username });
        const changes = entry.changes as Record<string, { before?: unknown; after?: unknown }>;
        if (!MAY_SHOW_NO_FIELDS.has(String(entry.action))) expect(Object.keys(changes).length, 'changed fields').toBeGreaterThan(0);
        // secrets never
        expect(JSON.stringify(entry)).not.toMatch(/password_hash|scrypt|code_hash|signup_source|rahasia-123|rahasia-baru/);
      }

      const refused = await send(route, refusedOf(await SAMPLES[route.key]!({ fx, owner: fx.owner })), caller?.token);
      expect(refused.res.statusCode, `${route.key}: the refused request`).toBeGreaterThanOrEqual(400);
      expect(refused.res.statusCode).toBeLessThan(500);
      expect(refused.added, `${route.key}: a refused write leaves no entry`).toEqual([]);
    });
  }
});

describe('an update that changes nothing writes nothing', () => {
  it(
    'no-op update: the same PUT body twice (village, both descriptions, request, status, score) → one entry, the same answer, no list version moved',
    { timeout: 120_000 },
    async () => {
      const set = await villageSet(fx.owner, fx.dinas);
      const kd = { kd_desa: set.kd };
      const same: Record<string, SampleRequest> = {
        'PUT /api/desa-wisata/{kd_desa}': {
          pathParameters: kd,
          json: villageBody(fx.owner.email, { nama_popular: `Desa Wisata Sama ${randomUUID()}` }),
          ok: 200,
        },
        'PUT /api/deskripsi-desa/{kd_desa}': {
          pathParameters: kd,
          form: { data: { ...villageDescriptionData(), deskripsi_desa: 'Deskripsi yang sama' }, files: [] },
          ok: 200,
        },
        'PUT /api/deskripsi-wisata/{kd_desa}': {
          pathParameters: kd,
          form: {
            data: { penjelasan_umum: 'Penjelasan yang sama', atraksi: [{ id: 1, nama_atraksi: 'Tracking', kategori_atraksi: 'Alam' }] },
            files: [],
          },
          ok: 200,
        },
        'PUT /api/permintaan/{kd_permintaan}': {
          pathParameters: { kd_permintaan: set.kdPermintaan },
          json: { status_permintaan: 'diterima' },
          ok: 200,
        },
        'PUT /api/status-desa/{kd_status}': {
          pathParameters: { kd_status: set.kdStatus },
          json: { status: 'nonaktif', keterangan: 'Tutup' },
          ok: 200,
        },
        'PUT /api/skor/{kd_desa}': { pathParameters: kd, json: sameScores(55), ok: 200 },
      };
      for (const [key, sample] of Object.entries(same)) {
        const route = declaredRoutes().find((r) => r.key === key)!;
        const token = callerFor(fx, (ACCESS_RULES as Record<string, AccessRule>)[key]!)?.token;
        const first = await send(route, sample, token);
        expect(first.res.statusCode, key).toBe(200);
        expect(
          first.added.map((e) => e.action),
          key,
        ).toEqual(historyActions(key));
        const versions = await listVersions(LIST_KINDS);
        const second = await send(route, sample, token);
        expect(second.res.statusCode, `${key}: again`).toBe(200);
        expect(JSON.parse(second.res.body as string), `${key}: the same answer`).toEqual(JSON.parse(first.res.body as string));
        expect(second.added, `${key}: no second entry`).toEqual([]);
        expect(await listVersions(LIST_KINDS), `${key}: list versions`).toEqual(versions);
      }
    },
  );
});
