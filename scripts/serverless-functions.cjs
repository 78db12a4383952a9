// What serverless.yml builds from code: the functions of the route table (lib/routes.ts),
// the IAM roles that hold their rights, and the functions' environment from the settings of
// lib/platform/config.ts. osls calls these functions while it resolves the configuration;
// tsx loads the TypeScript.
const { require: tsxRequire } = require('tsx/cjs/api');
const load = (path) => tsxRequire(path, __filename);

/**
 * Tests only: `PACKAGE_TEMPLATE_ONLY=1 PACKAGE_EXTRA_ROUTES=N serverless package` adds N
 * synthetic routes to the template, to show that the stack has room for them
 * (tests/support/package.ts, docs/deploy.md "Room for more routes"). Each costs what a route
 * costs at most: a function on a path of its own (an API resource, its method and its CORS
 * preflight), a copy of a route of the table (its handler, settings and rights, so its role
 * is one the stack already has). Only with PACKAGE_TEMPLATE_ONLY (scripts/serverless-template-only.cjs),
 * which nothing but `serverless package` accepts: no synthetic route is ever built or deployed.
 */
const EXTRA_ROUTES = 'PACKAGE_EXTRA_ROUTES';

/** Where the synthetic routes are, below one API resource of their own. */
const EXTRA_PREFIX = '/synthetic/route-';

function extraRouteCount() {
  const raw = process.env[EXTRA_ROUTES];
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${EXTRA_ROUTES} must be a whole number, not "${raw}"`);
  if (n > 0 && !['1', 'true'].includes(process.env.PACKAGE_TEMPLATE_ONLY ?? ''))
    throw new Error(`${EXTRA_ROUTES} (tests) goes with PACKAGE_TEMPLATE_ONLY=1: synthetic routes are never built or deployed`);
  return n;
}

/**
 * Every route's function with what it needs (lib/routes.ts `routeNeeds`) and the route it
 * copies (itself; for a synthetic one, a route of the table), then the synthetic ones.
 */
function routeFunctions() {
  const { ROUTE_KEYS, ROUTES, routeNeeds, splitRouteKey } = load('../lib/routes.ts');
  const real = ROUTE_KEYS.map((key) => ({ fn: ROUTES[key].fn, needs: routeNeeds(key), copies: ROUTES[key].fn, key }));
  // (the catch-all `ANY /{proxy+}` is not copied: one greedy path is enough)
  const models = real.filter((r) => !r.key.includes('{proxy+}'));
  const extra = Array.from({ length: extraRouteCount() }, (_, i) => {
    const model = models[i % models.length];
    return {
      fn: `extraRoute${i + 1}`,
      needs: model.needs,
      copies: model.fn,
      method: splitRouteKey(model.key).method,
      path: `${EXTRA_PREFIX}${i + 1}`,
    };
  });
  return [...real, ...extra];
}

/**
 * The logical id of the role holding a set of rights: `read` → `ReadRole`, `read`, `write`,
 * `idempotency` → `IdempotencyReadWriteRole`. The route functions that need the same rights
 * share it (one role per set of rights, not per function: docs/deploy.md "Room for more routes").
 */
function rightsRoleId(needs) {
  const names = [...new Set(needs)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  return `${names.map((n) => n[0].toUpperCase() + n.slice(1)).join('')}Role`;
}

/** `functions:` one per HTTP route, each with the role of its rights (`roles`). */
exports.functions = async ({ resolveVariable }) => {
  const { serverlessFunctions } = load('../lib/routes.ts');
  const cors = await resolveVariable('self:custom.cors');
  const functions = serverlessFunctions(cors);
  for (const r of routeFunctions().filter((r) => r.path)) {
    const { events: _, ...model } = functions[r.copies];
    functions[r.fn] = { ...model, events: [{ http: { method: r.method.toLowerCase(), path: r.path, cors } }] };
  }
  const skipEsbuild = await resolveVariable('param:skipEsbuild');
  const roles = Object.fromEntries(routeFunctions().map((r) => [r.fn, rightsRoleId(r.needs)]));
  for (const [name, f] of Object.entries(functions)) {
    f.role = roles[name];
    f.disableLogs = true; // the stage's one log group (serverless.yml provider.logs)
    // the local stage: serverless-offline loads the TypeScript handler itself (tsx), no esbuild bundle
    f.skipEsbuild = skipEsbuild === true || skipEsbuild === 'true';
  }
  return functions;
};

/**
 * The local stage only: the pages (web/) on the API's own origin, as the CDN serves them from the
 * bucket on a deployed stage (scripts/web-handler.ts). A deployed stage has no such function.
 */
exports.webPages = async ({ resolveVariable }) => {
  if ((await resolveVariable('sls:stage')) !== 'local') return {};
  const { ASSETS_DIR, WEB_PAGES } = load('./web.ts');
  const get = (path) => ({ http: { method: 'get', path } });
  return {
    webPages: {
      handler: 'scripts/web-handler.handler',
      events: [...WEB_PAGES.flatMap((page) => [get(`/${page}`), get(`/${page}/{proxy+}`)]), get(`/${ASSETS_DIR}/{proxy+}`)],
      disableLogs: true,
      skipEsbuild: true,
    },
  };
};

/**
 * `resources:` the functions' IAM roles (their rights: scripts/serverless-roles.ts): one per
 * set of rights the routes need, shared by the route functions that need exactly those
 * rights, and one per maintenance function (functions/maintenance/functions.yml names it).
 */
exports.roles = async ({ resolveVariable }) => {
  const { MAINTENANCE_NEEDS, roleId, serverlessRoles } = load('./serverless-roles.ts');
  const tracing = await resolveVariable('self:provider.tracing.lambda');
  // one role per function, each only the rights its function needs
  const own = serverlessRoles({
    mailFrom: await resolveVariable('param:mailFrom'),
    tracing: tracing === true || tracing === 'Active',
  }).Resources;
  const maintenance = Object.keys(MAINTENANCE_NEEDS).map(roleId);
  const resources = Object.fromEntries(maintenance.map((id) => [id, own[id]]));
  for (const r of routeFunctions()) {
    const id = rightsRoleId(r.needs);
    if (maintenance.includes(id)) throw new Error(`${id} is a maintenance function's role`);
    const { AssumeRolePolicyDocument, Policies } = own[roleId(r.copies)].Properties;
    const role = {
      Type: 'AWS::IAM::Role',
      Properties: { AssumeRolePolicyDocument, Policies: Policies.map((p) => ({ ...p, PolicyName: id.replace(/Role$/, '') })) },
    };
    const held = resources[id];
    if (held && JSON.stringify(held) !== JSON.stringify(role)) throw new Error(`${id}: functions with the same needs got different rights`);
    resources[id] = role;
  }
  return { Resources: resources };
};

/** `provider.environment` (scripts/serverless-environment.ts). */
exports.environment = async ({ resolveVariable }) => {
  const { functionEnvironment } = load('./serverless-environment.ts');
  return functionEnvironment(await resolveVariable('self:custom.environment'), process.env);
};

/** `resources:` the CDN in front of the API and the images (scripts/serverless-cdn.ts). */
exports.cdn = async ({ resolveVariable }) => {
  const { cdnResources } = load('./serverless-cdn.ts');
  return cdnResources({
    service: await resolveVariable('self:service'),
    stage: await resolveVariable('sls:stage'),
    priceClass: await resolveVariable('param:cdnPriceClass'),
  });
};
