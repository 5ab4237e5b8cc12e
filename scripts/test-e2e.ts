// npm run test:e2e: builds the app, then runs the browser tests in one Playwright process with
// E2E_WORKERS workers (default 2), each on its own server and fresh database (e2e/playwright.config.ts).
// One process rather than a `--shard` per core: Playwright hands the next spec file to whichever
// worker is free, so both finish together however long each file takes (static shards split the
// files by count, and the longer shard set the time). Arguments pass through to Playwright (spec
// files, --grep …). E2E_SKIP_BUILD=1: the caller has just built the app (CI builds it beside the
// server suite on PostgreSQL).
import { spawn, spawnSync } from 'node:child_process';

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const started = performance.now();
const child = spawn(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
const code = await new Promise<number>((resolve) => child.on('close', (status) => resolve(status ?? 1)));
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(code === 0 ? `Browser tests passed in ${seconds} s` : `Browser tests failed (${seconds} s)`);
process.exit(code);
