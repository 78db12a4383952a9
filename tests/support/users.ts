import { registerUser } from '../../lib/auth/accounts';
import { signToken } from '../../lib/auth/jwt';
import { anonymous } from '../../lib/contract/caller';
import type { Role } from '../../lib/contract/roles';
import type { PublicUser } from '../../lib/db/users';
import { DEFAULT_SOURCE_IP, uniqueEmail, uniqueName } from './api';

export const TEST_PASSWORD = 'rahasia-123';

/**
 * A user created through the same code path as the CLI / sign-up, with a token. An
 * unverified one registers from `source` (default: the source address every test event
 * carries unless it names another), so its token-less sign-up village is accepted from there.
 */
export async function makeUser(
  role: Role,
  opts: { verified?: boolean; email?: string; source?: string } = {},
): Promise<PublicUser & { token: string }> {
  const user = await registerUser(
    {
      username: uniqueName(role),
      fullName: `Test ${role}`,
      email: opts.email ?? uniqueEmail(role),
      password: TEST_PASSWORD,
      role,
    },
    opts.verified ?? true,
    anonymous(opts.source ?? DEFAULT_SOURCE_IP),
  );
  return { ...user, token: await signToken(user) };
}

/** One `makeUser` per role, made at once; the users in the order of `roles`. */
export function makeUsers<const R extends readonly Role[]>(
  ...roles: R
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<typeof makeUser>> }> {
  return Promise.all(roles.map((role) => makeUser(role))) as never;
}
