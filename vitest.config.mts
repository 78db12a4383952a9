import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files mostly wait on DynamoDB Local, s3rver and serverless-offline (other
    // processes): more workers than cores keeps a 2-core machine busy.
    maxWorkers: 3,
  },
});
