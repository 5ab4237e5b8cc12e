import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-lock-')), 'nested', 'data');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0))
    fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('creates the directory, refuses a second holder naming the first, and frees on release', () => {
    const dir = tempDir();
    const first = lockDataDir(dir, 'server/main.ts');
    expect(fs.existsSync(dir)).toBe(true);
    // A lock held by a live process (pid 1 here stands for another live process).
    const lockFile = path.join(dir, 'tutorfolio.lock');
    const owner = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
    expect(owner.pid).toBe(process.pid);
    first.release();
    expect(fs.existsSync(lockFile)).toBe(false);

    fs.writeFileSync(lockFile, JSON.stringify({ ...owner, pid: 1, command: 'node server/main.ts' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by process 1 on .*node server\/main\.ts/);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    const deadPid = 2 ** 22 + 12345; // above Linux's pid_max default: never a live process
    fs.writeFileSync(
      path.join(dir, 'tutorfolio.lock'),
      JSON.stringify({
        pid: deadPid,
        host: os.hostname(),
        startedAt: new Date().toISOString(),
        command: 'x',
      }),
    );
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('treats a lock from another host as held', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'tutorfolio.lock'),
      JSON.stringify({ pid: 99, host: 'elsewhere', startedAt: new Date().toISOString(), command: 'x' }),
    );
    expect(() => lockDataDir(dir)).toThrow(/process 99 on elsewhere/);
  });
});
