// StrykerJS settings for `npm run test:mutation` (bench/mutation.ts runs one folder at a time and
// sets MUTATION_FOLDER). See docs/testing.md, "Mutation testing".
import { folderFiles, folderSlug } from './bench/mutation/scope.ts';

const folder = process.env.MUTATION_FOLDER;
if (!folder)
  throw new Error(
    'Run it through `npm run test:mutation` (or set MUTATION_FOLDER to a folder of the scope).',
  );
const slug = folderSlug(folder);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // Each mutant runs only the tests that reached it in the first (instrumented) run.
  coverageAnalysis: 'perTest',
  mutate: folderFiles(folder),
  // The words of common/'s user-facing text files are not mutated; their logic is (docs/testing.md,
  // "Mutation testing"; bench/mutation/text-ignorer.mjs says exactly which literals).
  plugins: ['@stryker-mutator/*', './bench/mutation/text-ignorer.mjs'],
  ignorers: ['TextLiterals'],
  // Results are kept per folder and committed: a re-run tests only mutants in changed code, or
  // reached by changed tests (--force tests them all again).
  incremental: true,
  incrementalFile: `bench/mutation/${slug}.incremental.json`,
  // Two cores shared with other work: one test process by default (MUTATION_CONCURRENCY=2 for more).
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // A loaded machine runs a test several times slower than the first run measured it.
  timeoutMS: 30_000,
  // The first, instrumented run of every test took over 5 minutes (Stryker's default limit) with
  // other work on both cores.
  dryRunTimeoutMinutes: 30,
  timeoutFactor: 3,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  // Stryker would rewrite tsconfig.json's paths for the sandbox with the TypeScript 5 API, which
  // TypeScript 7 lacks; the sandbox is a full copy and vitest strips types itself, so nothing needs it.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
