import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: every query module takes this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; `Db | Tx` is what query functions accept. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * A statement that may revoke a session or change an account (and so the user row a session carries):
 * an update, deletion or truncation of `users` (a new account revokes nothing), a deletion or
 * truncation of `sessions`. An update of `sessions` is left out:
 * the only one slides a session's expiry forward, and one shortening it notifies through the
 * database's trigger (migration 0013).
 */
const AUTH_WRITE = new RegExp(
  [
    String.raw`\b(?:update|delete\s+from)\s+(?:"?public"?\.)?"?users"?(?![\w"])`,
    String.raw`\bdelete\s+from\s+(?:"?public"?\.)?"?sessions"?(?![\w"])`,
    String.raw`\btruncate\b[^;]*?(?<![\w"])"?(?:users|sessions)"?(?![\w"])`,
  ].join('|'),
  'i',
);

export function isAuthWrite(query: string): boolean {
  return AUTH_WRITE.test(query);
}

/** Counts SQL statements, so tests can assert that a request's statement count does not grow with rows. */
export class QueryCounter implements Logger {
  count = 0;
  /** When set, every statement is appended with its parameters (bench/api.ts writes pgbench scripts from it). */
  log: { query: string; params: unknown[] }[] | null = null;
  /** Told, before it is sent, of every statement of this process that may revoke a session (isAuthWrite). */
  onAuthWrite: (() => void) | null = null;
  logQuery(query: string, params: unknown[]): void {
    this.count++;
    this.log?.push({ query, params });
    if (this.onAuthWrite && isAuthWrite(query)) this.onAuthWrite();
  }
}

/**
 * What a session cache needs to stay correct (server/sessions/cache.ts): `local` before this process
 * sends a statement that may revoke a session (PostgreSQL only, where look-ups run beside a writer's
 * open transaction), `committed` after any such change is committed — by
 * this process or another (the database's trigger notifies, migration 0013) — and `live`, whether
 * committed changes are being heard at all (on PostgreSQL, while the LISTEN connection is up).
 */
export type AuthChanges = {
  readonly live: boolean;
  subscribe(listener: (event: 'local' | 'committed' | 'live' | 'lost') => void): () => void;
};

class AuthChangeHub implements AuthChanges {
  live = false;
  private listeners = new Set<(event: 'local' | 'committed' | 'live' | 'lost') => void>();
  subscribe(listener: (event: 'local' | 'committed' | 'live' | 'lost') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: 'local' | 'committed' | 'live' | 'lost'): void {
    if (event === 'live') this.live = true;
    if (event === 'lost') this.live = false;
    for (const listener of this.listeners) listener(event);
  }
}

/** The channel the trigger of migration 0013 notifies on. */
const AUTH_CHANNEL = 'tf_auth';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  queries: QueryCounter;
  /** Changes to accounts and sessions, for the session cache. */
  authChanges: AuthChanges;
  /** Finish: CHECKPOINT and close the embedded database, or drain the pool; release the directory lock. */
  close(): Promise<void>;
};

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Which migrations opening runs: the code's own (default), another folder (a restore brings a
 * database to its backup's level first: server/backup/), or none (null: a backup reads as it finds).
 */
type MigrationChoice = { migrationsFolder?: string | null };

export type OpenOptions = MigrationChoice &
  (
    | {
        kind: 'pglite';
        /** Directory to hold the data; null keeps it in memory (tests). */
        dataDir: string | null;
        /** Start from a dump (tests load a migrated template this way: ~0.4 s instead of ~3 s). */
        loadDataDir?: Blob;
        /** Skip the directory lock (only for a directory this process already holds). */
        lock?: DataDirLock;
      }
    | {
        kind: 'postgres';
        url: string;
        poolSize?: number;
        /** Told when an idle pooled connection fails (the server restarted or ended it). */
        onIdleError?: (error: Error) => void;
      }
  );

