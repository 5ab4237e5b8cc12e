import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Exclusive hold on the embedded database directory. Two processes opening one PGlite directory
 * corrupt it for good (docs/architecture.md, "Database"), so every process that opens it (server,
 * users CLI, demo) takes this lock first and refuses to start while another live process holds it.
 *
 * The lock is a file created with O_EXCL holding the owner's pid, host and start time. A lock left
 * by a process that no longer runs (kill -9, power loss) is taken over; the takeover itself is
 * guarded by a second O_EXCL file so two starters cannot both take over the same stale lock.
 */
export class DataDirLockedError extends Error {}

type LockOwner = { pid: number; host: string; startedAt: string; command: string };

const LOCK_NAME = 'tutorfolio.lock';

export type DataDirLock = { path: string; release(): void };

export function lockDataDir(dataDir: string, command = process.argv.slice(1).join(' ')): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    command,
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(lockPath, owner)) return makeHandle(lockPath);
    const holder = readOwner(lockPath);
    if (holder && isLive(holder)) throw lockedError(dataDir, holder);
    takeOverStale(lockPath, holder);
  }
  const holder = readOwner(lockPath);
  throw lockedError(dataDir, holder);
}

function tryCreate(lockPath: string, owner: LockOwner): boolean {
  try {
    const fd = fs.openSync(lockPath, 'wx', 0o600);
    fs.writeSync(fd, `${JSON.stringify(owner)}\n`);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch {
    return null; // vanished or half-written; the caller retries
  }
}

function isLive(owner: LockOwner): boolean {
  // A lock from another host (shared network disk) cannot be checked: treat it as held.
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeOverStale(lockPath: string, stale: LockOwner | null): void {
  const guard = `${lockPath}.takeover`;
  try {
    const fd = fs.openSync(guard, 'wx', 0o600);
    fs.closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another starter is taking over right now, or one died doing so long ago.
    const guardStat = fs.statSync(guard, { throwIfNoEntry: false });
    if (guardStat && Date.now() - guardStat.mtimeMs > 10_000) fs.rmSync(guard, { force: true });
    return;
  }
  try {
    const current = readOwner(lockPath);
    const unchanged = JSON.stringify(current) === JSON.stringify(stale);
    if (unchanged) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

function lockedError(dataDir: string, holder: LockOwner | null): DataDirLockedError {
  const who = holder
    ? `process ${holder.pid} on ${holder.host} (started ${holder.startedAt}: ${holder.command})`
    : 'another process';
  return new DataDirLockedError(
    `The data directory ${dataDir} is in use by ${who}. Stop that process first, or set DATA_DIR to another directory.`,
  );
}

function makeHandle(lockPath: string): DataDirLock {
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      const holder = readOwner(lockPath);
      if (holder?.pid === process.pid) fs.rmSync(lockPath, { force: true });
    },
  };
}
