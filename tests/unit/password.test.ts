import { describe, expect, it } from 'vitest';
import { hashParams, hashPassword, verifyPassword } from '../../lib/auth/password';

describe('password hashes (lib/auth/password.ts)', () => {
  it('the test stage hashes at N=2^12, every other stage at N=2^15', async () => {
    expect(hashParams('test').N).toBe(2 ** 12);
    for (const stage of ['local', 'dev', 'prod']) expect(hashParams(stage)).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect((await hashPassword('rahasia-123')).split('$').slice(0, 4)).toEqual(['scrypt', '4096', '8', '1']);
  });

  it('a hash verifies by the parameters it carries, whatever the stage hashes with now', async () => {
    const cheap = await hashPassword('rahasia-123');
    const full = cheap.split('$');
    // the same password at the full cost, as a deployed stage stores it
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from(full[4]!, 'base64url');
    const key = scryptSync('rahasia-123', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const stored = ['scrypt', 2 ** 15, 8, 1, full[4], key.toString('base64url')].join('$');
    for (const h of [cheap, stored]) {
      expect(await verifyPassword('rahasia-123', h)).toBe(true);
      expect(await verifyPassword('rahasia-124', h)).toBe(false);
    }
  });
});
