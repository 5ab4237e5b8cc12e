import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server suite as StrykerJS runs it (`npm run test:mutation`, stryker.config.mjs). Stryker runs a
 * mutant's covering tests and stops at the first failure, so the mutated folder's own tests (the
 * likeliest to fail) go first, then the others, the random ones last.
 *
 * The random tests (the fuzz test, the calendar property test) are left out unless
 * MUTATION_RANDOM_TESTS=1: every mutant they reach would run them whole (minutes each on this
 * machine), and with the few cases affordable per mutant their own reach checks fail by chance,
 * which Stryker would count as a kill. A behaviour they alone hold needs a test that holds it
 * every time.
 */
const RANDOM = ['server/http/fuzz.test.ts', 'server/calendars/consistency.test.ts'];
const withRandom = process.env.MUTATION_RANDOM_TESTS === '1';

/** The folder being mutated (set by bench/mutation.ts): its own tests run first. */
const folder = process.env.MUTATION_FOLDER?.replace(/\/+$/, '');

class CheapFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const random = RANDOM.findIndex((name) => file.moduleId.endsWith(name));
      if (random >= 0) return 2 + random;
      const own = folder !== undefined && file.moduleId.includes(`/${folder}/`);
      return own ? 0 : 1;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

/**
 * common/ is held by its own unit tests only (no database, no app): most of its mutants are in
 * zod schemas and rules built while modules load, and such a "static" mutant runs every test of
 * the run with a module reload. With the server suites in, that was the whole suite per mutant
 * (estimated over ten hours for common/); with common's unit tests it is a few seconds. The score
 * is then a lower bound (the server's API tests also reach the contracts), and a survivor is killed
 * by a unit test beside the contract or rule it mutates.
 */
const unitOnly = folder === 'common';

/**
 * server/http is reached by every request of every test, and much of it while an app is built, so
 * with the domains' suites in, each of its mutants ran most of the server suite (about two hours for
 * its 881 mutants on this machine). It is held by the tests written for the HTTP layer: its own
 * folder's (the access matrix over every route and seven personas, bad input, security, time-outs,
 * the web app), the suites across all routes (wire format, statement counts, logging, health,
 * configuration) and the sign-in and session tests that its cookie and session code serves. The score
 * is a lower bound, as common/'s is; a survivor is killed by a test in server/http.
 */
const httpOwn = folder === 'server/http';

export default defineConfig({
  test: {
    name: 'server',
    // The tests of the mutated folders, and the suites across all routes (wire format, statement
    // counts). Other domains' tests would run for every mutant reached while building an app.
    include: unitOnly
      ? ['common/**/*.test.ts']
      : httpOwn
        ? [
            'server/http/**/*.test.ts',
            'server/{wire,statements,logging,health,config,concurrency}.test.ts',
            'server/sessions/**/*.test.ts',
            'server/users/**/*.test.ts',
          ]
        : [
            'common/**/*.test.ts',
            'server/http/**/*.test.ts',
            'server/{submissions,calendars,assignments,questions}/**/*.test.ts',
            // Submitting over a stale draft (a 409 from server/submissions) is tested with the drafts, and
            // the review list's order and schedule (server/submissions/queries.ts) with the spaced review.
            'server/drafts/**/*.test.ts',
            'server/review/**/*.test.ts',
            'server/statements.test.ts',
            'server/wire.test.ts',
          ],
    // The mutation run is on the embedded database (PGlite): PostgreSQL-only tests (`*.pg.test.ts`, run
    // by `npm run test:pg`) are left out, as `npm test` leaves them out.
    exclude: [...(withRandom ? [] : RANDOM), 'server/**/*.pg.test.ts'],
    environment: 'node',
    // common's unit tests need no migrated database template.
    globalSetup: unitOnly ? [] : ['server/test/global-setup.ts'],
    setupFiles: ['bench/mutation/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // StrykerJS runs the files in one worker thread (its vitest.pool option). Without isolation the
    // modules a file imports stay loaded for the next file: a third less time per mutant on this
    // machine (4 files: 128 s isolated, 74 s not). Static mutants reload them (bench/mutation/setup.ts).
    pool: 'threads',
    isolate: false,
    sequence: { sequencer: CheapFirst },
  },
});
