/**
 * The CDN of the packaged template (`serverless package --stage dev`, tests/support/package.ts):
 * CloudFront in front of the API, the images and the pages in the bucket, its cached paths
 * derived from the route table (scripts/serverless-cdn.ts). Read as CloudFront reads it: the
 * first behavior whose pattern matches a path decides; the default behavior takes the rest.
 */
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_KEYS, ROUTES, splitRouteKey, type RouteSpec } from '../../lib/routes';
import { ASSETS_PATTERN, examplePath, IMAGES_PATTERN, MANAGED, PAGE_PATTERNS, patternSource } from '../../scripts/serverless-cdn';
import { WEB_BUCKET_PREFIX, WEB_CSP, WEB_PAGES } from '../../scripts/web';
import { PACKAGE_TIMEOUT_MS, packagedService, type Packaged } from '../support/package';

let template: Packaged['template'];
beforeAll(async () => {
  template = (await packagedService()).template;
}, PACKAGE_TIMEOUT_MS);

const config = () => template.Resources.Cdn!.Properties.DistributionConfig;
const behaviors = (): Record<string, any>[] => config().CacheBehaviors;
const regex = (pattern: string) => new RegExp(patternSource(pattern));
/** The behavior CloudFront applies to a path. */
const behaviorFor = (path: string): Record<string, any> =>
  behaviors().find((b) => regex(b.PathPattern as string).test(path)) ?? config().DefaultCacheBehavior;
const cached = (b: Record<string, any>) => JSON.stringify(b.CachePolicyId) === JSON.stringify({ Ref: 'CdnPublicReads' });

/** Every route with each of its paths (the web app's second path too). */
const routes = ROUTE_KEYS.flatMap((key) => {
  const { method, path } = splitRouteKey(key);
  const spec = ROUTES[key] as RouteSpec;
  return [path, ...(spec.webApp ? [spec.webApp] : [])].map((p) => ({ key, method, path: p, spec }));
});

