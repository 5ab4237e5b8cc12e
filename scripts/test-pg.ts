// Runs the server suite against a real PostgreSQL. Each test file gets its own database,
// copied from a freshly migrated template (see server/test/global-setup.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await probe.connect();
  const { rows } = await probe.query<{ server_version: string }>('SHOW server_version');
  console.log(`Server suite on PostgreSQL ${rows[0]?.server_version} (${new URL(url).host})`);
} catch (error) {
  console.error(`Cannot reach PostgreSQL at ${url}: ${(error as Error).message}`);
  console.error('Start it, or set TEST_DATABASE_URL to a server where this user may create databases.');
  process.exit(1);
} finally {
  await probe.end().catch(() => {});
}

/**
 * The server project's test files whose outcome can depend on the database: those that open the
 * test database (through a module of server/test/) or read TEST_DATABASE_URL themselves. The rest
 * (pure functions, texts, the embedded database's own process tests) run the same on both and
 * already ran in npm test.
 */
function filesUsingTheDatabase(): string[] {
  return fs
    .globSync('{server,common,bench,scripts}/**/*.test.ts')
    .filter((file) => !SAME_ON_BOTH.includes(file))
    .filter((file) =>
      // server/test/dataDir.ts hands out embedded data directories, not the test database.
      /TEST_DATABASE_URL|from '(\.\.?\/)*(server\/)?test\/(?!dataDir\.ts')/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    )
    .sort();
}

/**
 * Files that open the test database but whose outcome the database does not change, left to npm
 * test. The statements of every route are the app's: routes run the same code on both databases
 * (only the mail worker, no route, branches on the kind); node-postgres adds a transaction's BEGIN
 * and COMMIT, which the file allows for when named here on the command line. It took 83 s of CI.
 */
const SAME_ON_BOTH = ['server/statements.test.ts'];

// Files named on the command line replace the choice; options pass through to Vitest.
const args = process.argv.slice(2);
const files = args.some((arg) => !arg.startsWith('-')) ? [] : filesUsingTheDatabase();
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...files, ...args], {
  stdio: 'inherit',
  // More random sequences for the property tests here than on the embedded database (npm test); the
  // fuzz test sets its own 10,000 requests on PostgreSQL and refuses fewer.
  env: { TEST_PROPERTY_RUNS: '100', ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
