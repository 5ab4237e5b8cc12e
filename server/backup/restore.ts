import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, migrateToLatest, migrationsFolder, rowsOf } from '../db/open.ts';
import {
  appliedLevel,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupEnd,
  BackupError,
  type BackupHeader,
  codeMigrations,
  safeRelativePath,
  storedColumns,
  tablesInOrder,
} from './format.ts';

/** Rows inserted per statement. */
const INSERT_ROWS = 500;
/** Where restored pictures are written before the database commits (inside IMAGES_DIR, a dot-name backups skip). */
const STAGING = '.restoring';

export type RestoreSummary = BackupEnd & { createdAt: string; from: 'pglite' | 'postgres' };

const damaged = (error: Error) =>
  new BackupError(`the backup file is damaged or cut off (${error.message}). Nothing was restored.`);

/**
 * The lines of a backup file, turning a damaged or cut-off gzip stream into one clear error. Read as
 * the caller asks for them (the stream's own iterator waits while the restore waits for the
 * database), so memory does not grow with the file: readline's iterator read ahead without bound.
 */
export async function* readLines(file: string): AsyncGenerator<string> {
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  let unreadable: BackupError | null = null;
  input.on('error', (error: NodeJS.ErrnoException) => {
    unreadable = new BackupError(`cannot read ${file} (${error.code ?? error.message}).`);
    gunzip.destroy(unreadable);
  });
  input.pipe(gunzip);
  // UTF-8 decoded across chunks: a character may be split between two of them.
  const decoder = new StringDecoder('utf8');
  let partial = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const lines = (partial + decoder.write(chunk)).split('\n');
      partial = lines.pop()!;
      for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
    }
  } catch (error) {
    throw unreadable ?? (error instanceof BackupError ? error : damaged(error as Error));
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  partial += decoder.end();
  if (partial) yield partial.endsWith('\r') ? partial.slice(0, -1) : partial;
}

