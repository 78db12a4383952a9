import { describe, expect, it } from 'vitest';
import { newCode } from '../../lib/contract/codes';
import { ROLES, SELF_REGISTER_ROLES } from '../../lib/contract/roles';

describe('service-assigned codes', () => {
  it('are a prefix and 10 URL-safe characters', () => {
    expect(newCode.village()).toMatch(/^DESA-[A-Za-z0-9_-]{10}$/);
    expect(newCode.request()).toMatch(/^REQ-[A-Za-z0-9_-]{10}$/);
    expect(newCode.status()).toMatch(/^STAT-[A-Za-z0-9_-]{10}$/);
  });

  it('do not repeat and use the whole 64-character alphabet', () => {
    const codes = Array.from({ length: 2000 }, () => newCode.village().slice(5));
    expect(new Set(codes).size).toBe(codes.length);
    const used = new Set(codes.join(''));
    // 20,000 random characters over 64 symbols: every symbol shows up
    expect(used.size).toBe(64);
    expect(encodeURIComponent(codes.join(''))).toBe(codes.join(''));
  });
});

describe('roles', () => {
  it('are admin, pengelola and dinas; only the last two may sign up', () => {
    expect(ROLES).toEqual(['admin', 'pengelola', 'dinas']);
    expect(SELF_REGISTER_ROLES).toEqual(['pengelola', 'dinas']);
    expect(SELF_REGISTER_ROLES).not.toContain('admin');
  });
});
