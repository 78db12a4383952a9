// What serverless.yml builds from code: the functions of the route table (lib/routes.ts),
// each with its own IAM role, and the functions' environment from the settings of
// lib/platform/config.ts. osls calls these functions while it resolves the configuration;
// tsx loads the TypeScript.
const { require: tsxRequire } = require('tsx/cjs/api');
const load = (path) => tsxRequire(path, __filename);

/** `functions:` one per HTTP route, each with the role `roles` makes for it. */
exports.functions = async ({ resolveVariable }) => {
  const { serverlessFunctions } = load('../lib/routes.ts');
  const { roleId } = load('./serverless-roles.ts');
  const functions = serverlessFunctions(await resolveVariable('self:custom.cors'));
  const skipEsbuild = await resolveVariable('param:skipEsbuild');
  for (const [name, f] of Object.entries(functions)) {
    f.role = roleId(name);
    f.disableLogs = true; // the stage's one log group (serverless.yml provider.logs)
    // the local stage: serverless-offline loads the TypeScript handler itself (tsx), no esbuild bundle
    f.skipEsbuild = skipEsbuild === true || skipEsbuild === 'true';
  }
  return functions;
};

/** `resources:` one IAM role per function (scripts/serverless-roles.ts). */
exports.roles = async ({ resolveVariable }) => {
  const { serverlessRoles } = load('./serverless-roles.ts');
  const tracing = await resolveVariable('self:provider.tracing.lambda');
  return serverlessRoles({ mailFrom: await resolveVariable('param:mailFrom'), tracing: tracing === true || tracing === 'Active' });
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
