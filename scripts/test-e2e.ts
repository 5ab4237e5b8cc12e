// npm run test:e2e: builds the app, then runs the browser tests as E2E_SHARDS Playwright processes
// at once (default 2). Each process starts its own server on its own port and fresh database
// (e2e/playwright.config.ts, e2e/serve.ts), so the shards share nothing but the machine. A browser
// test mostly waits on Chromium and the server, one core at a time: two shards keep both busy.
// Arguments pass through to Playwright (spec files, --grep …). E2E_SKIP_BUILD=1: the caller has
// just built the app (CI builds it beside the server suite on PostgreSQL).
import { spawn, spawnSync } from 'node:child_process';

const shards = Number(process.env.E2E_SHARDS ?? '2');
if (!Number.isInteger(shards) || shards < 1) {
  console.error(`E2E_SHARDS must be a whole number of at least 1, not "${process.env.E2E_SHARDS}"`);
  process.exit(2);
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = process.argv.slice(2);
const started = performance.now();

function runShard(index: number): Promise<number> {
  // Each shard writes its traces under its own folder: Playwright names its scratch folders by
  // worker number, and one shard finishing would delete the other's.
  const shardArgs =
    shards > 1
      ? [`--shard=${index}/${shards}`, '--pass-with-no-tests', `--output=test-results/shard-${index}`]
      : [];
  const child = spawn(
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...shardArgs, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Lines, not chunks, get the shard's mark, so two shards' output never mixes within a line.
  const prefix = shards > 1 ? `[${index}/${shards}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => {
      if (pending) out.write(`${prefix}${pending}\n`);
    });
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [`${i + 1}/${shards}`]));
console.log(
  failed.length === 0
    ? `Browser tests passed: ${shards} shard(s) in ${seconds} s`
    : `Browser tests failed in shard(s) ${failed.join(', ')} (${seconds} s)`,
);
process.exit(failed.length === 0 ? 0 : 1);
