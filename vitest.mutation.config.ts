import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server suite as StrykerJS runs it (`npm run test:mutation`, stryker.config.json). Stryker runs a
 * mutant's covering tests and stops at the first failure, so cheap files go first; the random tests
 * run fewer cases per mutant than in `npm test` (a mutant they catch, they catch in the first few).
 */
const LAST = ['server/http/fuzz.test.ts', 'server/calendars/consistency.test.ts'];

class CheapFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LAST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? -1 : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    name: 'server',
    // The tests of the mutated folders, and the suites across all routes (wire format, statement
    // counts). Other domains' tests would run for every mutant reached while building an app.
    include: [
      'common/**/*.test.ts',
      'server/http/**/*.test.ts',
      'server/{submissions,calendars,assignments,questions}/**/*.test.ts',
      'server/statements.test.ts',
      'server/wire.test.ts',
    ],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['bench/mutation/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: {
      TEST_FUZZ_RUNS: process.env.TEST_FUZZ_RUNS ?? '300',
      TEST_PROPERTY_RUNS: process.env.TEST_PROPERTY_RUNS ?? '8',
    },
    sequence: { sequencer: CheapFirst },
  },
});
