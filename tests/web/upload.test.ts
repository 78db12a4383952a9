/**
 * What `serverless deploy` does with the pages (scripts/serverless-web.cjs): builds them
 * before the stack changes and uploads the build to the bucket's web/ after it, into s3rver
 * here (scripts/web.ts `uploadWeb`): every built file with its type and caching, the html
 * last, nothing of Vite's own. No other command builds or uploads.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local-stack';
import { builtFiles, uploadWeb, WEB_BUCKET_PREFIX, WEB_PAGES } from '../../scripts/web';
import { builtWeb, WEB_BUILD_TIMEOUT_MS } from '../support/offline';

let dist = '';
let client: S3Client;
const bucket = () => process.env.BUCKET_NAME!;
beforeAll(async () => {
  dist = await builtWeb();
  client = new S3Client({
    region: process.env.AWS_REGION,
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
  });
}, WEB_BUILD_TIMEOUT_MS);
afterAll(() => client?.destroy());

describe("the pages' upload (serverless deploy)", () => {
  it("puts every built file below web/ with its type and caching, the pages last, nothing of Vite's own", async () => {
    const keys = await uploadWeb(client, bucket(), dist);
    const files = builtFiles(dist);
    expect(files.some((f) => f.startsWith('.vite'))).toBe(false);
    expect([...keys].sort()).toEqual(files.map((f) => `${WEB_BUCKET_PREFIX}/${f}`).sort());
    // the html that names the assets comes after them
    const html = WEB_PAGES.map((p) => `${WEB_BUCKET_PREFIX}/${p}/index.html`);
    expect(keys.slice(-html.length).sort()).toEqual([...html].sort());

    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: `${WEB_BUCKET_PREFIX}/` }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
      const asset = key.startsWith(`${WEB_BUCKET_PREFIX}/assets/`);
      expect(head.CacheControl, key).toBe(asset ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (key.endsWith('.html')) expect(head.ContentType, key).toBe('text/html; charset=utf-8');
      if (key.endsWith('.js')) expect(head.ContentType, key).toBe('text/javascript; charset=utf-8');
      if (key.endsWith('.css')) expect(head.ContentType, key).toBe('text/css; charset=utf-8');
    }
    const page = await client.send(new GetObjectCommand({ Bucket: bucket(), Key: html[0] }));
    expect(await page.Body!.transformToString()).toBe(readFileSync(join(dist, WEB_PAGES[0], 'index.html'), 'utf8'));
  });

  it('refuses a folder that is not a build of every page', async () => {
    const partial = mkdtempSync(join(tmpdir(), 'tv-web-partial-'));
    try {
      cpSync(join(dist, 'assets'), join(partial, 'assets'), { recursive: true });
      cpSync(join(dist, WEB_PAGES[0]), join(partial, WEB_PAGES[0]), { recursive: true });
      await expect(uploadWeb(client, bucket(), partial)).rejects.toThrow(/not a build of every page/);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  });

  it('builds and uploads on `serverless deploy` alone: not on package, offline, print or a one-function deploy', () => {
    const WebPages = createRequire(__filename)('../../scripts/serverless-web.cjs');
    const hooks = (...commands: string[]) => Object.keys(new WebPages({ processedInput: { commands } }, {}, {}).hooks).sort();
    expect(hooks('deploy')).toEqual(['after:deploy:deploy', 'before:deploy:deploy']);
    for (const commands of [['package'], ['offline', 'start'], ['print'], ['deploy', 'function'], ['deploy', 'list']])
      expect(hooks(...commands), commands.join(' ')).toEqual([]);
  });
});
