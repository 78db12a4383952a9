import { registerUser } from '../../lib/auth/accounts';
import { signToken } from '../../lib/auth/jwt';
import type { Role } from '../../lib/roles';
import type { PublicUser } from '../../lib/db/users';
import { uniqueEmail, uniqueName } from './api';

export const TEST_PASSWORD = 'rahasia-123';

/** A user created through the same code path as the CLI / sign-up, with a token. */
export async function makeUser(role: Role, opts: { verified?: boolean; email?: string } = {}): Promise<PublicUser & { token: string }> {
  const user = await registerUser(
    {
      username: uniqueName(role),
      fullName: `Test ${role}`,
      email: opts.email ?? uniqueEmail(role),
      password: TEST_PASSWORD,
      role,
    },
    opts.verified ?? true,
  );
  return { ...user, token: await signToken(user) };
}
