import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { type Database, describeDatabase, openConfiguredDatabase } from './db/open.ts';
import { printDemoAccounts, seedDemo } from './demo/seed.ts';

/**
 * Process entry: settings, database (migrated), optional demo data, listen; on SIGTERM/SIGINT stop
 * accepting, let requests in flight finish, checkpoint and close the database, release its lock.
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  const database = await openDatabaseOrExit(config);

  if (config.demo || process.argv.includes('--demo')) {
    printDemoAccounts(await seedDemo(database.db, { now: new Date(), timeZone: config.timeZone }));
  }

  const app = await buildApp({ config, database, now: () => new Date() });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`tutorfolio: ${signal} again, exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing the database.`);
    const watchdog = setTimeout(() => {
      console.error('tutorfolio: shutdown took longer than 20 s; exiting.');
      process.exit(1);
    }, 20_000);
    watchdog.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('tutorfolio: shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
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
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(`Tutorfolio is serving http://${shownHost}:${config.port} (${describeDatabase(config)}).`);
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

await main();
