import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { openDatabase } from './db/open.ts';
import { SHUTDOWN_WATCHDOG_MS } from './run.ts';
import { migratedDataDir } from './test/dataDir.ts';
import { findUserByUsername } from './users/queries.ts';

/** The real process: `node server/main.ts` and `node server/cli/users.ts`, on a temporary data directory. */
const root = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-proc-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
/** Servers a failed test left running (a frozen one ignores SIGTERM) are killed at the end. */
const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _omit, ...env } = process.env;
  return {
    ...env,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
    // The load test signs up many accounts from one address.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    ...extra,
  };
}

async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: baseEnv({ DATA_DIR: dataDir, PORT: String(port), ...env }),
  });
  spawned.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!output.includes('Tutorfolio is serving')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() - started > 45_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, output: () => output, exited };
}

/** A sign-in whose body never completes (the server waits for the rest), given time to arrive. */
async function sendHalfARequest(port: number): Promise<net.Socket> {
  const slow = net.connect(port, '127.0.0.1');
  slow.on('error', () => {});
  await new Promise((resolve) => slow.once('connect', resolve));
  slow.write(
    'POST /api/v1/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
  );
  await new Promise((r) => setTimeout(r, 300));
  return slow;
}

function runNode(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, args, {
    cwd: root,
    env: baseEnv(env),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/**
 * A server whose stdout is a pipe this test does not read (until `readStdout`): once the OS pipe
 * (64 KiB) and Node's read-ahead are full, every further write to it has to wait. stderr is read.
 */
async function startWithUnreadStdout(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: baseEnv({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  child.stdout.pause();
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${errors}`);
    if (Date.now() - started > 45_000) throw new Error(`server did not start:\n${errors}`);
    try {
      if ((await fetch(`${base}/api/v1/users/oauth/providers`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    exited,
    errors: () => errors,
    /** Starts reading stdout again; answers everything read so far (and later) as text. */
    readStdout() {
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stdout.resume();
      return () => text;
    },
    /**
     * `count` requests, 8 at a time, each logging two lines of about 4 KB (the URL is logged): 3,000
     * are about 25 MB of log, far past the pipe, Node's read-ahead and the server's 1 MiB buffer.
     * Answers the latencies, sorted, and how long it all took; every request must get its 200.
     */
    async load(count: number) {
      const url = `${base}/api/v1/users/oauth/providers?pad=${'x'.repeat(4000)}`;
      const latencies: number[] = [];
      let sent = 0;
      const worker = async () => {
        while (sent < count) {
          sent++;
          const at = performance.now();
          const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
          await response.arrayBuffer();
          expect(response.status).toBe(200);
          latencies.push(performance.now() - at);
        }
      };
      const at = performance.now();
      await Promise.all(Array.from({ length: 8 }, worker));
      return { latencies: latencies.sort((a, b) => a - b), totalMs: performance.now() - at };
    },
  };
}

const ms = (value: number) => `${Math.round(value)} ms`;

// Each test starts real processes (one to three servers, the CLI): generous time-outs, since a
// loaded two-core machine can take many seconds to start one.
describe('the server process', { timeout: 120_000 }, () => {
  it('stops at a bad setting with one line naming it', () => {
    const result = runNode(['server/main.ts'], { PORT: 'eighty', DATA_DIR: path.join(scratch, 'never') });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'tutorfolio: Invalid setting PORT="eighty": must be a whole number between 1 and 65535.',
    ]);
    expect(fs.existsSync(path.join(scratch, 'never'))).toBe(false);
  });

  it('refuses a second process on the same data directory, naming the holder; the CLI too', async () => {
    const dataDir = path.join(scratch, 'shared');
    const first = await startServer(dataDir);
    try {
      const second = runNode(['server/main.ts'], { DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`is in use by process ${first.child.pid}`);

      const cli = runNode(
        [
          'server/cli/users.ts',
          'create',
          '--email',
          'a@example.com',
          '--username',
          'ann',
          '--password',
          'a long secret',
        ],
        { DATA_DIR: dataDir },
      );
      expect(cli.status).toBe(1);
      expect(cli.stderr).toContain(`is in use by process ${first.child.pid}`);

      // The first server still answers.
      const response = await fetch(`http://127.0.0.1:${first.port}/api/v1/users/auth-check`);
      expect(response.status).toBe(401);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }

    const created = runNode(
      [
        'server/cli/users.ts',
        'create',
        '--email',
        'Admin@Example.com',
        '--username',
        'boss',
        '--password',
        'a long secret',
        '--role',
        'admin,teacher',
      ],
      { DATA_DIR: dataDir },
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created boss <admin@example.com> with roles ADMIN,TEACHER.');
    const listed = runNode(['server/cli/users.ts', 'list'], { DATA_DIR: dataDir });
    expect(listed.stdout).toMatch(/boss\s+admin@example\.com\s+ADMIN,TEACHER/);
    const badRole = runNode(
      [
        'server/cli/users.ts',
        'create',
        '--email',
        'x@example.com',
        '--username',
        'x',
        '--password',
        'a long secret',
        '--role',
        'KING',
      ],
      { DATA_DIR: dataDir },
    );
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toMatch(/^users: role: /);
  });

  it('answers /readyz 503 from SIGTERM on while it drains, still serving, then exits cleanly', async () => {
    const server = await startServer(migratedDataDir(path.join(scratch, 'drain')), {
      SHUTDOWN_DRAIN_MS: '3000',
    });
    const base = `http://127.0.0.1:${server.port}`;
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    // The signal is handled between requests; ask until it has been.
    let draining = await fetch(`${base}/readyz`);
    while (draining.status === 200 && performance.now() - signalled < 2000) {
      await new Promise((r) => setTimeout(r, 20));
      draining = await fetch(`${base}/readyz`);
    }
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'unavailable' });
    expect(draining.headers.get('connection')).toBe('close');
    // Still up, still serving the application while the proxy moves away.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/users/auth-check`)).status).toBe(401);

    expect(await server.exited).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(2900);
    expect(server.output()).not.toMatch(/Error|error/);
  });

  it("writes a second SIGTERM's line before exiting at once (the log's lines of a turn wait for its end)", async () => {
    const server = await startServer(migratedDataDir(path.join(scratch, 'second-signal')));
    // A request whose body never completes keeps the first SIGTERM waiting.
    const slow = await sendHalfARequest(server.port);
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    slow.destroy();
    expect(server.output()).toContain('SIGTERM again: exiting without waiting.');
  });

  it('loses no acknowledged sign-up when stopped with SIGTERM under load', async () => {
    const dataDir = migratedDataDir(path.join(scratch, 'load'));
    const server = await startServer(dataDir);
    const acknowledged: string[] = [];
    let attempts = 0;
    let stopped = false;
    const worker = async (id: number) => {
      for (let n = 0; !stopped || n < 1; n++) {
        const username = `load${id}x${n}`;
        attempts++;
        try {
          const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/users/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `${username}@example.com`,
              username,
              password: 'a long enough secret',
            }),
          });
          if (response.status === 200) acknowledged.push(await response.text());
        } catch {
          // refused or reset after the server stopped accepting: not acknowledged
          if (stopped) return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, id) => worker(id));
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    const code = await server.exited;
    stopped = true;
    await Promise.all(workers);
    expect(code).toBe(0);
    expect(server.output()).not.toMatch(/Error|error/);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const missing: string[] = [];
      for (const username of acknowledged) {
        if (!(await findUserByUsername(database.db, username))) missing.push(username);
      }
      expect(missing).toEqual([]);
    } finally {
      await database.close();
    }
    console.log(
      `SIGTERM under load: ${acknowledged.length} sign-ups acknowledged of ${attempts} attempts, none lost`,
    );
  });

  it('keeps answering while nobody reads its stdout, and stops on SIGTERM within the watchdog', async () => {
    const server = await startWithUnreadStdout(migratedDataDir(path.join(scratch, 'unread-stdout')));
    const { latencies, totalMs } = await server.load(3000);
    expect(latencies).toHaveLength(3000);

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const exitMs = performance.now() - signalled;
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(SHUTDOWN_WATCHDOG_MS);
    expect(server.errors()).toBe('');
    // What did get through is whole lines: lines are dropped whole, never cut.
    const written = server.readStdout();
    await new Promise((resolve) => server.child.stdout.once('end', resolve));
    const lines = written().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines.filter((l) => l.startsWith('{'))) expect(() => JSON.parse(line)).not.toThrow();
    console.log(
      `stdout unread: 3,000 requests answered in ${ms(totalMs)} (p50 ${ms(latencies[1500]!)}, ` +
        `p99 ${ms(latencies[2970]!)}, max ${ms(latencies[2999]!)}); exited ${ms(exitMs)} after SIGTERM`,
    );
  });

  it('says how many log lines it dropped once stdout is read again, and exits at once on a second SIGTERM', async () => {
    const server = await startWithUnreadStdout(migratedDataDir(path.join(scratch, 'unread-stdout-2')));
    await server.load(1500);
    const written = server.readStdout();
    const waited = Date.now();
    while (!written().includes('"droppedLogLines"') && Date.now() - waited < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const report = written()
      .split('\n')
      .find((line) => line.includes('"droppedLogLines"'));
    expect(JSON.parse(report!)).toMatchObject({ level: 40, droppedLogLines: expect.any(Number) });
    const dropped = JSON.parse(report!).droppedLogLines as number;
    expect(dropped).toBeGreaterThan(1000);

    // Unread again, and full again; a request whose body never completes is in flight, so the
    // first SIGTERM waits for it (requests in flight are finished) and the second must not wait.
    server.child.stdout.pause();
    server.child.stdout.removeAllListeners('data');
    await server.load(1500);
    const slow = await sendHalfARequest(server.port);
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.child.exitCode).toBeNull();
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const exitMs = performance.now() - signalled;
    slow.destroy();
    expect(code).toBe(1);
    expect(exitMs).toBeLessThan(2000);
    console.log(
      `stdout unread: ${dropped} log lines dropped and reported when read again; ` +
        `second SIGTERM exited in ${ms(exitMs)}`,
    );
  });
});
