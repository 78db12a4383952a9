import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { nowSeconds, nowMs } from '../clock';
import { config } from '../config';
import type { Role } from './roles';
import { ROLES } from './roles';

const ALG = 'HS256';

export interface TokenClaims {
  sub: string; // user id
  email: string;
  role: Role;
  iat: number;
  exp: number;
}

// Imported once per container as a WebCrypto key: jose then skips the per-call key
// import (about 3× faster per verification than passing the raw bytes).
let key: Promise<webcrypto.CryptoKey> | undefined;
const secretKey = () =>
  (key ??= webcrypto.subtle.importKey('raw', new TextEncoder().encode(config().jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]));

export async function signToken(user: { id: number; email: string; role: Role }, now = nowSeconds()): Promise<string> {
  return new SignJWT({ email: user.email, role: user.role })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + config().jwtTtlSeconds)
    .sign(await secretKey());
}

/** Verifies signature (HS256 only: `alg: none` and every other algorithm are refused) and expiry. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(), { algorithms: [ALG], currentDate: new Date(nowMs()) });
    const { sub, email, role, iat, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (!ROLES.includes(role as Role)) return null;
    return { sub, email, role: role as Role, iat, exp };
  } catch {
    return null;
  }
}
