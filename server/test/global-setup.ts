import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/open.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a freshly migrated database; each test file starts from it. */
    pgliteTemplate: string;
    /** PostgreSQL (TEST_DATABASE_URL set): name of a migrated template database. */
    postgresTemplate: string;
    /**
     * A migrated embedded data directory (server/test/dataDir.ts copies it for tests that start the
     * server's process), or '' on PostgreSQL.
     */
    pgliteDataDir: string;
  }
}

/**
 * Migrates one database once per run; every test file then starts from a copy of it (PGlite: a dump
 * loaded in ~0.4 s; PostgreSQL: CREATE DATABASE … TEMPLATE). Files never share data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = `tf_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteDataDir', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'tf_test_${process.pid}_%' OR datname = $1`,
        [templateName],
      );
      for (const { datname } of leftovers.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-test-'));
  // On disk, as a server process keeps it: spawned servers and commands start from copies of it.
  const dataDir = path.join(scratch, 'data');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(scratch, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgliteDataDir', dataDir);
  project.provide('postgresTemplate', '');
  return async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}
