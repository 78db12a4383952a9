import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The run's long files, started first: on a fresh clone vitest has no durations cached and
 * would start the small fuzz files last, leaving one worker busy for minutes at the end.
 * The packaging (the run's one build) comes first so that it overlaps the fuzzing instead of
 * trailing it; the environment check (serverless print) runs beside it.
 */
const LONG_FIRST = [
  /deploy\/package\.test/,
  /deploy\/environment\.test/,
  /e2e\/offline\.test/,
  /robustness\/fuzz-(villages|core|descriptions|auth)\.test/,
  /robustness\/faults-/,
  /villages\/cascade\.test/,
];

/** The browsers (~0.4 GB each) start last, once the packaging has ended and freed its memory. */
const LAST = /browser\.test/;

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      if (LAST.test(f.moduleId)) return LONG_FIRST.length + 1;
      const i = LONG_FIRST.findIndex((re) => re.test(f.moduleId));
      return i < 0 ? LONG_FIRST.length : i;
    };
    return (await super.sort(files))
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share their worker's loaded node_modules (tests/support/fresh-file.ts resets the rest).
    isolate: false,
    // Test files mostly wait on DynamoDB Local, s3rver and serverless-offline (other
    // processes): more workers than cores keeps a 2-core machine busy.
    maxWorkers: 3,
    sequence: { sequencer: LongFirst },
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
