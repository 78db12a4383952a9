// serverless.yml's `functions:` for every HTTP route, built from the route table
// (lib/routes.ts) so that each route is declared once. osls calls this function while
// it resolves the configuration; tsx loads the TypeScript table.
const { require: tsxRequire } = require('tsx/cjs/api');

module.exports = async ({ resolveVariable }) => {
  const { serverlessFunctions } = tsxRequire('../lib/routes.ts', __filename);
  return serverlessFunctions(await resolveVariable('self:custom.cors'));
};