/** How long an idle pooled PostgreSQL connection is kept before it is closed. */
export const POOL_IDLE_MS = 10 * 60_000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const queries = new QueryCounter();
  const folder = options.migrationsFolder === undefined ? migrationsFolder : options.migrationsFolder;
  if (options.kind === 'postgres') {
    // Idle connections stay open for minutes, not pg's default ten seconds: a new backend's first
    // statements load its catalog caches (tens of ms), which an evening's bursty traffic would
    // otherwise pay again after every lull.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: POOL_IDLE_MS,
    });
    // An idle connection closed by the server (a restart, pg_terminate_backend) is dropped from the
    // pool and replaced on next use; without a listener the 'error' event would end the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    // Fail fast with the server's own message when the URL is wrong.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: queries }) as unknown as Db;
    if (folder) await migrateWithLock(pool, folder);
    const authChanges = new AuthChangeHub();
    queries.onAuthWrite = () => authChanges.emit('local');
    const listener = listenForAuthChanges(options.url, authChanges, options.onIdleError);
    return {
      db,
      kind: 'postgres',
      queries,
      authChanges,
      async close() {
        await listener.stop();
        await pool.end();
      },
    };
  }

  const lock = options.dataDir && !options.lock ? lockDataDir(options.dataDir) : options.lock;
  let client: PGlite;
  try {
    client = await PGlite.create({
      // The archive search's trigram indexes, as PostgreSQL has them (its contrib).
      extensions: { pg_trgm },
      // PGlite's own mkdir is not recursive; the lock above created the parent directory.
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pg') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: queries }) as unknown as Db;
  if (folder) await migratePglite(db as never, { migrationsFolder: folder });
  const authChanges = new AuthChangeHub();
  // No 'local' events: PGlite runs one statement at a time and a transaction holds it, so no look-up
  // can read a row a writer has changed but not committed; and it runs the trigger's notification
  // before the writing statement's promise settles: no window at all.
  await client.listen(AUTH_CHANNEL, () => authChanges.emit('committed'));
  if (await hasAuthTrigger((sql) => client.query(sql))) authChanges.emit('live');
  return {
    db,
    kind: 'pglite',
    queries,
    authChanges,
    async close() {
      try {
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        lock?.release();
      }
    },
  };
}

/** Whether the notifying trigger is there (a database opened without migrating may predate it). */
async function hasAuthTrigger(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const { rows } = await query(`select 1 from pg_trigger where tgname = 'users_auth_changed'`);
  return rows.length > 0;
}

/**
 * Hears the trigger's notifications on a connection of its own (LISTEN needs one that stays the
 * same; a pooled one would not). While it is not listening the hub is not `live`, so caches hold
 * nothing; a lost connection is opened again after a second, and `live` only once LISTEN answered
 * (what changed in between is covered: the cache was emptied when the connection was lost).
 */
function listenForAuthChanges(
  url: string,
  hub: AuthChangeHub,
  onError?: (error: Error) => void,
): { stop(): Promise<void> } {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const lost = (error?: Error) => {
    if (error) onError?.(error);
    hub.emit('lost');
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => {});
    old?.end().catch(() => {});
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, 1000);
      retry.unref();
    }
  };
  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANNEL) hub.emit('committed');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANNEL}`);
      const triggered = await hasAuthTrigger((sql) => next.query(sql));
      if (stopped || client !== next || !triggered) return;
      hub.emit('live');
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      hub.emit('lost');
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => {});
        await last.end().catch(() => {});
      }
    },
  };
}

/** Two instances starting together against one PostgreSQL must not both run a migration. */
async function migrateWithLock(pool: pg.Pool, folder: string): Promise<void> {
  // The migration runs on the connection that holds the lock (a pool of one would otherwise wait forever).
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock(727272)');
    await migratePg(drizzlePg(connection, { schema, casing: 'snake_case' }), { migrationsFolder: folder });
  } finally {
    await connection.query('select pg_advisory_unlock(727272)').catch(() => {});
    connection.release();
  }
}

/** Runs the code's migrations not yet applied (after a restore from an older backup). */
export async function migrateToLatest(database: Database): Promise<void> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') await migrateWithLock(client as pg.Pool, migrationsFolder);
  else await migratePglite(database.db as never, { migrationsFolder });
}

/** The database the settings ask for: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR. */
export function openConfiguredDatabase(config: {
  databaseUrl: string | null;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

export function describeDatabase(config: { databaseUrl: string | null; dataDir: string }): string {
  if (!config.databaseUrl) return `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** Rows of `db.execute` on either driver (node-postgres and PGlite both answer `{rows}`). */
export function rowsOf<T = unknown>(result: unknown): T[] {
  return ((result as { rows?: unknown[] }).rows ?? []) as T[];
}