describe('the CDN in the packaged template', () => {
  it('caches the public GET routes and nothing else: no token route, no write, no /auth path, no export', () => {
    for (const r of routes.filter((x) => x.method === 'GET')) {
      expect(cached(behaviorFor(examplePath(r.path))), `${r.key} (${r.path})`).toBe(r.spec.access.kind === 'public');
    }
    const publicGets = routes.filter((r) => r.method === 'GET' && r.spec.access.kind === 'public').length;
    expect(publicGets).toBeGreaterThan(10);
    for (const path of ['/auth/me', '/authentication/me', '/api/desa-wisata/export', '/api/evaluasi/x1/export', '/api/riwayat'])
      expect(cached(behaviorFor(path)), path).toBe(false);
    expect(cached(config().DefaultCacheBehavior)).toBe(false);
    expect(config().DefaultCacheBehavior.CachePolicyId).toBe(MANAGED.cachingDisabled);
  });

  it('keeps only GET and HEAD answers, and passes every method of every route to the API with its headers, body and query', () => {
    for (const b of [config().DefaultCacheBehavior, ...behaviors()]) expect(b.CachedMethods, b.PathPattern).toEqual(['GET', 'HEAD']);
    for (const r of routes) {
      const b = behaviorFor(examplePath(r.path));
      expect(b.TargetOriginId, r.key).toBe('api');
      expect(b.AllowedMethods, r.key).toContain(r.method === 'ANY' ? 'DELETE' : r.method);
      // all viewer headers but Host (Authorization, Content-Type, Idempotency-Key, Origin), the body and the query string
      expect(b.OriginRequestPolicyId, r.key).toBe(MANAGED.allViewerExceptHostHeader);
      expect(b.Compress, r.key).toBe(false); // the function compresses (gzip in the function)
    }
  });

  it("keys the public reads on path, query, Origin and the encoding (gzip and brotli apart), never on Authorization or cookies, and lets the origin's Cache-Control decide", () => {
    const policy = template.Resources.CdnPublicReads!.Properties.CachePolicyConfig;
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toEqual({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Origin'] },
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
    });
  });

  it('sends the API to the stage of its REST API over HTTPS, and /images/* to the bucket through origin access control', () => {
    const [api, images] = config().Origins;
    expect(api).toMatchObject({
      Id: 'api',
      DomainName: { 'Fn::Sub': '${ApiGatewayRestApi}.execute-api.${AWS::Region}.amazonaws.com' },
      OriginPath: '/dev',
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only' },
    });
    expect(images).toMatchObject({
      Id: 'images',
      DomainName: { 'Fn::GetAtt': ['ImagesBucket', 'RegionalDomainName'] },
      OriginAccessControlId: { 'Fn::GetAtt': ['CdnImagesAccess', 'Id'] },
    });
    const img = behaviors().find((b) => b.PathPattern === IMAGES_PATTERN)!;
    expect(img).toMatchObject({ TargetOriginId: 'images', CachePolicyId: MANAGED.cachingOptimized, AllowedMethods: ['GET', 'HEAD'] });
    // the bucket lets this distribution read images/, and nothing else
    const statements = template.Resources.ImagesBucketPolicy!.Properties.PolicyDocument.Statement as Record<string, any>[];
    const cdn = statements.filter((s) => s.Principal?.Service === 'cloudfront.amazonaws.com');
    expect(cdn.map((s) => s.Action).sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
    const read = cdn.find((s) => s.Action === 's3:GetObject')!;
    expect(JSON.stringify(read.Resource)).toContain('/images/*');
    expect(JSON.stringify(read.Resource)).toContain(`/${WEB_BUCKET_PREFIX}/*`);
    expect((read.Resource as unknown[]).length).toBe(2);
    // listing (a missing key is then 404, not 403) on the bucket alone, never an object
    expect(cdn.find((s) => s.Action === 's3:ListBucket')!.Resource).toEqual({ 'Fn::GetAtt': ['ImagesBucket', 'Arn'] });
    for (const s of cdn) expect(JSON.stringify(s.Condition)).toContain('distribution/${Cdn}');
  });

  it("serves the pages from the bucket's web/: every path of a page through the rewrite to its index.html, the assets as they are", () => {
    const web = config().Origins.find((o: Record<string, any>) => o.Id === 'web');
    expect(web).toMatchObject({
      DomainName: { 'Fn::GetAtt': ['ImagesBucket', 'RegionalDomainName'] },
      OriginPath: `/${WEB_BUCKET_PREFIX}`,
      OriginAccessControlId: { 'Fn::GetAtt': ['CdnImagesAccess', 'Id'] },
    });
    expect(PAGE_PATTERNS).toEqual(WEB_PAGES.map((p) => `/${p}*`));
    const rewrite = { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': ['CdnPageRewrite', 'FunctionARN'] } };
    for (const path of [
      '/evaluasi',
      '/evaluasi/baru',
      '/evaluasi/01HX/desa/3201',
      '/statistik',
      '/akun/notifikasi',
      '/assets/mount-1a2b.js',
    ]) {
      const b = behaviorFor(path);
      expect(b, path).toMatchObject({
        TargetOriginId: 'web',
        AllowedMethods: ['GET', 'HEAD'],
        CachePolicyId: MANAGED.cachingOptimized,
        ResponseHeadersPolicyId: { Ref: 'CdnPageHeaders' },
        Compress: true,
        ViewerProtocolPolicy: 'redirect-to-https',
      });
      expect(b.FunctionAssociations, path).toEqual(b.PathPattern === ASSETS_PATTERN ? undefined : [rewrite]);
    }
    // the rewrite, run as CloudFront runs it (cloudfront-js-2.0): a page's paths without a file extension are its index.html
    const fn = template.Resources.CdnPageRewrite!;
    expect(fn.Type).toBe('AWS::CloudFront::Function');
    expect(fn.Properties).toMatchObject({ AutoPublish: true, FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });
    const handler = runInNewContext(`${fn.Properties.FunctionCode}\nhandler`) as (e: unknown) => { uri: string };
    const uri = (u: string) => handler({ request: { uri: u, method: 'GET', headers: {} } }).uri;
    expect(uri('/evaluasi/01HX/desa/3201')).toBe('/evaluasi/index.html');
    expect(uri('/statistik')).toBe('/statistik/index.html');
    expect(uri('/akun/')).toBe('/akun/index.html');
    expect(uri('/akun/logo.png')).toBe('/akun/logo.png');
    expect(uri('/evaluasiku')).toBe('/evaluasiku');
    // the pages' headers: their CSP (this origin only), nosniff, no referrer
    const headers = template.Resources.CdnPageHeaders!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toEqual({
      ContentSecurityPolicy: { ContentSecurityPolicy: WEB_CSP, Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
    });
  });

  it("has no function serving a page or its assets: the API has no path on the pages' paths", () => {
    const resources = Object.values(template.Resources);
    const root = JSON.stringify({ 'Fn::GetAtt': ['ApiGatewayRestApi', 'RootResourceId'] });
    const top = resources
      .filter((r) => r.Type === 'AWS::ApiGateway::Resource' && JSON.stringify(r.Properties.ParentId) === root)
      .map((r) => r.Properties.PathPart as string);
    expect(top).toContain('api');
    for (const part of [...WEB_PAGES, 'assets']) expect(top, part).not.toContain(part);
    // the local stage's page server (scripts/web-handler.ts) is never packaged: every function is one of functions/
    const handlers = resources.filter((r) => r.Type === 'AWS::Lambda::Function').map((r) => String(r.Properties.Handler));
    expect(handlers.length).toBeGreaterThan(50);
    for (const h of handlers) expect(h).toMatch(/^functions\//);
    for (const r of routes)
      for (const pattern of [...PAGE_PATTERNS, ASSETS_PATTERN]) expect(regex(pattern).test(examplePath(r.path)), r.key).toBe(false);
  });

  it('points the image URLs the functions write at the distribution, and names its address in the outputs', () => {
    const viaCdn = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': ['Cdn', 'DomainName'] }]] };
    const functions = Object.entries(template.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(50);
    for (const [id, f] of functions) expect(f.Properties.Environment.Variables.S3_PUBLIC_BASE_URL, id).toEqual(viaCdn);
    expect(template.Outputs.CdnUrl.Value).toEqual(viaCdn);
    // a distribution holds 25 behaviors unless AWS raises the quota
    expect(behaviors().length).toBeLessThanOrEqual(25);
  });

  it('points the links to the pages in the mails (WEB_BASE_URL) at the distribution, which serves them', () => {
    const viaCdn = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': ['Cdn', 'DomainName'] }]] };
    const functions = Object.entries(template.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(50);
    for (const [id, f] of functions) expect(f.Properties.Environment.Variables.WEB_BASE_URL, id).toEqual(viaCdn);
  });
});
