/**
 * `npm run users:create`: the user it creates, its refusals, and the password, which never
 * goes on the command line: asked for in a terminal (not shown), else read from USER_PASSWORD.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/auth/password';
import { getUserByEmail } from '../../lib/db/users';
import { ROOT } from '../../scripts/local-stack';
import { uniqueEmail, uniqueName } from '../support/api';

const SCRIPT = join(ROOT, 'scripts', 'create-user.ts');

/** Runs the script without a terminal; `env` adds to (or, undefined, removes from) this file's environment. */
function cli(args: string[], env: Record<string, string | undefined> = {}) {
  const merged = { ...process.env, USER_PASSWORD: undefined, ...env }; // this file's TABLE_NAME and DYNAMODB_ENDPOINT
  const out = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

const userArgs = (email: string, role = 'admin') => [
  '--email',
  email,
  '--role',
  role,
  '--username',
  uniqueName('adm'),
  '--full-name',
  'Admin Satu',
];

// Python's pty module gives the script a terminal of its own (Node has none); without python3 that test is skipped
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p));

/** Runs a command in a new terminal, typing each answer (ANSWERS, JSON) once its question is shown; prints the screen. */
const TERMINAL = `
import json, os, pty, select, sys, time
answers = json.loads(os.environ['ANSWERS'])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
screen, asked, deadline = b'', 0, time.time() + 50
while time.time() < deadline:
    if select.select([fd], [], [], 0.1)[0]:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        screen += chunk
    if asked < len(answers) and screen.count(b'not shown): ') + screen.count(b'again: ') > asked:
        os.write(fd, answers[asked].encode() + b'\\r')
        asked += 1
sys.stdout.write(screen.decode())
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
`;

/** Runs the script in a terminal, typing the answers: all it showed (the terminal's echo included) and its exit code. */
function inTerminal(args: string[], answers: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, ANSWERS: JSON.stringify(answers) };
  delete env.USER_PASSWORD;
  const out = spawnSync(PYTHON!, ['-c', TERMINAL, process.execPath, '--import', 'tsx', SCRIPT, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { code: out.status, screen: out.stdout + out.stderr };
}

describe('npm run users:create', () => {
  it('creates a verified admin, the password from USER_PASSWORD, that can be found and whose password verifies', async () => {
    const email = uniqueEmail('admin');
    const res = cli(userArgs(email), { USER_PASSWORD: 'admin-rahasia-1' });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Created admin ${email}`);
    const user = await getUserByEmail(email);
    expect(user).toMatchObject({ role: 'admin', is_verified: true, full_name: 'Admin Satu' });
    expect(await verifyPassword('admin-rahasia-1', user!.password_hash)).toBe(true);
  });

  it('refuses a password on the command line with a plain message, and creates nobody', async () => {
    const email = uniqueEmail('argpw');
    const res = cli([...userArgs(email), '--password=rahasia-123'], { USER_PASSWORD: 'rahasia-123' });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^Error: a password is not taken on the command line .*set USER_PASSWORD\nUsage: npm run users:create/);
    expect(await getUserByEmail(email)).toBeUndefined();
  });

  it('without a terminal and without USER_PASSWORD: refused, naming the variable', () => {
    const res = cli(userArgs(uniqueEmail('nopw')));
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^Error: no password: set USER_PASSWORD/);
  });

  it.skipIf(!PYTHON)('in a terminal asks for the password twice and never shows it', { timeout: 120_000 }, async () => {
    const email = uniqueEmail('tty');
    const typed = 'ketik-rahasia-42';
    const run = inTerminal(userArgs(email, 'dinas'), [typed, typed]);
    expect(run.screen).toContain('Password (not shown): ');
    expect(run.screen).toContain('The same password again: ');
    expect(run.screen).toContain(`Created dinas ${email}`);
    expect(run.screen).not.toContain(typed);
    expect(run.code).toBe(0);
    expect(await verifyPassword(typed, (await getUserByEmail(email))!.password_hash)).toBe(true);

    const differ = inTerminal(userArgs(uniqueEmail('tty2')), [typed, 'lain-rahasia-42']);
    expect(differ.code).toBe(2);
    expect(differ.screen).toContain('Error: the two passwords differ');
  });

  it('finds the stack where `npm start` runs it: DYNAMODB_PORT, as `npm start` reads it', async () => {
    const email = uniqueEmail('port');
    const port = new URL(process.env.DYNAMODB_ENDPOINT!).port;
    // the local stage, with no endpoint given: local-env.ts builds it from the port variable
    const res = cli(userArgs(email), {
      STAGE: 'local',
      DYNAMODB_ENDPOINT: undefined,
      DYNAMODB_PORT: port,
      USER_PASSWORD: 'rahasia-port-1',
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(await getUserByEmail(email)).toMatchObject({ role: 'admin' });
  });

  it('refuses a used e-mail with a clear error', () => {
    const email = uniqueEmail('dup');
    const env = { USER_PASSWORD: 'rahasia-123' };
    expect(cli(userArgs(email, 'dinas'), env).code).toBe(0);
    const again = cli(userArgs(email, 'dinas'), env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`e-mail ${email} is already used`);
  });

  it('refuses bad arguments, or a short password, with a usage line', () => {
    const env = { USER_PASSWORD: 'rahasia-123' };
    for (const [args, given] of [
      [['--email', 'nope', '--role', 'admin', '--username', 'abc', '--full-name', 'A'], env],
      [['--email', uniqueEmail(), '--role', 'admin', '--username', 'abc', '--full-name', 'A'], { USER_PASSWORD: 'short' }],
      [['--email', uniqueEmail(), '--role', 'root', '--username', 'abc', '--full-name', 'A'], env],
      [['--email', uniqueEmail(), '--role', 'admin', '--username', 'abc'], env],
      [['--bogus', 'x'], env],
    ] as const) {
      const res = cli([...args], given);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^Error: .+\nUsage: npm run users:create/);
    }
  });
});
