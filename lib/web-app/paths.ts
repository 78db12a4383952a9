import { ROUTE_KEYS, ROUTES, splitRouteKey, type RouteSpec } from '../routes';

/**
 * The web app calls the account routes under `/authentication/*`; the contract names
 * them `/auth/*`. Each alias is declared with its route (`webApp` in lib/routes.ts) and
 * is a second `http` event of the same function: same access rule, same bodies.
 */
const CONTRACT_PATH_OF = new Map(
  ROUTE_KEYS.flatMap((k) => {
    const alias = (ROUTES[k] as RouteSpec).webApp;
    return alias ? [[alias, splitRouteKey(k).path] as const] : [];
  }),
);

/** The contract path behind a path the web app uses (the path itself when it is no alias). */
export const fromWebAppPath = (path: string): string => CONTRACT_PATH_OF.get(path) ?? path;
