/**
 * CDN: a first-time visitor's GET /api/desa-wisata/details (a fresh client: no If-None-Match,
 * gzip like a browser) through the CDN's local stand-in (Varnish with CloudFront's rules for
 * this service, scripts/serverless-cdn.ts) after one earlier visitor, against the same read
 * straight from the origin, at each scale size, in the same run. The origin is a small HTTP
 * server in this process that invokes the bundled handler, so every DynamoDB command a visit
 * costs is observed (items read: the commands replayed with ReturnConsumedCapacity). Then a
 * village is created through lib/ and the next visitor must get the new list in one full read.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '../../lib/routes';
import { freePort, startCdn, stop, VARNISHD } from '../../scripts/local-stack';
import { apiEvent } from './events';
import { invoke, loadHandler, type Handler } from './handlers';
import { observe, type DbCall } from './observer';
import type { ScaleContext, ScaleTable } from './scale';
import { useTable } from './stack';
import { median, round } from './stats';

const PATH = '/api/desa-wisata/details';

interface Reads {
  median: number;
  /** DynamoDB commands and items one visit cost the origin. */
  requests: number;
  itemsRead: number;
}

export interface CdnPoint {
  villages: number;
  n: number;
  direct: Reads;
  /** After one earlier visitor: each visit a revalidation at the origin (304), the kept body delivered. */
  viaCdn: Reads & { originAnswers: string[] };
  latencyShare: number;
  itemsShare: number;
  /** The first visit after a write: what the origin did, what it read, whether the new village was in the answer. */
  afterWrite: { originAnswer: string; itemsRead: number; fresh: boolean };
}

export interface CdnResult {
  points: CdnPoint[];
  skipped?: string;
}

/** The bundled handler behind HTTP, one request at a time; `calls` gets each invocation's DynamoDB commands. */
function origin(handler: Handler, calls: DbCall[][]): Server {
  return createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    if (url.pathname !== PATH) {
      res.writeHead(404).end();
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const query = Object.fromEntries(url.searchParams);
    const event = apiEvent({ method: req.method ?? 'GET', resource: PATH, headers, ...(url.search ? { query } : {}) });
    observe(() => invoke(handler, event)).then(
      (run) => {
        calls.push(run.calls);
        const r = run.result;
        res.writeHead(r.statusCode, r.headers as Record<string, string>);
        res.end(r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body);
      },
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
}

/** A visitor with nothing cached: the answer in full, how long it took, what the stand-in says the origin did. */
async function visit(base: string): Promise<{ ms: number; status: number; cache: string; count: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${PATH}`, { headers: { 'Accept-Encoding': 'gzip' } });
  const body = (await res.json()) as { data: unknown[] };
  return { ms: performance.now() - started, status: res.status, cache: res.headers.get('x-cache') ?? '', count: body.data.length };
}

export async function cdnPhase(ctx: ScaleContext, tables: ScaleTable[]): Promise<CdnResult> {
  const { fn } = ROUTES['GET /api/desa-wisata/details'];
  if (!VARNISHD) return { points: [], skipped: 'Varnish (the CDN stand-in) is not installed: apt-get install varnish' };
  const points: CdnPoint[] = [];
  for (const t of tables) {
    useTable(ctx.stack, t.table);
    const calls: DbCall[][] = [];
    const server = origin(loadHandler(ctx.root, ctx.build, fn), calls);
    const originPort = await freePort();
    await new Promise<void>((r) => server.listen(originPort, '127.0.0.1', r));
    const workDir = mkdtempSync(join(tmpdir(), 'tv-bench-cdn-'));
    const cdn = await startCdn({ port: await freePort(), backendPort: originPort, workDir });
    const items = async (c: DbCall[]) => (await ctx.floor.replay(c, true)).itemsRead;
    try {
      const n = Math.max(3, ctx.n);
      // the direct read (today's first visit), then through the stand-in after one earlier visitor
      const direct: number[] = [];
      for (let i = 0; i < n; i++) direct.push((await visit(`http://127.0.0.1:${originPort}`)).ms);
      const directCalls = calls.at(-1)!;
      const earlier = await visit(cdn.endpoint);
      const via: Awaited<ReturnType<typeof visit>>[] = [];
      const before = calls.length;
      for (let i = 0; i < n; i++) via.push(await visit(cdn.endpoint));
      const viaCalls = calls.slice(before);
      // a write, then the next visitor
      await t.fx.libVillage(undefined, { score: false, description: false });
      const afterCalls = calls.length;
      const after = await visit(cdn.endpoint);
      const d: Reads = { median: round(median(direct)), requests: directCalls.length, itemsRead: await items(directCalls) };
      const v: Reads = {
        median: round(median(via.map((x) => x.ms)), 2),
        requests: Math.max(...viaCalls.map((c) => c.length)),
        itemsRead: Math.max(...(await Promise.all(viaCalls.map(items)))),
      };
      const point: CdnPoint = {
        villages: t.size,
        n,
        direct: d,
        viaCdn: { ...v, originAnswers: [...new Set(via.map((x) => x.cache))] },
        latencyShare: round(v.median / d.median, 4),
        itemsShare: round(v.itemsRead / d.itemsRead, 5),
        afterWrite: {
          originAnswer: after.cache,
          itemsRead: await items(calls.slice(afterCalls).flat()),
          fresh: after.count === earlier.count + 1,
        },
      };
      points.push(point);
      ctx.log(
        `cdn: ${t.size} villages: direct ${d.median} ms (${d.itemsRead} items); first visit through the stand-in ${v.median} ms ` +
          `(${v.itemsRead} items, ${point.viaCdn.originAnswers.join('/')}); after a write: ${after.cache}, fresh ${point.afterWrite.fresh}`,
      );
    } finally {
      await stop(cdn);
      await new Promise((r) => server.close(r));
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  return { points };
}
