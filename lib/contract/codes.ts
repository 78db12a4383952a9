import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 10 URL-safe characters from a CSPRNG (64^10 ≈ 1.2·10^18 values). */
function randomPart(length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 63];
  return out;
}

/** Service-assigned codes (docs/decisions.md): DESA-…, REQ-…, STAT-…, EVAL-… */
export const newCode = {
  village: () => `DESA-${randomPart()}`,
  request: () => `REQ-${randomPart()}`,
  status: () => `STAT-${randomPart()}`,
  evaluation: () => `EVAL-${randomPart()}`,
};

/** Whether `kd` has the form of a village code (`DESA-` and 10 URL-safe characters), as `newCode.village` makes them. */
export const isVillageCode = (kd: string): boolean => /^DESA-[A-Za-z0-9_-]{10}$/.test(kd);
