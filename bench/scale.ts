// A year of a busy school, and whether the pages stay fast in it: generates the year into its own
// database (bench/scale/generate.ts), starts the server on it, runs an evening's open-loop load
// (bench/scale/load.ts) and prints each page's and route's latency and the heaviest statements.
// Several sizes compare each page's latency between the smallest and the largest. A benchmark, not
// a CI test; docs/performance.md ("Scale") has the figures.
//
//   npm run bench:scale                                              # 1,000 students, 10,000 answers
//   npm run bench:scale -- --students 1000 --submissions 1000000   # and the 10,000 baseline: ratios
//   npm run bench:scale -- --db pglite --students 100 --submissions 100000
//   npm run bench:scale -- --submissions 1000000 --instances 2     # two instances behind nginx
//   npm run bench:scale -- --generate-only --submissions 1000000     # the database alone
//
// A database already generated with the same shape is reused (`--fresh` makes it again):
// PostgreSQL `tutorfolio_scale_<students>_<submissions>` (the shape in its comment), PGlite a
// directory under the system's temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { dayOf } from '../common/dates.ts';
import { openDatabase } from '../server/db/open.ts';
import { hashPassword } from '../server/users/passwords.ts';
import { databaseUrl, withClient } from './postgres.ts';
import { checkDerived, generateYear, SCALE_PASSWORD, type ScaleShape } from './scale/generate.ts';
import { type LoadReport, printRatios, printReport, runEvening } from './scale/load.ts';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    students: { type: 'string', default: '1000' },
    /** One or more sizes, comma-separated: each gets its database and its run. */
    submissions: { type: 'string', default: '10000' },
    /** With one size above it, this size runs first and the ratios compare the two ('0': no baseline). */
    baseline: { type: 'string', default: '10000' },
    teachers: { type: 'string', default: '10' },
    questions: { type: 'string', default: '20000' },
    drill: { type: 'string' },
    wall: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    until: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'generate-only': { type: 'boolean', default: false },
    /** The evening, in seconds of load; arrivals per second of each kind of person are in load.ts. */
    duration: { type: 'string', default: '300' },
    /**
     * The share of the evening's visits (bench/scale/load.ts, MIX) that arrive in `duration`: 0.2 is
     * 200 student visits in 5 minutes, seven times a real evening's rate (1,000 visits in 3 hours).
     */
    rate: { type: 'string', default: '0.2' },
    /** Seconds at the start that are not counted (the server compiling its hot code). */
    warmup: { type: 'string', default: '20' },
    /** App instances: more than one run behind nginx, configured as deploy/nginx-tutorfolio.conf. */
    instances: { type: 'string', default: '1' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'data-dir': { type: 'string' },
    'time-zone': { type: 'string', default: 'Asia/Seoul' },
  },
});

const kind = options.db as 'postgres' | 'pglite';
if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`unknown database ${options.db}`);
const instances = Number(options.instances);
if (!Number.isInteger(instances) || instances < 1)
  throw new Error(`--instances must be 1 or more, not ${options.instances}`);
if (instances > 1 && kind !== 'postgres')
  throw new Error('several instances need PostgreSQL (the embedded database allows one process)');
