/**
 * The CDN in front of the API, derived from the route table (lib/routes.ts): which paths a
 * shared cache may keep, as CloudFront cache behaviors (serverless.yml, one distribution per
 * stage) and as the same rules for the local stand-in (Varnish, `standinVcl`). It also serves
 * the images (/images/*) and the pages (web/, scripts/web.ts WEB_PAGES: /evaluasi*, /pemantauan*, /impor*, /statistik*, /akun*,
 * /assets/*) from the bucket.
 *
 * A path is cached when a public GET route answers it: those answers are the same for every
 * visitor and carry `Cache-Control: public, max-age=0, must-revalidate` with a strong ETag,
 * so the cache keeps the body and asks the origin each time whether it is still current
 * (a 304 costs the origin one small read). Every other path passes through uncached, with
 * its headers (Authorization included), body and query: the default behavior.
 */
import { ROUTE_KEYS, ROUTES, splitRouteKey, type RouteSpec } from '../lib/routes';
import { ASSETS_DIR, PAGE_REWRITE_CODE, WEB_BUCKET_PREFIX, WEB_CSP, WEB_PAGES } from './web';

/** A CloudFront path pattern (`*` any characters, `/` included) and whether its answers are cached. */
export interface CdnBehavior {
  pattern: string;
  cached: boolean;
}

/** Where the images bucket is served from, through the same distribution. */
export const IMAGES_PATTERN = '/images/*';

/**
 * The pages' behaviors (the bucket's web/): each page's path and every path below it (the page
 * rewrite makes them its index.html), then the files they load. No route of the API is on them.
 */
export const PAGE_PATTERNS = WEB_PAGES.map((page) => `/${page}*`);
export const ASSETS_PATTERN = `/${ASSETS_DIR}/*`;

/** Managed CloudFront policies (the same ids in every account). */
export const MANAGED = {
  cachingDisabled: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
  cachingOptimized: '658327ea-f89d-4fab-a63d-7e88639e58f6',
  allViewerExceptHostHeader: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
};

const patternOf = (path: string) => path.replace(/\{[^}]+\}/g, '*');
/** A path pattern as a regular expression's source: `*` any characters (`/` included), the rest literal. */
export const patternSource = (pattern: string) =>
  `^${pattern
    .split('*')
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')}$`;
const regexOf = (pattern: string) => new RegExp(patternSource(pattern));
/** A concrete path of a route: each parameter an ordinary value. */
export const examplePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');

/** Whether CloudFront's first matching behavior (the default: not cached) caches `path`. */
function isCached(behaviors: readonly CdnBehavior[], path: string): boolean {
  return behaviors.find((b) => regexOf(b.pattern).test(path))?.cached ?? false;
}

/** Every GET path of the route table (the web app's second paths too) and whether it may be cached. */
function getPaths(): { path: string; cached: boolean }[] {
  return ROUTE_KEYS.flatMap((key) => {
    const { method, path } = splitRouteKey(key);
    if (method !== 'GET') return [];
    const spec = ROUTES[key] as RouteSpec;
    const cached = spec.access.kind === 'public';
    return [path, ...(spec.webApp ? [spec.webApp] : [])].map((p) => ({ path: p, cached }));
  });
}

/**
 * The behaviors in CloudFront's order (first match wins): one pattern per GET path, the most
 * specific first, then every behavior dropped that changes no path's answer (a distribution
 * holds 25 by default). Throws if two routes of one pattern disagree.
 */
export function cdnBehaviors(): CdnBehavior[] {
  const paths = getPaths();
  const byPattern = new Map<string, boolean>();
  for (const { path, cached } of paths) {
    const pattern = patternOf(path);
    if (byPattern.has(pattern) && byPattern.get(pattern) !== cached) throw new Error(`routes of ${pattern} disagree on caching`);
    byPattern.set(pattern, cached);
  }
  const literal = (p: string) => p.replace(/\*/g, '').length;
  let list = [...byPattern]
    .map(([pattern, cached]) => ({ pattern, cached }))
    .sort((a, b) => literal(b.pattern) - literal(a.pattern) || a.pattern.localeCompare(b.pattern));
  const right = (l: CdnBehavior[]) => paths.every((p) => isCached(l, examplePath(p.path)) === p.cached);
  if (!right(list)) throw new Error('no order of the behaviors caches exactly the public GET routes');
  for (let i = 0; i < list.length;) {
    const without = list.filter((_, j) => j !== i);
    if (right(without)) list = without;
    else i++;
  }
  return list;
}

/** The behaviors' settings: the cached ones keep public answers, the others pass everything through. */
function behavior(b: CdnBehavior) {
  return {
    PathPattern: b.pattern,
    TargetOriginId: 'api',
    ViewerProtocolPolicy: 'https-only',
    AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'PATCH', 'DELETE'],
    CachedMethods: ['GET', 'HEAD'],
    CachePolicyId: b.cached ? { Ref: 'CdnPublicReads' } : MANAGED.cachingDisabled,
    // every header but Host (API Gateway needs its own), Authorization included, to the origin;
    // only the cache policy's parts make the cache key
    OriginRequestPolicyId: MANAGED.allViewerExceptHostHeader,
    // the function compresses (lib/http/compression.ts); CloudFront keeps its bytes as they are
    Compress: false,
  };
}

