import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { openDatabase } from './db/open.ts';
import { findUserByUsername } from './users/queries.ts';

/** The real process: `node server/main.ts` and `node server/cli/users.ts`, on a temporary data directory. */
const root = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-proc-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

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

async function startServer(dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: baseEnv({ DATA_DIR: dataDir, PORT: String(port) }),
  });
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

function runNode(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, args, {
    cwd: root,
    env: baseEnv(env),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

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

  it('loses no acknowledged sign-up when stopped with SIGTERM under load', async () => {
    const dataDir = path.join(scratch, 'load');
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
});
