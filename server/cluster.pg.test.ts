import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { serverNodeFlags } from './nodeFlags.ts';
import { SHUTDOWN_WATCHDOG_MS } from './run.ts';

/** WEB_CONCURRENCY (server/cluster.ts) for real: two server processes on PostgreSQL. */
const root = path.resolve(import.meta.dirname, '..');

// Only in the PostgreSQL suite (vitest.config.ts leaves *.pg.test.ts out without TEST_DATABASE_URL).
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('cluster.pg.test.ts needs TEST_DATABASE_URL (run it with npm run test:pg)');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('two server processes on PostgreSQL (the real process)', () => {
  const name = `tf_cluster_test_${process.pid}`;
  const spawned: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('serves from both, replaces one that dies, and stops all on SIGTERM within the watchdog', {
    timeout: 90_000,
  }, async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const port = await freePort();
    // As npm start starts it: with its Node flags (server/nodeFlags.ts), which the workers inherit.
    const child = spawn(process.execPath, [...serverNodeFlags(root), 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      },
    });
    spawned.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const waitFor = async (done: () => boolean, what: string, ms = 45_000) => {
      const start = Date.now();
      while (!done()) {
        if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
        if (Date.now() - start > ms) throw new Error(`${what}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitFor(() => output.includes('Tutorfolio is serving'), 'never served');
    expect(output).toContain('2 processes');
    /** The processes that answered requests, from their log lines (each line carries its pid). */
    const answeredBy = () => {
      const pids = new Set<number>();
      for (const line of output.split('\n')) {
        if (!line.includes('"responseTime"')) continue;
        pids.add((JSON.parse(line) as { pid: number }).pid);
      }
      return pids;
    };
    // A connection per request: Node hands each new connection to the next worker.
    const ask = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/users/auth-check`, {
        headers: { connection: 'close' },
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(401);
    };
    for (let i = 0; i < 10; i++) await ask();
    await waitFor(() => answeredBy().size === 2, 'not both answered', 5000);
    const workers = [...answeredBy()];
    expect(workers).not.toContain(child.pid);
    // Each worker's V8 got npm start's flags (a fork is started with the primary's own).
    for (const pid of workers) {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv, `process ${pid}`).toContain('--initial-old-space-size=256');
    }

    // One dies: another takes its place. (A connection the primary handed to the dying process just
    // before it died is lost with it, as with a single server that crashes.)
    process.kill(workers[0]!, 'SIGKILL');
    await waitFor(
      () => (output.match(/Server listening at/g) ?? []).length === 3,
      'no process replaced the dead one',
      30_000,
    );
    expect(output).toContain(`server process ${workers[0]} exited (SIGKILL); starting another`);
    for (let i = 0; i < 10; i++) await ask();
    const now = [...answeredBy()].filter((pid) => !workers.includes(pid));
    expect(now.length, 'the new process answers').toBe(1);

    child.kill('SIGTERM');
    const started = Date.now();
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_WATCHDOG_MS);
    for (const pid of [workers[1]!, now[0]!]) expect(alive(pid), `process ${pid} ended`).toBe(false);
    expect(output).toContain('SIGTERM received: stopping 2 server processes');
  });
});
