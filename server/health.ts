import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, migrationsFolder, rowsOf } from './db/open.ts';

/** A readiness probe that has not heard from the database within this answers 503. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/** The instant (drizzle's `when`) of the newest migration this code was built with. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database answers and holds this code's newest migration (or a later one: during a
 * rolling upgrade the new version migrates first, and the old one still works on the result).
 */
async function databaseReady(db: Db, newest: number): Promise<string | null> {
  const rows = rowsOf<{ newest: string | number | null }>(
    await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
  );
  const applied = Number(rows[0]?.newest ?? 0);
  return applied >= newest
    ? null
    : `the database's newest migration (${applied}) is older than this code's (${newest})`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz`: the process is up and answering (a liveness probe: restart it when this fails).
 * `GET /readyz`: it may be sent traffic — the database answers and is migrated, and the process is
 * not shutting down (a readiness probe: take it out of rotation while this is 503). Both are for
 * proxies and orchestrators: no authentication, and the body never says why (the reason is logged).
 * Outside `/api/` on purpose: they describe the process, not the application's data.
 *
 * While shutting down (`app.shutdown.begin()`, called by server/run.ts on SIGTERM) every answer also
 * carries `Connection: close`, so clients and proxies holding kept-alive connections reconnect,
 * to another instance when there is one.
 */
export function registerHealth(app: FastifyInstance): void {
  const newest = newestMigrationMillis();
  const state = { shuttingDown: false };
  app.decorate('shutdown', {
    begin() {
      state.shuttingDown = true;
    },
    get started() {
      return state.shuttingDown;
    },
  });
  // A callback, not an async hook: every answer runs it, and it never waits.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  // Probes come every few seconds: their lines would drown the log, so only failures are logged.
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', quiet, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let problem: string | null;
    if (state.shuttingDown) problem = 'shutting down';
    else {
      try {
        problem = await withTimeout(databaseReady(app.deps.database.db, newest), READY_CHECK_TIMEOUT_MS);
      } catch (error) {
        problem = `database unreachable: ${(error as Error).message}`;
      }
    }
    if (problem === null) return reply.send({ status: 'ready' });
    if (!state.shuttingDown) request.log.warn({ reason: problem }, 'not ready');
    return reply.code(503).send({ status: 'unavailable' });
  });
}
