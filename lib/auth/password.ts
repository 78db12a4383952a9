import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { config } from '../platform/config';

// scrypt is memory-hard; N=2^15, r=8, p=1 costs 32 MiB and roughly 50-100 ms per hash.
// The parameters are stored with each hash, so they can be raised later without a migration.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
// The test stage (npm test) alone hashes at 1/8 of that work: thousands of sign-ups and logins check behaviour,
// not the cost. Verification reads the parameters from the hash, so either kind verifies anywhere.
const TEST_PARAMS = { N: 2 ** 12, r: 8, p: 1 };
export const hashParams = (stage: string) => (stage === 'test' ? TEST_PARAMS : PARAMS);
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...opts, maxmem: 256 * (opts.N ?? 0) * (opts.r ?? 8) + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const p = hashParams(config().stage);
  const key = await scrypt(password, salt, p);
  return ['scrypt', p.N, p.r, p.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A hash of a random password: login verifies against it when the e-mail is unknown, so
// an unknown e-mail and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
