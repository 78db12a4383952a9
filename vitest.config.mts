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
  /notifications\/drain-faults\.test/,
  /core\/idempotency-stall\.test/,
  /e2e\/served-replay\.test/,
  /robustness\/fuzz-(villages|core|descriptions|auth)\.test/,
  /robustness\/faults-/,
  /villages\/cascade\.test/,
];

/**
 * The browser tests (a page of the run's one Chromium each, one at a time: ~0.4 GB) are
 * spread over the middle of the run, once the packaging has built its bundles and freed its
 * memory: each then runs beside other files instead of all of them, in turn, at the end.
 */
const BROWSER = /browser\.test/;
const BROWSER_AT = [0.2, 0.35, 0.5, 0.65];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((re) => re.test(f.moduleId));
      return i < 0 ? LONG_FIRST.length : i;
    };
    const sorted = (await super.sort(files))
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
    const browsers = sorted.filter((f) => BROWSER.test(f.moduleId));
    const rest = sorted.filter((f) => !BROWSER.test(f.moduleId));
    // from the last place back, so that each insertion leaves the earlier places where they were
    browsers
      .map((f, i) => ({ f, at: Math.round(rest.length * (BROWSER_AT[i] ?? 1)) }))
      .reverse()
      .forEach(({ f, at }) => rest.splice(at, 0, f));
    return rest;
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
