/**
 * The web app calls the account routes under `/authentication/*`; the contract names
 * them `/auth/*`. Each alias is a second `http` event of the same function (see
 * functions/auth/functions.yml): same access rule, same bodies.
 */
export const AUTH_PATH_ALIASES = {
  '/auth/register': '/authentication/register',
  '/auth/login': '/authentication/login',
  '/auth/password': '/authentication/password',
  '/auth/password/verify': '/authentication/password/verify',
  '/auth/verify/{email}': '/authentication/verify/{email}',
  '/auth/me': '/authentication/me',
} as const;

/** The contract path behind a path the web app uses (the path itself when it is no alias). */
export function contractPath(path: string): string {
  for (const [contract, alias] of Object.entries(AUTH_PATH_ALIASES)) if (alias === path) return contract;
  return path;
}
