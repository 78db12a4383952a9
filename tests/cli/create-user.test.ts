import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/auth/password';
import { getUserByEmail } from '../../lib/db/users';
import { ROOT } from '../../scripts/local-stack';
import { uniqueEmail, uniqueName } from '../support/api';

function cli(args: string[]) {
  const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'create-user.ts'), ...args], {
    cwd: ROOT,
    env: process.env, // this file's TABLE_NAME and DYNAMODB_ENDPOINT
    encoding: 'utf8',
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe('npm run users:create', () => {
  it('creates a verified admin that can be found and whose password verifies', async () => {
    const email = uniqueEmail('admin');
    const res = cli([
      '--email',
      email,
      '--password',
      'admin-rahasia-1',
      '--role',
      'admin',
      '--username',
      uniqueName('adm'),
      '--full-name',
      'Admin Satu',
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Created admin ${email}`);
    const user = await getUserByEmail(email);
    expect(user).toMatchObject({ role: 'admin', is_verified: true, full_name: 'Admin Satu' });
    expect(await verifyPassword('admin-rahasia-1', user!.password_hash)).toBe(true);
  });

  it('refuses a used e-mail with a clear error', () => {
    const email = uniqueEmail('dup');
    const args = ['--password', 'rahasia-123', '--role', 'dinas', '--full-name', 'Dinas'];
    expect(cli(['--email', email, '--username', uniqueName(), ...args]).code).toBe(0);
    const again = cli(['--email', email, '--username', uniqueName(), ...args]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`e-mail ${email} is already used`);
  });

  it('refuses bad arguments with a usage line', () => {
    for (const args of [
      ['--email', 'nope', '--password', 'rahasia-123', '--role', 'admin', '--username', 'abc', '--full-name', 'A'],
      ['--email', uniqueEmail(), '--password', 'short', '--role', 'admin', '--username', 'abc', '--full-name', 'A'],
      ['--email', uniqueEmail(), '--password', 'rahasia-123', '--role', 'root', '--username', 'abc', '--full-name', 'A'],
      ['--email', uniqueEmail(), '--password', 'rahasia-123', '--role', 'admin', '--username', 'abc'],
      ['--bogus', 'x'],
    ]) {
      const res = cli(args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^Error: .+\nUsage: npm run users:create/);
    }
  });
});