/** A behavior of files in the bucket (`origin`: images or pages): GET and HEAD, cached as the files' Cache-Control says. */
const bucketReads = (pattern: string, origin: 'images' | 'web') => ({
  PathPattern: pattern,
  TargetOriginId: origin,
  ViewerProtocolPolicy: 'redirect-to-https',
  AllowedMethods: ['GET', 'HEAD'],
  CachedMethods: ['GET', 'HEAD'],
  CachePolicyId: MANAGED.cachingOptimized,
});

/**
 * A behavior of the pages' files in the bucket: GET and HEAD, kept as the files' Cache-Control
 * says (html: revalidated; hashed assets: a year), compressed by CloudFront (the bucket holds
 * them as they are), with the pages' CSP and security headers; a page's paths through the rewrite.
 */
function webBehavior(pattern: string, rewrite: boolean) {
  return {
    ...bucketReads(pattern, 'web'),
    ResponseHeadersPolicyId: { Ref: 'CdnPageHeaders' },
    Compress: true,
    ...(rewrite
      ? { FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': ['CdnPageRewrite', 'FunctionARN'] } }] }
      : {}),
  };
}

/**
 * `resources:` of serverless.yml: the distribution (the API, the images and the pages in the
 * bucket as its origins), the cache policy of the public reads, the bucket's access control,
 * the pages' rewrite function and their response headers.
 */
export function cdnResources(o: { service: string; stage: string; priceClass: string }) {
  const name = `${o.service}-${o.stage}`;
  // the pages' behaviors come after the API's: a route on their paths would go to the bucket
  for (const { path } of getPaths())
    for (const pattern of [...PAGE_PATTERNS, ASSETS_PATTERN])
      if (regexOf(pattern).test(examplePath(path))) throw new Error(`the route ${path} is on the pages' paths (${pattern})`);
  const { PathPattern: _, ...passThrough } = behavior({ pattern: '', cached: false });
  return {
    Resources: {
      CdnPublicReads: {
        Type: 'AWS::CloudFront::CachePolicy',
        Properties: {
          CachePolicyConfig: {
            Name: `${name}-public-reads`,
            Comment: 'Public GET answers: kept, revalidated with the origin ETag on every request (max-age=0, must-revalidate)',
            // the origin's Cache-Control decides (max-age=0: keep and revalidate; private, no-store: never kept)
            MinTTL: 0,
            DefaultTTL: 0,
            MaxTTL: 31536000,
            ParametersInCacheKeyAndForwardedToOrigin: {
              // gzip and brotli variants apart
              EnableAcceptEncodingGzip: true,
              EnableAcceptEncodingBrotli: true,
              // the answer's CORS header names the request's Origin (Vary: Origin): one variant per origin
              HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Origin'] },
              CookiesConfig: { CookieBehavior: 'none' },
              QueryStringsConfig: { QueryStringBehavior: 'all' },
            },
          },
        },
      },
      // a page's every path (/evaluasi/123/desa/3201) is its index.html (scripts/web.ts PAGE_REWRITE_CODE)
      CdnPageRewrite: {
        Type: 'AWS::CloudFront::Function',
        Properties: {
          Name: `${name}-page-rewrite`,
          AutoPublish: true,
          FunctionConfig: { Comment: "A page's paths without a file extension: its index.html", Runtime: 'cloudfront-js-2.0' },
          FunctionCode: PAGE_REWRITE_CODE,
        },
      },
      CdnPageHeaders: {
        Type: 'AWS::CloudFront::ResponseHeadersPolicy',
        Properties: {
          ResponseHeadersPolicyConfig: {
            Name: `${name}-pages`,
            Comment: "The pages' CSP (this origin only) and security headers (scripts/web.ts)",
            SecurityHeadersConfig: {
              ContentSecurityPolicy: { ContentSecurityPolicy: WEB_CSP, Override: true },
              ContentTypeOptions: { Override: true },
              ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
            },
          },
        },
      },
      CdnImagesAccess: {
        Type: 'AWS::CloudFront::OriginAccessControl',
        Properties: {
          OriginAccessControlConfig: {
            Name: `${name}-images`,
            OriginAccessControlOriginType: 's3',
            SigningBehavior: 'always',
            SigningProtocol: 'sigv4',
          },
        },
      },
      Cdn: {
        Type: 'AWS::CloudFront::Distribution',
        Properties: {
          DistributionConfig: {
            Enabled: true,
            Comment: `${name}: the API, its images and the pages`,
            HttpVersion: 'http2and3',
            IPV6Enabled: true,
            PriceClass: o.priceClass,
            Origins: [
              {
                Id: 'api',
                DomainName: { 'Fn::Sub': '${ApiGatewayRestApi}.execute-api.${AWS::Region}.amazonaws.com' },
                OriginPath: `/${o.stage}`,
                CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
              },
              {
                Id: 'images',
                DomainName: { 'Fn::GetAtt': ['ImagesBucket', 'RegionalDomainName'] },
                S3OriginConfig: { OriginAccessIdentity: '' },
                OriginAccessControlId: { 'Fn::GetAtt': ['CdnImagesAccess', 'Id'] },
              },
              {
                Id: 'web',
                DomainName: { 'Fn::GetAtt': ['ImagesBucket', 'RegionalDomainName'] },
                OriginPath: `/${WEB_BUCKET_PREFIX}`,
                S3OriginConfig: { OriginAccessIdentity: '' },
                OriginAccessControlId: { 'Fn::GetAtt': ['CdnImagesAccess', 'Id'] },
              },
            ],
            DefaultCacheBehavior: passThrough,
            CacheBehaviors: [
              ...cdnBehaviors().map(behavior),
              // image bytes leave S3 once per edge: their keys never change content (Cache-Control: immutable, a year)
              { ...bucketReads(IMAGES_PATTERN, 'images'), Compress: false },
              ...PAGE_PATTERNS.map((pattern) => webBehavior(pattern, true)),
              webBehavior(ASSETS_PATTERN, false),
            ],
          },
        },
      },
    },
    Outputs: {
      CdnUrl: {
        Description: "The stage's public address (the API, its images, the pages at /evaluasi, /statistik, /akun): the web app's base URL",
        Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': ['Cdn', 'DomainName'] }]] },
      },
    },
  };
}

/**
 * The local stand-in's rules (Varnish 7, VCL 4.1) from the same behaviors: CloudFront's, as
 * far as they matter here. GET and HEAD of a cached path are looked up by path, query and
 * Origin (cookies dropped, Authorization passed to the origin but not part of the key);
 * the origin's Cache-Control decides (private, no-store: never kept; max-age=0: kept and
 * revalidated with its ETag on every request, never served stale: no grace); everything
 * else passes through.
 */
export function standinVcl(backend: { host: string; port: number }): string {
  const rules = cdnBehaviors()
    .map(
      (b, i) =>
        `  ${i ? 'elsif' : 'if'} (req.http.X-Cdn-Path ~ "${patternSource(b.pattern)}") {\n    ${b.cached ? 'unset req.http.Cookie;\n    return (hash);' : 'return (pass);'}\n  }`,
    )
    .join('\n');
  return `vcl 4.1;
# Generated by scripts/serverless-cdn.ts from the route table: CloudFront's behaviors for Varnish.

backend api {
  .host = "${backend.host}";
  .port = "${backend.port}";
  .first_byte_timeout = 300s;
  .between_bytes_timeout = 300s;
}

sub vcl_recv {
  set req.http.X-Cdn-Path = regsub(req.url, "\\?.*$", "");
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
${rules}
  return (pass);
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.Origin) {
    hash_data(req.http.Origin);
  }
  return (lookup);
}

sub vcl_backend_fetch {
  unset bereq.http.X-Cdn-Path;
}

sub vcl_backend_response {
  # what the origin did, named as CloudFront names it (a 304 refreshed the kept body)
  if (beresp.was_304) {
    set beresp.http.X-Cache = "RefreshHit from stand-in";
  } else {
    set beresp.http.X-Cache = "Miss from stand-in";
  }
  if (bereq.uncacheable) {
    return (deliver);
  }
  if (!beresp.http.Cache-Control || beresp.http.Cache-Control ~ "(private|no-store|no-cache)" || beresp.http.Set-Cookie) {
    set beresp.ttl = 0s;
    set beresp.uncacheable = true;
    return (deliver);
  }
  # CloudFront keys on the policy's parts alone: Authorization in Vary does not split the cache
  if (beresp.http.Vary) {
    set beresp.http.X-Origin-Vary = beresp.http.Vary;
    set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\\s*authorization\\s*(?=,|$)", "");
    set beresp.http.Vary = regsub(beresp.http.Vary, "^,\\s*", "");
  }
  # max-age=0 (the public reads): kept to be revalidated with its ETag, never served without
  # asking the origin. Varnish looks up no object without a TTL, hence a millisecond, and a
  # hit within it is passed to the origin all the same (vcl_hit).
  if (beresp.ttl <= 0s) {
    set beresp.ttl = 0.001s;
    set beresp.http.X-Cdn-Revalidate = "1";
  }
  set beresp.grace = 0s;
  set beresp.keep = 1d;
  return (deliver);
}

sub vcl_hit {
  if (obj.http.X-Cdn-Revalidate) {
    return (pass);
  }
}

sub vcl_deliver {
  unset resp.http.X-Cdn-Revalidate;
  if (resp.http.X-Origin-Vary) {
    set resp.http.Vary = resp.http.X-Origin-Vary;
    unset resp.http.X-Origin-Vary;
  }
  if (obj.hits > 0) {
    set resp.http.X-Cache = "Hit from stand-in";
  }
}
`;
}
