import { ROUTE_KEYS, ROUTES, splitRouteKey, type RouteSpec } from '../../lib/routes';

export interface DeclaredRoute {
  fn: string;
  handler: string;
  method: string;
  path: string;
  /** The route key as in the route table: "GET /api/skor/{kd_desa}". */
  key: string;
}

const declared = (key: (typeof ROUTE_KEYS)[number], path?: string): DeclaredRoute => {
  const spec: RouteSpec = ROUTES[key];
  const { method, path: contractPath } = splitRouteKey(key);
  const p = path ?? contractPath;
  return { fn: spec.fn, handler: `functions/${spec.handler}.handler`, method, path: p, key: `${method} ${p}` };
};

/** Every route of the route table (lib/routes.ts) at its contract path. */
export function declaredRoutes(): DeclaredRoute[] {
  return ROUTE_KEYS.map((k) => declared(k));
}

/** The second paths that serve a contract route under the web app's path. */
export function declaredAliases(): DeclaredRoute[] {
  return ROUTE_KEYS.flatMap((k) => {
    const alias = (ROUTES[k] as RouteSpec).webApp;
    return alias ? [declared(k, alias)] : [];
  });
}
