import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { serverNodeFlags } from './nodeFlags.ts';

const root = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-flags-'));
const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A checkout whose package.json has this start script. */
function checkoutWith(start: string): string {
  const dir = fs.mkdtempSync(path.join(scratch, 'checkout-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: { start } }));
  return dir;
}

describe('the Node flags npm start gives the server (docs/architecture.md, "Runtime")', () => {
  it('give V8 a 256 MB old generation before its first full collection', () => {
    expect(serverNodeFlags(root)).toEqual(['--initial-old-space-size=256']);
  });

  it('are read from the start script: none, one, several; a script that does not start the server is refused', () => {
    expect(serverNodeFlags(checkoutWith('node scripts/check-node.mjs && node server/main.ts'))).toEqual([]);
    expect(serverNodeFlags(checkoutWith('node server/main.ts'))).toEqual([]);
    expect(
      serverNodeFlags(
        checkoutWith('node a.mjs && node --initial-old-space-size=512 --no-warnings server/main.ts'),
      ),
    ).toEqual(['--initial-old-space-size=512', '--no-warnings']);
    expect(() => serverNodeFlags(checkoutWith('node other.ts'))).toThrow(/server\/main\.ts/);
    expect(() => serverNodeFlags(checkoutWith('node server/main.ts --demo && echo'))).toThrow(
      /server\/main\.ts/,
    );
  });

  it('reach the server process started as npm start starts it', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...serverNodeFlags(root), 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: path.join(scratch, 'data'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(scratch, 'no-web'),
      },
    });
    spawned.push(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const started = Date.now();
    while (!output.includes('Tutorfolio is serving')) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The process's own arguments, as the kernel holds them: what V8 was configured from.
    const argv = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    expect(argv).toContain('--initial-old-space-size=256');
    expect(argv.indexOf('--initial-old-space-size=256')).toBeLessThan(argv.indexOf('server/main.ts'));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
});
