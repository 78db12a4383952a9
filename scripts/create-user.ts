/**
 * npm run users:create -- --email E --role admin --username U --full-name "N"
 *
 * Creates a verified user of any role (the only way to get an admin) in the configured
 * table: TABLE_NAME and DYNAMODB_ENDPOINT from the environment, by default the table of
 * `npm start` (on DYNAMODB_PORT, as `npm start` reads it: scripts/local-env.ts). On AWS,
 * set TABLE_NAME and AWS credentials and DYNAMODB_ENDPOINT="" (empty).
 *
 * The password never goes on the command line (the shell's history, the process list): in
 * a terminal it is asked for twice, not shown; otherwise it is read from USER_PASSWORD.
 */
import './local-env';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { MSG } from '../lib/contract/messages';

const USAGE = [
  'Usage: npm run users:create -- --email E --role admin|pengelola|dinas --username U --full-name "Full Name"',
  'The password is asked for in a terminal (not shown), or read from the environment variable USER_PASSWORD.',
].join('\n');

const PASSWORD_ON_COMMAND_LINE =
  'a password is not taken on the command line (it would stay in the shell history and the process list): ' +
  'leave --password out and type it when asked, or set USER_PASSWORD';

function fail(message: string): never {
  console.error(`Error: ${message}\n${USAGE}`);
  process.exit(2);
}

const passwordSchema = z
  .string()
  .min(8, { error: 'the password needs at least 8 characters' })
  .max(128, { error: 'the password has at most 128 characters' });

/** Asks on the terminal without showing what is typed (the prompt goes to stderr: stdout stays the result). */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  rl.on('SIGINT', () => {
    process.stderr.write('\n');
    process.exit(130);
  });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true; // the question is written: what follows is the typing
  });
}

/** The password: USER_PASSWORD if set, else asked twice in a terminal; none otherwise. */
async function readPassword(): Promise<string> {
  const given = process.env.USER_PASSWORD;
  if (given !== undefined && given !== '') return given;
  if (!process.stdin.isTTY) fail('no password: set USER_PASSWORD (not in a terminal, it cannot be asked for)');
  const first = await askHidden('Password (not shown): ');
  const checked = passwordSchema.safeParse(first);
  if (!checked.success) fail(checked.error.issues[0]!.message);
  if ((await askHidden('The same password again: ')) !== first) fail('the two passwords differ');
  return first;
}

async function main() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        // declared only to refuse it with a plain message
        password: { type: 'string' },
        role: { type: 'string' },
        username: { type: 'string' },
        'full-name': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.password !== undefined) fail(PASSWORD_ON_COMMAND_LINE);
  const args = z
    .object({
      email: z.email({ error: '--email must be an e-mail address' }),
      role: z.enum(['admin', 'pengelola', 'dinas'], { error: '--role must be admin, pengelola or dinas' }),
      username: z
        .string({ error: '--username is required' })
        .regex(/^[A-Za-z0-9._-]{3,50}$/, { error: '--username: 3-50 letters, digits, dot, dash or underscore' }),
      'full-name': z.string({ error: '--full-name is required' }).trim().min(1, { error: '--full-name is required' }),
    })
    .safeParse(values);
  if (!args.success) fail(args.error.issues.map((i) => i.message).join('; '));
  const password = passwordSchema.safeParse(await readPassword());
  if (!password.success) fail(password.error.issues[0]!.message);

  const { registerUser } = await import('../lib/auth/accounts');
  const { DomainError } = await import('../lib/contract/errors');
  const { SYSTEM } = await import('../lib/contract/caller');
  try {
    const user = await registerUser(
      {
        email: args.data.email,
        password: password.data,
        role: args.data.role,
        username: args.data.username,
        fullName: args.data['full-name'],
      },
      true,
      SYSTEM, // the history names the operator's CLI as `system`
    );
    console.log(`Created ${user.role} ${user.email} (id ${user.id}, username ${user.username}) in table ${process.env.TABLE_NAME}`);
  } catch (err) {
    if (err instanceof DomainError)
      fail(err.message === MSG.emailTaken ? `e-mail ${args.data.email} is already used` : `username ${args.data.username} is already used`);
    const e = err as Error;
    console.error(`Error: could not create the user: ${e.name}: ${e.message}`);
    if (e.name === 'ResourceNotFoundException') console.error(`Is the table ${process.env.TABLE_NAME} there? Run \`npm start\` first.`);
    if ((e as { code?: string }).code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String(e.message))) {
      console.error(`Nothing answers at ${process.env.DYNAMODB_ENDPOINT}: run \`npm start\` first.`);
    }
    process.exit(1);
  }
}

void main();
