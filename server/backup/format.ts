import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbOrTx, migrationsFolder, rowsOf } from '../db/open.ts';

/**
 * A backup is one gzip file of lines, each `<kind>\t<payload>`:
 *
 *   H  {"format":"tutorfolio-backup","version":1,…}  the header: when, from which database, at which migration
 *   F  <path>\t<base64>                              an uploaded file, its path under IMAGES_DIR
 *   R  <table>\t<row as PostgreSQL's row_to_json>    a row's stored columns, tables in foreign-key order
 *   S  {"name":…,"value":…,"called":…}               a sequence's position (identity columns)
 *   E  {"rows":{…},"files":n,"sequences":n}          the end: counts, so a cut-off file is refused
 *
 * Rows stay the text PostgreSQL wrote and go back through `json_populate_recordset`, never through
 * JavaScript numbers or dates, so every value comes back exactly. The format is the same for both
 * databases: a backup of the embedded database restores into PostgreSQL and the other way round.
 */
export const BACKUP_FORMAT = 'tutorfolio-backup';
export const BACKUP_VERSION = 1;

export type Migration = { tag: string; when: number };

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Every migration applied to the database backed up, oldest first (the last one is its level). */
  migrations: Migration[];
};

export type BackupEnd = { rows: Record<string, number>; files: number; sequences: number };

export class BackupError extends Error {}

/** The code's migrations, oldest first (drizzle's journal). */
export function codeMigrations(folder = migrationsFolder): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Migration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** When the newest migration applied to a database was written (0: none, or no migrations table). */
export async function appliedLevel(db: DbOrTx): Promise<number> {
  const exists = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  );
  if (!exists[0]?.name) return 0;
  const rows = rowsOf<{ newest: string | number | null }>(
    await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
  );
  return Number(rows[0]?.newest ?? 0);
}

/**
 * A table's columns that hold data: generated ones (computed from the others) are neither backed up
 * nor restored, the restoring database computes them again.
 */
export async function storedColumns(db: DbOrTx, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`
      select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  ).map((row) => row.name);
}

/**
 * The application's tables (schema `public`), parents before children, so rows inserted in this
 * order satisfy every foreign key. (A table referring to itself would need its rows ordered too;
 * none does.)
 */
export async function tablesInOrder(db: DbOrTx): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  ).map((row) => row.name);
  const links = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && links.every((link) => link.child !== table || placed.has(link.parent)),
    );
    if (ready.length === 0) throw new BackupError('the tables refer to each other in a cycle');
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** Paths of the files under `dir` (relative, `/`-separated), skipping dot-files (pictures being written). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  walk('');
  return found.sort();
}

/** A file's path from a backup, refused unless it stays inside the pictures directory. */
export function safeRelativePath(relative: string): string {
  const normal = path.posix.normalize(relative);
  if (
    normal !== relative ||
    normal.startsWith('../') ||
    normal === '..' ||
    path.posix.isAbsolute(normal) ||
    normal.split('/').some((part) => part.startsWith('.'))
  ) {
    throw new BackupError(
      `the backup names a file outside the pictures directory: ${JSON.stringify(relative)}`,
    );
  }
  return normal;
}
