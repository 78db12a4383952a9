/**
 * The service's HTTP functions: the route table (lib/routes.ts), from which serverless.yml
 * builds its `functions:`.
 */
import { ROUTE_KEYS, ROUTES, type RouteSpec } from '../../lib/routes';

export interface FunctionDef {
  /** The serverless function name, e.g. villageBySlug. */
  name: string;
  /** Its handler source, relative to the repo root, e.g. functions/villages/by-slug.ts. */
  source: string;
}

export function listFunctions(_root?: string): FunctionDef[] {
  return ROUTE_KEYS.map((k) => {
    const spec: RouteSpec = ROUTES[k];
    return { name: spec.fn, source: `functions/${spec.handler}.ts` };
  });
}
