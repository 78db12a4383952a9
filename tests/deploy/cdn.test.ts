/**
 * The CDN of the packaged template (`serverless package --stage dev`, tests/support/package.ts):
 * CloudFront in front of the API and the images bucket, its cached paths derived from the
 * route table (scripts/serverless-cdn.ts). Read as CloudFront reads it: the first behavior
 * whose pattern matches a path decides; the default behavior takes the rest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_KEYS, ROUTES, splitRouteKey, type RouteSpec } from '../../lib/routes';
import { examplePath, IMAGES_PATTERN, MANAGED, patternSource } from '../../scripts/serverless-cdn';
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
    const cdn = statements.find((s) => s.Principal?.Service === 'cloudfront.amazonaws.com')!;
    expect(cdn.Action).toBe('s3:GetObject');
    expect(JSON.stringify(cdn.Resource)).toContain('/images/*');
    expect(JSON.stringify(cdn.Condition)).toContain('distribution/${Cdn}');
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
});