const asked = options.submissions.split(',').map((s) => Number(s.trim()));
if (asked.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error(`--submissions takes whole numbers, not ${options.submissions}`);
// One size larger than the baseline is compared with the baseline: the ratios need two runs.
const baseline = Number(options.baseline);
const sizes =
  asked.length === 1 && options.baseline !== '0' && asked[0]! > baseline && !options['generate-only']
    ? [baseline, asked[0]!]
    : asked;
if (sizes !== asked)
  console.log(`Also the ${baseline.toLocaleString('en')}-answer year, for the ratios (--baseline 0: not).`);
const students = Number(options.students);
const now = new Date();
const timeZone = options['time-zone'];

function shapeOf(submissions: number): ScaleShape {
  return {
    students,
    submissions,
    teachers: Number(options.teachers),
    questions: Number(options.questions),
    // 100,000 drill answers at 1,000 students: a hundred each.
    drill: options.drill ? Number(options.drill) : students * 100,
    wall: Number(options.wall),
    seed: Number(options.seed),
    until: options.until ?? dayOf(now, timeZone),
    timeZone,
  };
}

const pgUrl = (database: string) => databaseUrl(options['pg-url'], database);
const pgAdmin = <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => withClient(options['pg-url'], run);

/** Where a shape's database lives, and what a server needs to open it. */
type Place = { label: string; env: Record<string, string>; url?: string };

/** The shape's database, generated now unless one of the same shape is there already. */
async function ensureDatabase(shape: ScaleShape): Promise<Place> {
  const described = JSON.stringify(shape);
  const log = (line: string) => console.log(line);
  if (kind === 'postgres') {
    const name = `tutorfolio_scale_${shape.students}_${shape.submissions}`;
    const place = { label: name, env: { DATABASE_URL: pgUrl(name) }, url: pgUrl(name) };
    const existing = await pgAdmin(async (c) => {
      const found = await c.query<{ comment: string | null }>(
        'SELECT shobj_description(oid, $2) AS comment FROM pg_database WHERE datname = $1',
        [name, 'pg_database'],
      );
      return found.rows[0];
    });
    if (existing && existing.comment === described && !options.fresh) {
      console.log(`${name}: reusing (same shape)`);
      return place;
    }
    await pgAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${name}`);
    });
    console.log(`${name}: generating ${JSON.stringify(shape)}`);
    const database = await openDatabase({ kind: 'postgres', url: place.url, poolSize: 4 });
    await generate(database.db, shape, log);
    await database.close();
    // Written last: a generation that stopped half-way is made again next time.
    await pgAdmin((c) => c.query(`COMMENT ON DATABASE ${name} IS '${described.replaceAll("'", "''")}'`));
    return place;
  }
  const dir =
    options['data-dir'] ?? path.join(os.tmpdir(), `tutorfolio-scale-${shape.students}-${shape.submissions}`);
  const place = { label: dir, env: { DATA_DIR: dir } };
  const shapeFile = path.join(dir, 'scale-shape.json');
  if (!options.fresh && fs.existsSync(shapeFile) && fs.readFileSync(shapeFile, 'utf8') === described) {
    console.log(`${dir}: reusing (same shape)`);
    return place;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`${dir}: generating ${described}`);
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await generate(database.db, shape, log);
  await database.close();
  fs.writeFileSync(shapeFile, described);
  return place;
}

async function generate(db: Parameters<typeof generateYear>[0], shape: ScaleShape, log: (l: string) => void) {
  const started = performance.now();
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const made = await generateYear(db, shape, passwordHash, now, log);
  const problems = await checkDerived(db);
  console.log(`  rows: ${JSON.stringify(made.rows)}`);
  console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (problems.length > 0) throw new Error(`derived tables differ from a recount:\n${problems.join('\n')}`);
  console.log('  every calendar, topic statistic, drill day and review schedule equals its recount');
}

const reports: { size: number; report: LoadReport }[] = [];
for (const size of sizes) {
  const shape = shapeOf(size);
  const place = await ensureDatabase(shape);
  if (place.url)
    // Whether the year fits in PostgreSQL's shared buffers: past them, a student's rows read for the
    // first time in an evening come from the operating system's cache (or the disk).
    console.log(
      await withClient(place.url, async (c) => {
        const { rows } = await c.query<{ size: string; buffers: string }>(
          "SELECT pg_size_pretty(pg_database_size(current_database())) AS size, current_setting('shared_buffers') AS buffers",
        );
        return `  database ${rows[0]!.size}; PostgreSQL's shared_buffers ${rows[0]!.buffers}`;
      }),
    );
  if (options['generate-only']) continue;
  const report = await runEvening({
    shape,
    env: place.env,
    pgUrl: place.url ?? null,
    duration: Number(options.duration),
    rate: Number(options.rate),
    warmup: Number(options.warmup),
    instances,
  });
  printReport(
    `${size.toLocaleString('en')} submissions (${place.label}${instances > 1 ? `, ${instances} instances behind nginx` : ''})`,
    report,
  );
  reports.push({ size, report });
}
if (reports.length > 1) printRatios(reports[0]!, reports.at(-1)!);
