import { config } from '../platform/config';
import { MSG } from '../contract/messages';
import { ROLES, type Role } from '../contract/roles';
import { ANY_TOKEN, PUBLIC, role, ROUTES, ROUTE_KEYS, type AccessRule, type RouteKey } from '../routes';

export type { AccessRule, RouteKey };

/** Every route's access rule, from the route table (lib/routes.ts). */
export const ACCESS_RULES = Object.fromEntries(ROUTE_KEYS.map((k) => [k, ROUTES[k].access])) as {
  [K in RouteKey]: (typeof ROUTES)[K]['access'];
};
/**
 * The rule in force for a route: the table's, unless ACCESS_OVERRIDES names the route
 * with `public`, `token`, or a comma-separated list of roles.
 */
export function accessRule(route: RouteKey): AccessRule {
  const override = config().accessOverrides[route];
  if (!override) return ACCESS_RULES[route];
  if (override === 'public') return PUBLIC;
  if (override === 'token') return ANY_TOKEN;
  const roles = override.split(',').map((r) => r.trim()) as Role[];
  if (roles.length === 0 || roles.some((r) => !ROLES.includes(r))) {
    throw new Error(`ACCESS_OVERRIDES has an unknown role for ${route}`);
  }
  return role(roles, MSG.forbiddenRole);
}
