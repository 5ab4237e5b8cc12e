import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkBackupTarget, writeBackup } from '../backup/backup.ts';
import { BackupError } from '../backup/format.ts';
import { restoreBackup } from '../backup/restore.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { openDatabase } from '../db/open.ts';

const usage = `Back up and restore the database and the uploaded pictures, in one file.

  npm run backup -- --out FILE        write a backup of the database and IMAGES_DIR to FILE
  npm run restore -- FILE [--replace] restore FILE into the database and IMAGES_DIR

Both use the server's settings (DATA_DIR or DATABASE_URL, IMAGES_DIR). On PostgreSQL a backup runs
while the servers run (it reads one consistent snapshot). With the embedded database stop the server
first: only one process may hold the data directory. Restore into a new, empty database; --replace
overwrites a database that holds accounts (everything in it, and every picture, is replaced).
A backup from the embedded database restores into PostgreSQL and the other way round.`;

function fail(command: string, message: string): never {
  console.error(`${command}: ${message}`);
  process.exit(1);
}

function open(config: Config, migrationsFolder: string | null) {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2, migrationsFolder })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir, migrationsFolder });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const totalRows = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

async function run(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2) as ['backup' | 'restore', ...string[]];
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string', short: 'o' },
      replace: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  if (command === 'backup') {
    if (!values.out || positionals.length > 0)
      fail(command, `name the file to write with --out FILE.\n\n${usage}`);
    const file = path.resolve(values.out);
    checkBackupTarget(file);
    const database = await open(config, null);
    try {
      const summary = await writeBackup(database, config.imagesDir, file);
      console.log(
        `Backed up ${totalRows(summary.rows)} rows of ${Object.keys(summary.rows).length} tables and ` +
          `${summary.files} pictures to ${summary.file} (${kib(summary.bytes)}, ${seconds()}).`,
      );
    } finally {
      await database.close();
    }
    return;
  }

  const file = positionals[0];
  if (!file || positionals.length > 1 || values.out)
    fail(command, `name the backup file to restore.\n\n${usage}`);
  const { summary, database } = await restoreBackup({
    file: path.resolve(file),
    open: (migrationsFolder) => open(config, migrationsFolder),
    imagesDir: config.imagesDir,
    replace: values.replace,
  });
  await database.close();
  console.log(
    `Restored ${totalRows(summary.rows)} rows and ${summary.files} pictures from the backup of ` +
      `${summary.createdAt} (${summary.from === 'pglite' ? 'embedded database' : 'PostgreSQL'}) in ${seconds()}.`,
  );
}

const command = process.argv[2] === 'restore' ? 'restore' : 'backup';
try {
  await run();
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
  ) {
    fail(command, (error as Error).message);
  }
  throw error;
}
