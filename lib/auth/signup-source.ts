import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../platform/config';

/**
 * The proof a registering client has for its token-less first village: the source
 * address it registered from (API Gateway's `requestContext.identity.sourceIp`; the web
 * app registers and then posts the village from the same browser, one after the other).
 * Stored on the account as an HMAC-SHA256 under a key derived from the server secret,
 * never the raw address (a plain hash of an IPv4 address is reversed by trying them all).
 */
const normalise = (ip: string) =>
  ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

let key: Buffer | undefined;
const tagKey = () => (key ??= createHmac('sha256', config().jwtSecret).update('signup-source-v1').digest());

/** The stored form of a source address; undefined when there is none to bind to. */
export function signupSourceTag(ip: string | undefined | null): string | undefined {
  if (!ip || !ip.trim()) return undefined;
  return createHmac('sha256', tagKey()).update(normalise(ip)).digest('base64url');
}

/** True only when the account recorded a source and `ip` is that source. */
export function sameSignupSource(recorded: string | undefined, ip: string | undefined | null): boolean {
  const tag = signupSourceTag(ip);
  if (!recorded || !tag) return false;
  const a = Buffer.from(recorded);
  const b = Buffer.from(tag);
  return a.length === b.length && timingSafeEqual(a, b);
}