/** Refuses, in one line, a backup file that is missing, a folder or unreadable. */
function checkReadable(file: string): void {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new BackupError(`there is no file ${file}.`);
    throw error;
  }
  if (stats.isDirectory()) throw new BackupError(`${file} is a folder, not a backup file.`);
  try {
    fs.closeSync(fs.openSync(file, 'r'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new BackupError(`cannot read ${file}.`);
    throw error;
  }
}

/** The header of a backup file, checked. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  checkReadable(file);
  let first: string | undefined;
  try {
    for await (const line of readLines(file)) {
      first = line;
      break;
    }
  } catch {
    first = undefined;
  }
  const header = first?.startsWith('H\t') ? (JSON.parse(first.slice(2)) as BackupHeader) : null;
  if (header?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Tutorfolio backup.`);
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${header.version}; this version reads ${BACKUP_VERSION}.`,
    );
  }
  return header;
}

/**
 * A migrations folder holding the code's migrations up to the backup's level: the restore builds
 * the tables the rows were written from, loads them, then runs the later migrations (as an upgrade).
 */
function migrationsUpTo(header: BackupHeader): { folder: string; remove(): void } {
  const known = codeMigrations();
  const wanted = header.migrations;
  const matches = wanted.every(
    (migration, i) => known[i]?.tag === migration.tag && known[i]?.when === migration.when,
  );
  if (!matches) {
    throw new BackupError(
      wanted.length > known.length
        ? 'the backup was made by a newer version of Tutorfolio; restore it with that version.'
        : "the backup's migrations are not this version's: it was made by another branch of Tutorfolio.",
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-restore-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, wanted.length);
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

export type RestoreOptions = {
  file: string;
  /**
   * Opens the database to restore into, migrated with the given folder (the backup's level).
   * The restore leaves it open and migrated to this code's level; the caller closes it.
   */
  open: (migrationsFolder: string) => Promise<Database>;
  imagesDir: string;
  /** Overwrite a database that holds accounts (without it, such a database is refused). */
  replace: boolean;
};

/**
 * Restores a backup (./backup.ts): the database is brought to the backup's migration level, every
 * table is emptied and loaded and every sequence set in one transaction — a failed or cut-off
 * restore changes nothing — then the code's later migrations run. Pictures are written to a staging
 * directory first and replace IMAGES_DIR's only once the database has committed.
 */
export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ summary: RestoreSummary; database: Database }> {
  const header = await readBackupHeader(options.file);
  const migrations = migrationsUpTo(header);
  let database: Database;
  try {
    database = await options.open(migrations.folder);
  } finally {
    migrations.remove();
  }
  try {
    const level = await appliedLevel(database.db);
    const backupLevel = header.migrations.at(-1)?.when ?? 0;
    if (level > backupLevel) {
      throw new BackupError(
        'the database to restore into was set up by a later version than the backup: restore into a new, empty database.',
      );
    }
    const holdsAccounts = rowsOf<{ any: boolean }>(
      await database.db.execute(sql`select exists(select 1 from users) as any`),
    );
    if (holdsAccounts[0]?.any && !options.replace) {
      throw new BackupError(
        'the database to restore into holds accounts; add --replace to overwrite everything in it.',
      );
    }

    const staging = path.join(options.imagesDir, STAGING);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    let end: BackupEnd | null = null;
    const counted: BackupEnd = { rows: {}, files: 0, sequences: 0 };
    try {
      await database.db.transaction(async (tx) => {
        const tables = await tablesInOrder(tx);
        if (tables.length > 0) {
          await tx.execute(
            sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`),
          );
        }
        const columns = new Map<string, string[]>();
        const pending = { table: '', rows: [] as string[] };
        const flush = async () => {
          if (pending.rows.length === 0) return;
          const { table, rows } = pending;
          let names = columns.get(table);
          if (!names) {
            if (!tables.includes(table))
              throw new BackupError(`the backup has rows of an unknown table "${table}".`);
            names = await storedColumns(tx, table);
            columns.set(table, names);
          }
          const list = sql.join(
            names.map((name) => sql.identifier(name)),
            sql`, `,
          );
          await tx.execute(
            sql`insert into ${sql.identifier(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${rows.join(',')}]`}::json)`,
          );
          counted.rows[table] = (counted.rows[table] ?? 0) + rows.length;
          pending.rows = [];
        };

        for await (const line of readLines(options.file)) {
          const kind = line.slice(0, 2);
          if (end) throw new BackupError('the backup has lines after its end.');
          if (kind === 'R\t') {
            const tab = line.indexOf('\t', 2);
            const table = line.slice(2, tab);
            if (pending.table !== table) {
              await flush();
              pending.table = table;
            }
            pending.rows.push(line.slice(tab + 1));
            if (pending.rows.length >= INSERT_ROWS) await flush();
          } else if (kind === 'F\t') {
            const tab = line.indexOf('\t', 2);
            const relative = safeRelativePath(line.slice(2, tab));
            const target = path.join(staging, relative);
            await fs.promises.mkdir(path.dirname(target), { recursive: true });
            await fs.promises.writeFile(target, Buffer.from(line.slice(tab + 1), 'base64'));
            counted.files++;
          } else if (kind === 'S\t') {
            await flush();
            const sequence = JSON.parse(line.slice(2)) as { name: string; value: string | null };
            const name = `"public"."${sequence.name.replaceAll('"', '""')}"`;
            await tx.execute(
              sequence.value === null
                ? sql`select setval(${name}::regclass, 1, false)`
                : sql`select setval(${name}::regclass, ${sequence.value}::bigint, true)`,
            );
            counted.sequences++;
          } else if (kind === 'E\t') {
            await flush();
            end = JSON.parse(line.slice(2)) as BackupEnd;
          } else if (kind !== 'H\t') {
            throw new BackupError('the backup has a line this version does not read.');
          }
        }
        if (!end) throw new BackupError('the backup is cut off: its end is missing. Nothing was restored.');
        const expected = JSON.stringify({ ...end, rows: sortedKeys(end.rows) });
        const got = JSON.stringify({
          ...counted,
          rows: sortedKeys({
            ...Object.fromEntries(Object.keys(end.rows).map((t) => [t, 0])),
            ...counted.rows,
          }),
        });
        if (expected !== got) {
          throw new BackupError(
            `the backup's contents do not match its own count (${got} read, ${expected} written).`,
          );
        }
      });
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    replacePictures(options.imagesDir, staging);
    await migrateToLatest(database);
    return {
      summary: { ...(end as unknown as BackupEnd), createdAt: header.createdAt, from: header.database },
      database,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function sortedKeys(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** IMAGES_DIR's contents become the staging directory's (IMAGES_DIR itself may be a mount point: kept). */
function replacePictures(imagesDir: string, staging: string): void {
  for (const entry of fs.readdirSync(imagesDir)) {
    if (entry !== STAGING) fs.rmSync(path.join(imagesDir, entry), { recursive: true, force: true });
  }
  for (const entry of fs.readdirSync(staging))
    fs.renameSync(path.join(staging, entry), path.join(imagesDir, entry));
  fs.rmSync(staging, { recursive: true, force: true });
}
