import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files mostly wait on DynamoDB Local, s3rver and serverless-offline (other
    // processes): more workers than cores keeps a 2-core machine busy.
    maxWorkers: 3,
    projects: [
      {
        // Pure functions (slugs, scores, item size, URL canonicalisation, the web-app
        // dialect's mapping, …): no emulators, seconds. `npm run test:unit`.
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles: ['tests/unit/setup-unit.ts'] },
      },
      {
        // Everything else talks to DynamoDB Local, s3rver and the SES emulator, started once per run.
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/unit/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/setup-env.ts'],
        },
      },
    ],
  },
});
