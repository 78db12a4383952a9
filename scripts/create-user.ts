/**
 * npm run users:create -- --email E --password P --role admin --username U --full-name "N"
 *
 * Creates a verified user of any role (the only way to get an admin) in the configured
 * table: TABLE_NAME and DYNAMODB_ENDPOINT from the environment, by default the table of
 * `npm start` on http://127.0.0.1:8000. On AWS, set TABLE_NAME and AWS credentials and
 * DYNAMODB_ENDPOINT="" (empty).
 */
import './local-env';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { MSG } from '../lib/contract/messages';

const USAGE = 'Usage: npm run users:create -- --email E --password P --role admin|pengelola|dinas --username U --full-name "Full Name"';

function fail(message: string): never {
  console.error(`Error: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
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
  const args = z
    .object({
      email: z.email({ error: '--email must be an e-mail address' }),
      password: z.string({ error: '--password is required' }).min(8, { error: '--password needs at least 8 characters' }).max(128),
      role: z.enum(['admin', 'pengelola', 'dinas'], { error: '--role must be admin, pengelola or dinas' }),
      username: z
        .string({ error: '--username is required' })
        .regex(/^[A-Za-z0-9._-]{3,50}$/, { error: '--username: 3-50 letters, digits, dot, dash or underscore' }),
      'full-name': z.string({ error: '--full-name is required' }).trim().min(1, { error: '--full-name is required' }),
    })
    .safeParse(values);
  if (!args.success) fail(args.error.issues.map((i) => i.message).join('; '));

  const { registerUser } = await import('../lib/auth/accounts');
  const { DomainError } = await import('../lib/contract/errors');
  const { SYSTEM } = await import('../lib/contract/caller');
  try {
    const user = await registerUser(
      {
        email: args.data.email,
        password: args.data.password,
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
