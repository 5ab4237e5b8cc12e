// A vitest setup file for the mutation run only (vitest.mutation.config.ts). In its first, instrumented
// run StrykerJS records which test reached each mutant, but code run by hooks (a file's beforeAll
// that builds the app and its data) runs under no test, and such a mutant counts as "static": it is
// then tested with the whole suite, module reload included, although only that file can see it.
// Here each file's hook coverage is given to every test of that file instead, so the mutant runs
// that file's tests (its hooks run with them). Coverage taken while modules load stays static.
import { afterAll, beforeAll, beforeEach, inject, vi } from 'vitest';

type Hits = Record<string, number>;
type MutantCoverage = { static: Hits; perTest: Record<string, Hits> };
type Task = { name: string; type: string; suite?: Task; file?: { filepath: string }; tasks?: Task[] };

const context = inject as unknown as (key: string) => unknown;
const namespace = context('globalNamespace') as string | undefined;

// Files share loaded modules (isolate: false); a mutant active while modules load must load them anew.
if (namespace && context('mode') === 'mutant' && context('mutantActivation') === 'static') vi.resetModules();

if (namespace && context('mode') === 'dry-run') {
  const separator = context('testNameSeparator') as string;
  const global = globalThis as Record<string, { mutantCoverage?: MutantCoverage } | undefined>;
  const ns = global[namespace] ?? {};
  global[namespace] = ns;
  // The same object the instrumented code creates when it first records a hit.
  const coverage = ns.mutantCoverage ?? { static: {}, perTest: {} };
  ns.mutantCoverage = coverage;
  let loaded: Hits = {};
  const inHooks: Hits = {};

  /** Moves what hooks reached since the last check out of the static coverage. */
  const takeHookHits = () => {
    for (const [id, count] of Object.entries(coverage.static)) {
      const extra = count - (loaded[id] ?? 0);
      if (extra <= 0) continue;
      inHooks[id] = (inHooks[id] ?? 0) + extra;
      if (loaded[id]) coverage.static[id] = loaded[id];
      else delete coverage.static[id];
    }
  };

  beforeAll(() => {
    loaded = { ...coverage.static };
  });
  beforeEach(takeHookHits);
  // vitest requires a destructuring pattern as a hook's first parameter.
  // biome-ignore lint/correctness/noEmptyPattern: nothing is needed from the context
  afterAll(({}, file: Task) => {
    takeHookHits();
    if (Object.keys(inHooks).length === 0) return;
    for (const test of testsOf(file)) {
      const id = testId(test);
      const hits = coverage.perTest[id] ?? {};
      coverage.perTest[id] = hits;
      for (const [id, count] of Object.entries(inHooks)) hits[id] = (hits[id] ?? 0) + count;
    }
  });

  function testsOf(task: Task): Task[] {
    return task.type === 'test' ? [task] : (task.tasks ?? []).flatMap(testsOf);
  }

  // The same id as @stryker-mutator/vitest-runner's setup file gives a test.
  function testId(test: Task): string {
    const names = [test.name];
    for (let suite = test.suite; suite; suite = suite.suite) names.unshift(suite.name);
    return `${test.file?.filepath ?? 'unknown.js'}#${names.join(separator).trim()}`;
  }
}
