import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { type Database, describeDatabase, openConfiguredDatabase } from './db/open.ts';
import { printDemoAccounts, seedDemo } from './demo/seed.ts';
import { listenBacklog } from './http/connections.ts';
import { createLogOutput, type LogOutput, prettyLogOutput } from './logging.ts';
import { type DigestScheduler, startDigestScheduler } from './mail/scheduler.ts';
import { type MailWorker, startMailWorker } from './mail/worker.ts';

/** A shutdown that takes longer than this ends the process anyway (exit code 1). */
export const SHUTDOWN_WATCHDOG_MS = 20_000;

/** How long a graceful shutdown waits for buffered log lines to be written before exiting. */
const LOG_FLUSH_MS = 1000;

/**
 * The server process: settings, database (migrated), optional demo data, listen; on SIGTERM/SIGINT
 * stop accepting, let requests in flight finish, checkpoint and close the database, release its
 * lock. `now` is the clock (`server/main.ts`: the machine's; the browser tests: one that starts at a
 * fixed instant).
 *
 * Nothing on the way out may wait on a write: logs go through a bounded buffer that drops lines
 * when stdout is not read (server/logging.ts), and a second signal exits without writing anything
 * it could wait on, so a stalled log reader can never keep the process alive.
 */
export async function runServer(options: { now: () => Date }): Promise<void> {
  const config = readConfigOrExit();
  const demo = config.demo || process.argv.includes('--demo');
  if (config.workers > 1 && cluster.isPrimary) {
    // The database is migrated and the demo seeded once, here; then the workers (server/cluster.ts).
    await runPrimary(config, {
      watchdogMs: SHUTDOWN_WATCHDOG_MS,
      prepare: async () => {
        const database = await openDatabaseOrExit(config);
        if (demo)
          printDemoAccounts(await seedDemo(database.db, { now: options.now(), timeZone: config.timeZone }));
        await database.close();
      },
    });
    return;
  }
  const database = await openDatabaseOrExit(config);

  if (demo && cluster.isPrimary) {
    printDemoAccounts(await seedDemo(database.db, { now: options.now(), timeZone: config.timeZone }));
  }

  const logOutput = createLogOutput(process.stdout);
  // Lines are written at the end of each turn of the event loop: an exit in the middle of one (a
  // second signal, the shutdown watchdog) writes them first.
  process.on('exit', () => logOutput.writePending?.());
  const app = await buildApp({ config, database, now: options.now, logOutput: forPeople(config, logOutput) });
  let mailWorker: MailWorker | null = null;
  let digests: DigestScheduler | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    // From here /readyz answers 503 and every answer says `Connection: close`.
    app.shutdown.begin();
    if (config.shutdownDrainMs > 0) {
      app.log.info(
        `${signal} received: /readyz answers 503; still serving for ${config.shutdownDrainMs} ms.`,
      );
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info(`${signal} received: finishing requests in flight, then closing the database.`);
    const watchdog = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_WATCHDOG_MS / 1000} s; exiting.`);
      process.exit(1);
    }, SHUTDOWN_WATCHDOG_MS);
    watchdog.unref();
    try {
      await app.close();
      await digests?.stop();
      await mailWorker?.stop();
      await database.close();
      app.log.info({ droppedLogLines: logOutput.dropped }, 'stopped');
      await logOutput.flush(LOG_FLUSH_MS);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      await logOutput.flush(LOG_FLUSH_MS);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A worker's one signal is its primary's SIGTERM (a Ctrl-C reaches the whole process group).
  process.on('SIGINT', () => {
    if (cluster.isPrimary) void stop('SIGINT');
  });

  try {
    await app.listen({ port: config.port, host: config.host, backlog: listenBacklog(config.http) });
  } catch (error) {
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(
        `tutorfolio: port ${config.port} on ${config.host} is already in use; set PORT to another one.`,
      );
      process.exit(1);
    }
    throw error;
  }
  // Mail goes out from every process; on PostgreSQL they share the outbox (server/mail/worker.ts).
  if (config.mail) mailWorker = startMailWorker({ database, settings: config.mail, log: app.log });
  else app.log.info('SMTP_URL is not set: mail is kept in the outbox, unsent.');
  // Digests link to pages, so they need PUBLIC_URL; every process decides, each digest goes once.
  if (config.publicUrl)
    digests = startDigestScheduler({
      database,
      settings: { publicUrl: config.publicUrl, timeZone: config.timeZone },
      now: options.now,
      log: app.log,
    });
  else app.log.info('PUBLIC_URL is not set: no digest mails are sent.');
  if (cluster.isWorker) return; // the primary says it once all workers listen
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(`Tutorfolio is serving http://${shownHost}:${config.port} (${describeDatabase(config)}).`);
}

/**
 * JSON lines for machines (a log shipper, a file, journald), readable coloured lines on a terminal
 * (`npm run dev`); LOG_FORMAT chooses either way.
 */
function forPeople(config: Config, output: LogOutput): LogOutput {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY);
  return pretty ? prettyLogOutput(output, process.stdout.hasColors?.() ?? false) : output;
}

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`tutorfolio: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function openDatabaseOrExit(config: Config): Promise<Database> {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`tutorfolio: ${error.message}`);
      process.exit(1);
    }
    if (config.databaseUrl) {
      console.error(`tutorfolio: cannot use the database at DATABASE_URL: ${(error as Error).message}`);
      process.exit(1);
    }
    throw error;
  }
}
