import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/open.ts';
import {
  appliedLevel,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupEnd,
  BackupError,
  type BackupHeader,
  codeMigrations,
  listFiles,
  storedColumns,
  tablesInOrder,
} from './format.ts';

/** Rows fetched from the snapshot at a time (a cursor: memory stays flat however big a table is). */
const FETCH_ROWS = 500;

export type BackupSummary = BackupEnd & { bytes: number; file: string };

/**
 * Refuses, in one line, a backup file that cannot be written: its folder is missing, is not a
 * folder or is not writable, or the name is a folder or a device. Nothing is created. The CLI calls
 * it before opening the database, so a mistyped path fails at once.
 */
export function checkBackupTarget(file: string): void {
  const folder = path.dirname(path.resolve(file));
  const existing = statOrNull(file);
  if (existing?.isDirectory()) throw new BackupError(`${file} is a folder; name a file to write.`);
  if (existing && !existing.isFile()) throw new BackupError(`${file} is not a regular file.`);
  const parent = statOrNull(folder);
  if (!parent) throw new BackupError(`there is no folder ${folder}; create it first.`);
  if (!parent.isDirectory()) throw new BackupError(`${folder} is not a folder.`);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    throw new BackupError(`cannot write in the folder ${folder}.`);
  }
}

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/**
 * Writes a backup of the database and the uploaded pictures to `file` (format: ./format.ts).
 *
 * Consistency: every table is read in one REPEATABLE READ, READ ONLY transaction, so the rows are
 * one instant's, however long the backup takes and whatever the server writes meanwhile (on
 * PostgreSQL it runs online; the embedded database can only be opened while the server is stopped).
 * Pictures are written under new names and never changed, so they are copied before the snapshot,
 * and any that appeared since are copied after it: every picture the rows refer to is in the backup.
 *
 * The file is written next to its final name, synced, and renamed into place: a backup cut off
 * half-way never sits under the name of a good one. It is readable by its owner only (it holds
 * password hashes).
 */
export async function writeBackup(
  database: Database,
  imagesDir: string,
  file: string,
): Promise<BackupSummary> {
  checkBackupTarget(file);
  const migrations = await migrationsApplied(database);
  const folder = path.dirname(path.resolve(file));
  const temporary = path.join(folder, `.${path.basename(file)}.${process.pid}.part`);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(temporary, 'w', 0o600);
  } catch (error) {
    // Root passes the access check of a folder it still cannot write in (a read-only mount, /sys).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new BackupError(`cannot write in the folder ${folder}.`);
    }
    if (code === 'ENOENT') throw new BackupError(`there is no folder ${folder}; create it first.`);
    throw error;
  }
  const output = handle.createWriteStream();
  const gzip = zlib.createGzip();
  // A write error (a full disk) rejects here and ends the backup, instead of an unhandled 'error'.
  const written = pipeline(gzip, output);
  written.catch(() => {});
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), written]);
  };

  const end: BackupEnd = { rows: {}, files: 0, sequences: 0 };
  try {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: database.kind,
      migrations,
    };
    await write(`H\t${JSON.stringify(header)}`);

    const copied = new Set<string>();
    const copyFiles = async () => {
      for (const relative of listFiles(imagesDir)) {
        if (copied.has(relative) || relative.includes('\t') || relative.includes('\n')) continue;
        let data: Buffer;
        try {
          data = await fs.promises.readFile(path.join(imagesDir, relative));
        } catch (error) {
          // Deleted since it was listed (a replaced picture): nothing refers to it any more.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        copied.add(relative);
        end.files++;
        await write(`F\t${relative}\t${data.toString('base64')}`);
      }
    };
    await copyFiles();

    await database.db.transaction(
      async (tx) => {
        for (const table of await tablesInOrder(tx)) {
          end.rows[table] = 0;
          const columns = sql.join(
            (await storedColumns(tx, table)).map((name) => sql.identifier(name)),
            sql`, `,
          );
          await tx.execute(
            sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from (select ${columns} from ${sql.identifier(table)}) t`,
          );
          for (;;) {
            const batch = rowsOf<{ r: string }>(
              await tx.execute(sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`)),
            );
            // One write a batch: each write to gzip is a trip to zlib's thread, and per row those
            // trips were most of a backup's time.
            if (batch.length > 0) await write(batch.map((row) => `R\t${table}\t${row.r}`).join('\n'));
            end.rows[table] += batch.length;
            if (batch.length < FETCH_ROWS) break;
          }
          await tx.execute(sql`close backup_rows`);
        }
        const sequences = rowsOf<{ name: string; value: string | null }>(
          await tx.execute(
            sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
          ),
        );
        for (const sequence of sequences) {
          end.sequences++;
          await write(`S\t${JSON.stringify(sequence)}`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    await copyFiles();
    await write(`E\t${JSON.stringify(end)}`);
    gzip.end();
    await written;
    const synced = await fs.promises.open(temporary, 'r');
    await synced.sync();
    await synced.close();
    await fs.promises.rename(temporary, file);
  } catch (error) {
    gzip.destroy();
    output.destroy();
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  return { ...end, bytes: fs.statSync(file).size, file };
}

/** The migrations applied to the database, by the code's journal; refuses a database this code does not know. */
async function migrationsApplied(database: Database): Promise<BackupHeader['migrations']> {
  const level = await appliedLevel(database.db);
  if (level === 0) throw new BackupError('the database holds no Tutorfolio data (it was never started).');
  const known = codeMigrations();
  const applied = known.filter((migration) => migration.when <= level);
  if (applied.at(-1)?.when !== level) {
    throw new BackupError(
      'the database was set up by a newer version of Tutorfolio than this one; back it up with that version.',
    );
  }
  return applied;
}
