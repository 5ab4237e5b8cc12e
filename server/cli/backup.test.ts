import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../test/dataDir.ts';

/**
 * `npm run backup` / `npm run restore` as an operator runs them (node server/cli/backup.ts). The
 * source is always the embedded database; the restore goes into another embedded one, or — in
 * `npm run test:pg` — into a new PostgreSQL database: moving a school from one to the other.
 */
const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-backup-cli-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string>, as: { uid?: number; gid?: number } = {}) {
  const { DATABASE_URL: _omit, ...inherited } = process.env;
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 90_000,
    ...as,
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** Where the restore goes: a new PostgreSQL database when the suite runs on PostgreSQL, else a new data directory. */
async function restoreTarget(): Promise<Record<string, string>> {
  const base = process.env.TEST_DATABASE_URL;
  const imagesDir = path.join(scratch, 'target-images');
  if (!base) return { DATA_DIR: path.join(scratch, 'target'), IMAGES_DIR: imagesDir };
  const name = `tf_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), IMAGES_DIR: imagesDir };
}

/** Everything under `dir`, to show that a refused command left nothing behind. */
const tree = (dir: string) => fs.readdirSync(dir, { recursive: true }).sort();

describe('npm run backup / npm run restore', { timeout: 240_000 }, () => {
  const source = { DATA_DIR: migratedDataDir(path.join(scratch, 'source')) };
  beforeAll(() => {
    const created = run(
      [
        'server/cli/users.ts',
        'create',
        '--email',
        'ann@example.com',
        '--username',
        'ann',
        '--password',
        'a long secret',
      ],
      source,
    );
    expect(created.err).toBe('');
  });

  it('backs up a stopped embedded database with its pictures and restores it elsewhere; refuses what it cannot do', async () => {
    const picture = path.join(source.DATA_DIR, 'images', 'avatars', `${'ab'.repeat(16)}.webp`);
    fs.mkdirSync(path.dirname(picture), { recursive: true });
    fs.writeFileSync(picture, randomBytes(2000));

    expect(run(['server/cli/backup.ts', 'backup'], source)).toMatchObject({
      status: 1,
      err: expect.stringMatching(/^backup: name the file to write with --out FILE/),
    });
    const file = path.join(scratch, 'nightly.backup');
    const backup = run(['server/cli/backup.ts', 'backup', '--out', file], source);
    expect(backup.err).toBe('');
    expect(backup.out).toMatch(/^Backed up \d+ rows of \d+ tables and 1 pictures to .*nightly\.backup \(/);

    const target = await restoreTarget();
    const restored = run(['server/cli/backup.ts', 'restore', file], target);
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(
      /^Restored \d+ rows and 1 pictures from the backup of .* \(embedded database\)/,
    );
    expect(run(['server/cli/users.ts', 'list'], target).out).toMatch(/ann\s+ann@example\.com\s+STUDENT/);
    expect(fs.readFileSync(path.join(target.IMAGES_DIR!, 'avatars', path.basename(picture)))).toEqual(
      fs.readFileSync(picture),
    );

    // Again into the same place: it holds accounts now.
    expect(run(['server/cli/backup.ts', 'restore', file], target)).toMatchObject({
      status: 1,
      err: 'restore: the database to restore into holds accounts; add --replace to overwrite everything in it.',
    });
    expect(run(['server/cli/backup.ts', 'restore', file, '--replace'], target).status).toBe(0);
    const notBackup = path.join(scratch, 'notes.txt');
    fs.writeFileSync(notBackup, 'hello');
    expect(run(['server/cli/backup.ts', 'restore', notBackup], target)).toMatchObject({
      status: 1,
      err: `restore: ${notBackup} is not a Tutorfolio backup.`,
    });
  });

  it('refuses, in one line and leaving nothing behind, a file it cannot write or read', () => {
    const before = tree(scratch);
    const missing = path.join(scratch, 'no such folder');
    expect(run(['server/cli/backup.ts', 'backup', '--out', path.join(missing, 'a.backup')], source)).toEqual({
      status: 1,
      out: '',
      err: `backup: there is no folder ${missing}; create it first.`,
    });
    expect(run(['server/cli/backup.ts', 'backup', '--out', scratch], source)).toEqual({
      status: 1,
      out: '',
      err: `backup: ${scratch} is a folder; name a file to write.`,
    });
    const notFolder = path.join(scratch, 'a file');
    fs.writeFileSync(notFolder, '');
    expect(
      run(['server/cli/backup.ts', 'backup', '--out', path.join(notFolder, 'a.backup')], source),
    ).toEqual({
      status: 1,
      out: '',
      err: `backup: ${notFolder} is not a folder.`,
    });
    fs.rmSync(notFolder);
    expect(run(['server/cli/backup.ts', 'restore', path.join(missing, 'a.backup')], source)).toEqual({
      status: 1,
      out: '',
      err: `restore: there is no file ${path.join(missing, 'a.backup')}.`,
    });
    expect(run(['server/cli/backup.ts', 'restore', scratch], source)).toEqual({
      status: 1,
      out: '',
      err: `restore: ${scratch} is a folder, not a backup file.`,
    });
    expect(tree(scratch)).toEqual(before);
  });

  it('refuses a folder it may not write in and a file it may not read', () => {
    // Root reads and writes whatever the permissions say, so as root the commands run as nobody.
    const as = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const open = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-backup-cli-locked-'));
    cleanups.push(async () => fs.rmSync(open, { recursive: true, force: true }));
    fs.chmodSync(open, 0o755);
    const locked = path.join(open, 'locked');
    fs.mkdirSync(locked, { mode: 0o555 });
    const secret = path.join(open, 'secret.backup');
    fs.writeFileSync(secret, 'not for you', { mode: 0o000 });
    const env = { DATA_DIR: path.join(open, 'data') };
    expect(run(['server/cli/backup.ts', 'backup', '--out', path.join(locked, 'a.backup')], env, as)).toEqual({
      status: 1,
      out: '',
      err: `backup: cannot write in the folder ${locked}.`,
    });
    expect(fs.readdirSync(locked)).toEqual([]);
    expect(run(['server/cli/backup.ts', 'restore', secret], env, as)).toEqual({
      status: 1,
      out: '',
      err: `restore: cannot read ${secret}.`,
    });
    expect(fs.readdirSync(open).sort()).toEqual(['locked', 'secret.backup']);
  });
});
