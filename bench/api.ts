// The API under load over real sockets (autocannon) on both databases, and the same SQL through
// pgbench on PostgreSQL in the same run. A benchmark, not a CI test; docs/performance.md
// ("Server") has the figures and how to read them.
//
//   npm run bench:api                                   # this checkout, both databases, 3 rounds
//   npm run bench:api -- --server before=/tmp/tf-base --server after=.   # two checkouts, interleaved
//   npm run bench:api -- --cpu-only --server a=. --server 'b=.;NODE_OPTIONS=--max-semi-space-size=64'  # one setting
//   npm run bench:api -- --db postgres --endpoints read --runs 1 --cpu-prof /tmp/prof
//   npm run bench:api -- --alloc --db postgres --endpoints read --server before=/tmp/tf-base --server after=.
//
// Each round starts every server on a fresh copy of one seeded database (PostgreSQL: CREATE
// DATABASE … TEMPLATE; PGlite: a copy of the data directory), warms each endpoint up, then measures
// it; pgbench runs scripts made of the statements the API ran for one request of each endpoint
// (recorded through the QueryCounter, with the same parameter values), on its own fresh copy.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { dayOf } from '../common/dates.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/open.ts';
import { questions } from '../server/db/schema.ts';
import { serverNodeFlags } from '../server/nodeFlags.ts';
import { createQuestionsInBulk } from '../server/questions/bulk.ts';
import { hashToken, SESSION_COOKIE, startSession } from '../server/sessions/service.ts';
import { hashPassword } from '../server/users/passwords.ts';
import { insertUser } from '../server/users/queries.ts';
import type { ProbeReport, ProbeRequest } from './allocProbe.ts';
import { databaseUrl, withClient } from './postgres.ts';
import { TARGETS, targetVerdict, type Verdict } from './targets.ts';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    endpoints: { type: 'string', default: 'read,submit,submissions,calendar' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    /** Writers: students × pending questions each (every submit answers a different pair). */
    students: { type: 'string', default: '50' },
    questions: { type: 'string', default: '400' },
    /** `label=dir`: a checkout whose server to measure (repeat to compare; default: this one). */
    server: { type: 'string', multiple: true },
    /** `NAME=value` passed to every server (e.g. DATABASE_POOL_SIZE=20). */
    env: { type: 'string', multiple: true },
    'log-level': { type: 'string', default: 'info' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    pgbench: { type: 'boolean', default: true },
    /** Directory for the servers' CPU profiles (node --cpu-prof). */
    'cpu-prof': { type: 'string' },
    /**
     * CPU per request only, the servers side by side: every server runs at once and the load
     * alternates between them in `--slices` bursts, so each meets the same machine (see cpuSitting).
     */
    'cpu-only': { type: 'boolean', default: false },
    slices: { type: 'string', default: '8' },
    /** Servers run with --trace-gc: each measurement prints its garbage collections and their pauses. */
    gc: { type: 'boolean', default: false },
    /**
     * Bytes of JavaScript objects the server allocates per request, and its collections per 10,000
     * requests: `--reads` requests after `--warmup-reads`, counted inside the server (bench/allocProbe.ts).
     */
    alloc: { type: 'boolean', default: false },
    reads: { type: 'string', default: '10000' },
    'warmup-reads': { type: 'string', default: '3000' },
    /** With --alloc: where the bytes are allocated (V8's sampling heap profiler, one sample per this many bytes). */
    'alloc-sites': { type: 'string' },
    /** With --alloc-sites: a directory for the sampled profiles (`.heapprofile`, Chrome DevTools' Memory tab). */
    'alloc-profile': { type: 'string' },
  },
  allowNegative: true,
});

type Endpoint = 'read' | 'submit' | 'submissions' | 'calendar';
type Kind = 'pglite' | 'postgres';
const ENDPOINTS: Endpoint[] = ['read', 'submit', 'submissions', 'calendar'];
const kinds = options.db.split(',').map((k) => k.trim()) as Kind[];
const endpoints = options.endpoints.split(',').map((e) => e.trim()) as Endpoint[];
for (const e of endpoints) if (!ENDPOINTS.includes(e)) throw new Error(`unknown endpoint ${e}`);
for (const k of kinds) if (k !== 'pglite' && k !== 'postgres') throw new Error(`unknown database ${k}`);
const connections = Number(options.connections);
const duration = Number(options.duration);
const warmup = Number(options.warmup);
const runs = Number(options.runs);
const studentCount = Number(options.students);
const questionCount = Number(options.questions);
const envPairs = (pairs: string[]) =>
  Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
/** `label=dir`, optionally with settings of that server alone: `label=dir;NAME=value;NAME=value`. */
const servers = (options.server ?? ['this=.']).map((spec) => {
  const [where, ...settings] = spec.split(';');
  const [label, dir] = where!.includes('=')
    ? [where!.slice(0, where!.indexOf('=')), where!.slice(where!.indexOf('=') + 1)]
    : [where!, where!];
  return { label, dir: path.resolve(dir), env: envPairs(settings) };
});
const serverEnv = envPairs(options.env ?? []);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-bench-api-'));
const timeZone = 'Asia/Seoul';

/** What the seeded database holds that the load needs. */
type Fixture = {
  reader: { name: string; cookie: string };
  writers: { id: number; name: string; token: string }[];
  /** Pending questions of every writer, in id order. */
  questionIds: number[];
  calendar: { year: number; month: number };
};

// ---------------------------------------------------------------------------------------- seeding

const CLOCK = new Date();

async function seed(database: Database): Promise<Fixture> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', APP_TIME_ZONE: timeZone });
  const app = await buildApp({ config, database, now: () => CLOCK });
  await app.ready();
  const db = database.db;
  const passwordHash = await hashPassword('bench password 1');
  const account = (username: string, roles: ('TEACHER' | 'STUDENT')[]) =>
    db.transaction((tx) =>
      insertUser(tx, { email: `${username}@example.com`, username, passwordHash, roles }),
    );
  const teacher = await account('teacher', ['TEACHER']);
  const reader = await account('reader', ['STUDENT']);
  const writers: Fixture['writers'] = [];
  for (let i = 0; i < studentCount; i++) {
    const user = await account(`writer${String(i).padStart(4, '0')}`, ['STUDENT']);
    writers.push({ id: user.id, name: user.username, token: (await startSession(db, user.id, CLOCK)).token });
  }
  const due = new Date(CLOCK.getTime() + 3 * 86_400_000);
  const item = (title: string, students: string[], i: number) => ({
    title,
    question: 'Which one?&code:int x = 1;',
    type: 'm',
    candidates: ['1', '2', '3', '4'],
    answer: '1',
    explanation: 'Because.',
    hint: 'Look at x.',
    topics: ['bench', `topic ${i % 10}`],
    students,
    generatedDate: new Date(CLOCK.getTime() - 86_400_000).toISOString(),
    targetDate: due.toISOString(),
  });
  const context = { now: CLOCK, timeZone, authorId: teacher.id };
  // The reader: 40 questions, 20 of them answered (half wrong), so every read has a full page.
  await createQuestionsInBulk(
    db,
    Array.from({ length: 40 }, (_, i) => item(`Bench read ${i}`, ['reader'], i)),
    context,
  );
  for (let done = 0; done < questionCount; done += 500) {
    const names = writers.map((w) => w.name);
    const batch = Array.from({ length: Math.min(500, questionCount - done) }, (_, i) =>
      item(`Bench write ${done + i}`, names, i),
    );
    await createQuestionsInBulk(db, batch, context);
  }
  const readerToken = (await startSession(db, reader.id, CLOCK)).token;
  const readerIds = (
    await db.select({ id: questions.id }).from(questions).where(like(questions.title, 'Bench read %'))
  ).map((r) => r.id);
  const answered = await app.inject({
    method: 'POST',
    url: '/api/v1/submissions/multiples',
    headers: {
      cookie: `${SESSION_COOKIE}=${readerToken}`,
      origin: 'http://localhost',
      'content-type': 'application/json',
    },
    payload: JSON.stringify(
      readerIds
        .slice(0, 20)
        .map((id, i) => ({ questionId: id, studentAnswer: i % 2 ? '1' : '2', studentName: 'reader' })),
    ),
  });
  if (answered.statusCode !== 200)
    throw new Error(`seeding answers: ${answered.statusCode} ${answered.body}`);
  const questionIds = (
    await db.select({ id: questions.id }).from(questions).where(like(questions.title, 'Bench write %'))
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
  await app.close();
  const [year, month] = dayOf(due, timeZone).split('-').map(Number);
  return {
    reader: { name: 'reader', cookie: `${SESSION_COOKIE}=${readerToken}` },
    writers,
    questionIds,
    calendar: { year: year!, month: month! },
  };
}

/** Pair k: writer k mod S answers their question k div S (every request a legitimate first answer). */
function pair(fixture: Fixture, k: number): { writer: Fixture['writers'][number]; questionId: number } {
  const writer = fixture.writers[k % fixture.writers.length]!;
  return { writer, questionId: fixture.questionIds[Math.floor(k / fixture.writers.length)]! };
}
const pairCount = (fixture: Fixture) => fixture.writers.length * fixture.questionIds.length;

function requestOf(
  fixture: Fixture,
  endpoint: Exclude<Endpoint, 'submit'>,
): { path: string; cookie: string } {
  const { name, cookie } = fixture.reader;
  const { year, month } = fixture.calendar;
  const paths = {
    read: `/api/v1/questions/student/${name}?page=0&size=5`,
    submissions: `/api/v1/submissions/${name}?page=0&size=10&sort=question.generatedDate,desc&sort=id,asc`,
    calendar: `/api/v1/calendars/${name}/${year}/${month}`,
  };
  return { path: paths[endpoint], cookie };
}

// ---------------------------------------------------------------------------------- the databases

const pgUrl = (database: string) => databaseUrl(options['pg-url'], database);
const pgAdmin = <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => withClient(options['pg-url'], run);
const prefix = `tf_bench_${process.pid}`;
const createdDatabases: string[] = [];
let copies = 0;

/** A fresh copy of the seeded database; answers what a server needs to open it. */
async function freshCopy(kind: Kind): Promise<{ env: Record<string, string>; url?: string; name?: string }> {
  copies++;
  if (kind === 'postgres') {
    const name = `${prefix}_${copies}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${prefix}_seed`));
    createdDatabases.push(name);
    return { env: { DATABASE_URL: pgUrl(name) }, url: pgUrl(name), name };
  }
  const dir = path.join(work, `pglite-${copies}`);
  fs.cpSync(path.join(work, 'pglite-seed'), dir, { recursive: true });
  return { env: { DATA_DIR: dir } };
}
async function dropCopy(copy: { name?: string; env: Record<string, string> }): Promise<void> {
  if (copy.name) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${copy.name} WITH (FORCE)`));
  else if (copy.env.DATA_DIR) fs.rmSync(copy.env.DATA_DIR, { recursive: true, force: true });
}

/** Seeds each database once (its template); every server and pgbench run then gets a fresh copy. */
async function seedTemplates(): Promise<Map<Kind, Fixture>> {
  const fixtures = new Map<Kind, Fixture>();
  if (kinds.includes('postgres')) {
    await pgAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${prefix}_seed`);
      await c.query(`CREATE DATABASE ${prefix}_seed`);
    });
    createdDatabases.push(`${prefix}_seed`);
    const database = await openDatabase({ kind: 'postgres', url: pgUrl(`${prefix}_seed`) });
    fixtures.set('postgres', await seed(database));
    await database.close();
  }
  if (kinds.includes('pglite')) {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(work, 'pglite-seed') });
    fixtures.set('pglite', await seed(database));
    await database.close();
  }
  return fixtures;
}

// ---------------------------------------------------------------------------------- the servers

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

type Running = {
  child: ChildProcess;
  port: number;
  logLines: () => number;
  /** Fastify's `responseTime` of every answer logged so far (ms, from the request's arrival in the handler chain). */
  responseTimes: number[];
  /** With `--gc`: every garbage collection's main-thread pause so far (ms), by kind. */
  gcPauses: { kind: 'scavenge' | 'mark-compact'; ms: number }[];
  /** With `--alloc`: asks the server's allocation probe (bench/allocProbe.ts). */
  probe: ((request: ProbeRequest) => Promise<ProbeReport | null>) | null;
};

const ALLOC_PROBE = path.join(import.meta.dirname, 'allocProbe.ts');

/** A checkout's `npm start` flags; none for the floor (bench/floor), which is no checkout of its own. */
function nodeFlagsOf(dir: string): string[] {
  return fs.existsSync(path.join(dir, 'package.json')) ? serverNodeFlags(dir) : [];
}

async function startServer(dir: string, env: Record<string, string>, profileName: string): Promise<Running> {
  const port = await freePort();
  const profile = options['cpu-prof']
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(options['cpu-prof'])}`,
        `--cpu-prof-name=${profileName}.cpuprofile`,
      ]
    : [];
  const gc = options.gc ? ['--trace-gc'] : [];
  // The probe is this checkout's file, so an older checkout is measured the same way.
  const probe = options.alloc ? [`--import=${pathToFileURL(ALLOC_PROBE).href}`] : [];
  // The server as `npm start` starts it: with the Node flags of that checkout's start script.
  const args = [...profile, ...gc, ...probe, ...nodeFlagsOf(dir), 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options['log-level'],
      APP_TIME_ZONE: timeZone,
      WEB_DIST_DIR: path.join(work, 'no-web'),
      ...serverEnv,
      ...env,
    },
    stdio: options.alloc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  // Logs go to a pipe that is read, as a log shipper would; counted, each answer's time kept, then dropped.
  let lines = 0;
  let partial = '';
  const responseTimes: number[] = [];
  const gcPauses: Running['gcPauses'] = [];
  let ready: () => void;
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    const complete = (partial + text).split('\n');
    partial = complete.pop()!;
    lines += complete.length;
    for (const line of complete) {
      const time = /"responseTime":([\d.]+)/.exec(line);
      if (time) responseTimes.push(Number(time[1]));
      // --trace-gc: "[pid:0x…] 1234 ms: Scavenge 52.9 (165.5) -> 30.8 (165.5) MB, pooled: 38 MB, 9.69 / 0.18 ms …"
      const collected = /: (Scavenge|Mark-Compact) .* MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
      if (collected)
        gcPauses.push({
          kind: collected[1] === 'Scavenge' ? 'scavenge' : 'mark-compact',
          ms: Number(collected[2]),
        });
    }
    if (text.includes('Tutorfolio is serving')) ready();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server in ${dir} exited (${code}): ${stderr}`))),
  );
  await Promise.race([started, exited]);
  const probeOf = (request: ProbeRequest) =>
    new Promise<ProbeReport | null>((resolve) => {
      child.once('message', (answer: { probe: string }) =>
        resolve(answer.probe === 'report' ? (answer as ProbeReport) : null),
      );
      child.send(request);
    });
  return {
    child,
    port,
    logLines: () => lines,
    responseTimes,
    gcPauses,
    probe: options.alloc ? probeOf : null,
  };
}

/**
 * Waits until the server has finished what the last load left in flight (autocannon stops at its
 * deadline; the server still answers the requests it had): `/readyz` asks the database, so it
 * answers only once the queue ahead of it is through. Each measurement then starts from an idle server.
 */
async function drained(port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not finish the last load within 120 s');
}

async function stopServer(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

/**
 * One server of `--server` on a fresh copy of the seeded database of `kind`, for one round: `body`
 * measures it; the server is stopped and the copy dropped whatever happens.
 */
async function onFreshCopy(
  server: (typeof servers)[number],
  kind: Kind,
  round: number,
  body: (running: Running, copy: Awaited<ReturnType<typeof freshCopy>>) => Promise<void>,
): Promise<void> {
  const copy = await freshCopy(kind);
  const running = await startServer(
    server.dir,
    { ...server.env, ...copy.env },
    `${server.label}-${kind}-${round}`,
  );
  try {
    await body(running, copy);
  } finally {
    await stopServer(running);
    await dropCopy(copy);
  }
}

// ---------------------------------------------------------------------------------- the load

type Figures = {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  requests: number;
  /** Requests sent, answered or not by the deadline (autocannon; pgbench: transactions). */
  sent: number;
  /** The same answers timed by the server itself (null for pgbench, or when LOG_LEVEL hides them). */
  server?: { p50: number; p99: number } | null;
  /**
   * The server process's CPU time per answer (µs): the whole process (all threads: JavaScript,
   * libuv, GC) and its main thread alone, read from /proc around the measurement. Independent of
   * how busy the machine is, unlike req/s and latency.
   */
  cpu?: { process: number; main: number } | null;
  /**
   * The rest of the machine's CPU per request sent (µs): the PostgreSQL backends serving the
   * server's database (PostgreSQL only) and this process, the load generator (autocannon and the
   * reading of the server's log). With `cpu` they add up to what one request costs the machine.
   */
  others?: { postgres: number | null; client: number } | null;
  /** With `--gc`: the server's collections during the measurement, count and pauses (ms). */
  gc?: Record<'scavenge' | 'mark-compact', { count: number; total: number; max: number }>;
};

function gcFigures(pauses: Running['gcPauses']): NonNullable<Figures['gc']> {
  const of = (kind: 'scavenge' | 'mark-compact') => {
    const ms = pauses.filter((p) => p.kind === kind).map((p) => p.ms);
    return { count: ms.length, total: ms.reduce((a, b) => a + b, 0), max: Math.max(0, ...ms) };
  };
  return { scavenge: of('scavenge'), 'mark-compact': of('mark-compact') };
}

/**
 * CPU time the server has used so far (µs): all threads of the process `pid` and of its children
 * (the workers of WEB_CONCURRENCY), and their main threads alone.
 */
function cpuTimes(pid: number): { process: number; main: number } | null {
  try {
    let process = 0;
    let main = 0;
    for (const one of [pid, ...childrenOf(pid)]) {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th (clock ticks).
      const stat = fs.readFileSync(`/proc/${one}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      process += ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
      // The thread group leader's time on the CPU (ns): Node's main thread.
      main += Number(fs.readFileSync(`/proc/${one}/task/${one}/schedstat`, 'utf8').split(' ')[0]) / 1000;
    }
    return { process, main };
  } catch {
    return null; // not Linux
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
/** CPU time (µs) of each PostgreSQL backend connected to the database `name` (pid → µs). */
async function backendTimes(name: string | undefined): Promise<Map<number, number> | null> {
  if (!name) return null;
  const pids = await pgAdmin((c) =>
    c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]),
  );
  const times = new Map<number, number>();
  for (const { pid } of pids.rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS);
    } catch {
      // gone, or not Linux
    }
  }
  return times;
}

/** CPU the backends used between two readings (µs); a backend that appeared in between counts from 0. */
function backendDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after || after.size === 0) return null;
  let total = 0;
  for (const [pid, time] of after) total += time - (before.get(pid) ?? 0);
  return total;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** p50 and p99 of the server's own times for the answers of one measurement. */
function serverFigures(times: number[]): Figures['server'] {
  if (times.length === 0) return null;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function load(
  port: number,
  fixture: Fixture,
  endpoint: Endpoint,
  seconds: number,
  next: { k: number },
  /** A burst of `--cpu-only` may end before a starved server answers: counted, not a failure. */
  allowNone = false,
  /** Exactly this many requests instead of `seconds` of them (`--alloc`). */
  amount?: number,
): Promise<Figures> {
  const headers: Record<string, string> = {
    'accept-encoding': 'gzip, deflate, br',
    accept: 'application/json',
  };
  const url = `http://127.0.0.1:${port}`;
  let firstFailure = '';
  const onResponse = (status: number, body: string) => {
    if (status >= 300 && !firstFailure) firstFailure = `${status} ${body.slice(0, 300)}`;
  };
  let options: autocannon.Options;
  if (endpoint === 'submit') {
    const total = pairCount(fixture);
    const left = total - next.k;
    if (left < connections * 10) {
      throw new Error(`submit: only ${left} pending answers left; seed more (--students, --questions)`);
    }
    options = {
      url,
      connections,
      duration: seconds,
      // Stops early rather than answer a question twice (every request is a legitimate answer).
      maxOverallRequests: left,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/submissions/multiples',
          onResponse,
          setupRequest: (request) => {
            const { writer, questionId } = pair(fixture, next.k++);
            return {
              ...request,
              headers: {
                ...request.headers,
                ...headers,
                'content-type': 'application/json',
                origin: url,
                cookie: `${SESSION_COOKIE}=${writer.token}`,
              },
              body: JSON.stringify([{ questionId, studentAnswer: '1', studentName: writer.name }]),
            };
          },
        },
      ],
    };
  } else {
    const { path: requestPath, cookie } = requestOf(fixture, endpoint);
    options = {
      url,
      connections,
      duration: seconds,
      requests: [{ method: 'GET', path: requestPath, headers: { ...headers, cookie }, onResponse }],
    };
  }
  // A slow answer is a figure, not a failure: autocannon's default 10 s time-out would count the
  // embedded database's tail under 50 writers as errors and stop the bench.
  const result = await autocannon({ ...options, ...(amount ? { amount } : {}), timeout: 60 });
  const ok = result['2xx'];
  if ((ok === 0 && !allowNone) || result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${endpoint}: ${result.non2xx} non-2xx and ${result.errors} errors of ${result.requests.total} (${JSON.stringify(result.statusCodeStats)}; first: ${firstFailure})`,
    );
  }
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    requests: ok,
    sent: result.requests.sent,
  };
}

// ---------------------------------------------------------------------------------- pgbench

type Statement = { query: string; params: unknown[] };
type Script = { file: string; defines: string[] };

/** A parameter as node-postgres sends it (text). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    return `{${value.map((v) => (v === null ? 'NULL' : `"${String(asText(v)).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The statements of one request as a pgbench script. Every parameter is a pgbench variable, so
 * pgbench sends it as a parameter as node-postgres does (`-D` for constants). For a submit, the
 * values that name the answering student and question (their ids, the student's name and session)
 * come from the next row of `bench_work` (`\gset`), and the new submission's id from the insert.
 */
function pgbenchScript(
  name: string,
  statements: Statement[],
  varying: { values: Map<string, string>; returnedId: number | null } | null,
): Script {
  const defines = new Map<string, string>();
  const lines: string[] = [];
  const columns = new Set<string>();
  const constant = (text: string) => {
    for (const [variable, value] of defines) if (value === text) return `:${variable}`;
    const variable = `c${defines.size}`;
    defines.set(variable, text);
    return `:${variable}`;
  };
  const placeholder = (text: string): string | null => {
    if (
      varying?.returnedId !== null &&
      varying?.returnedId !== undefined &&
      text === String(varying.returnedId)
    )
      return ':r_id';
    for (const [column, value] of varying?.values ?? []) {
      if (text === value) {
        columns.add(column);
        return `:${column}`;
      }
    }
    return null;
  };
  for (const { query, params } of statements) {
    let returning = false;
    const sql = query.replace(/\s+/g, ' ').replace(/\$(\d+)/g, (_, n: string) => {
      const value = params[Number(n) - 1];
      const text = asText(value);
      if (text === null) return 'NULL';
      const direct = placeholder(text);
      if (direct) return direct;
      if (Array.isArray(value) && value.length === 1) {
        const element = placeholder(asText(value[0]) ?? '');
        if (element) return `ARRAY[${element}]`;
      }
      return constant(text);
    });
    if (varying?.returnedId && /^insert into "submissions"/i.test(sql) && / returning /i.test(sql))
      returning = true;
    lines.push(returning ? `${sql} \\gset r_` : `${sql};`);
  }
  if (columns.size > 0) {
    lines.unshift(
      `SELECT ${[...columns].join(', ')} FROM bench_work WHERE n = (SELECT nextval('bench_next') - 1) \\gset`,
    );
  }
  const file = path.join(work, `${name}.sql`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, defines: [...defines].map(([k, v]) => `${k}=${v}`) };
}

/** One request of each endpoint in-process on a copy, recording its statements; then the scripts. */
async function pgbenchScripts(fixture: Fixture): Promise<Map<Endpoint, Script>> {
  const copy = await freshCopy('postgres');
  const database = await openDatabase({ kind: 'postgres', url: copy.url! });
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', APP_TIME_ZONE: timeZone });
  // One minute after seeding: the sessions are not due to be extended (as in a steady load).
  const app = await buildApp({ config, database, now: () => new Date(CLOCK.getTime() + 60_000) });
  await app.ready();
  // The statements of a steady load: the caller's session is in the session cache (server/sessions/
  // cache.ts), as it is for all but one request in five seconds per session under load.
  for (let waited = 0; !database.authChanges.live; waited += 10) {
    if (waited > 10_000) throw new Error('recording: the session cache never became live (LISTEN)');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const record = async (request: InjectOptions) => {
    const cookie = (request.headers as Record<string, string>).cookie;
    const warm = await app.inject({ method: 'GET', url: '/api/v1/users/auth-check', headers: { cookie } });
    if (warm.statusCode !== 200) throw new Error(`recording: auth-check ${warm.statusCode}`);
    database.queries.log = [];
    const response = await app.inject(request);
    if (response.statusCode !== 200) throw new Error(`recording: ${response.statusCode} ${response.body}`);
    const statements = database.queries.log;
    database.queries.log = null;
    return { statements, body: response.json() as unknown };
  };
  const scripts = new Map<Endpoint, Script>();
  for (const endpoint of endpoints) {
    if (endpoint === 'submit') {
      const submit = (k: number) => {
        const { writer, questionId } = pair(fixture, k);
        return record({
          method: 'POST',
          url: '/api/v1/submissions/multiples',
          headers: {
            cookie: `${SESSION_COOKIE}=${writer.token}`,
            origin: 'http://localhost',
            'content-type': 'application/json',
          },
          payload: JSON.stringify([{ questionId, studentAnswer: '1', studentName: writer.name }]),
        }).then((r) => ({ ...r, writer, questionId }));
      };
      const last = pairCount(fixture) - 1;
      const a = await submit(last);
      const b = await submit(last - fixture.writers.length - 1);
      const valuesOf = (r: typeof a) =>
        new Map([
          ['sid', String(r.writer.id)],
          ['sname', r.writer.name],
          ['tok', hashToken(r.writer.token)],
          ['qid', String(r.questionId)],
        ]);
      const idOf = (r: typeof a) => (r.body as { id: number }[])[0]!.id;
      // The script made from one answer must give the other answer's statements exactly.
      const fromA = pgbenchScript('check-a', a.statements, { values: valuesOf(a), returnedId: idOf(a) });
      const fromB = pgbenchScript('check-b', b.statements, { values: valuesOf(b), returnedId: idOf(b) });
      if (
        fs.readFileSync(fromA.file, 'utf8') !== fs.readFileSync(fromB.file, 'utf8') ||
        fromA.defines.join() !== fromB.defines.join()
      ) {
        throw new Error(
          `the submit's statements differ between two answers beyond their student and question: compare ${fromA.file} and ${fromB.file}`,
        );
      }
      scripts.set(
        'submit',
        pgbenchScript('submit', a.statements, { values: valuesOf(a), returnedId: idOf(a) }),
      );
    } else {
      const { path: url, cookie } = requestOf(fixture, endpoint);
      const { statements } = await record({ method: 'GET', url, headers: { cookie } });
      scripts.set(endpoint, pgbenchScript(endpoint, statements, null));
    }
  }
  await app.close();
  await database.close();
  await dropCopy(copy);
  return scripts;
}

/** The work list pgbench's submit takes its next (student, question) from: the API's order. */
async function addWorkList(url: string, fixture: Fixture): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ks = Array.from({ length: pairCount(fixture) }, (_, k) => k);
  const rows = ks.map((k) => pair(fixture, k));
  await client.query(
    'CREATE TABLE bench_work AS SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[]) AS w(n, sid, sname, tok, qid)',
    [
      ks,
      rows.map((r) => r.writer.id),
      rows.map((r) => r.writer.name),
      rows.map((r) => hashToken(r.writer.token)),
      rows.map((r) => r.questionId),
    ],
  );
  await client.query('ALTER TABLE bench_work ADD PRIMARY KEY (n)');
  await client.query('CREATE SEQUENCE bench_next');
  await client.query('ANALYZE bench_work');
  await client.end();
}

function pgbench(url: string, script: Script, seconds: number, label: string): Figures {
  const target = new URL(url);
  const logDir = fs.mkdtempSync(path.join(work, `pgbench-${label}-`));
  const args = [
    '-h',
    target.hostname,
    '-p',
    target.port || '5432',
    '-U',
    decodeURIComponent(target.username || 'postgres'),
    '-n',
    '-M',
    'prepared',
    '-c',
    String(connections),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-l',
    `--log-prefix=${path.join(logDir, 'log')}`,
    ...script.defines.flatMap((d) => ['-D', d]),
    '-f',
    script.file,
    target.pathname.slice(1),
  ];
  // Session settings given to the servers' connections (`--env PGOPTIONS=…`) hold for pgbench's too.
  const env =
    serverEnv.PGOPTIONS === undefined ? process.env : { ...process.env, PGOPTIONS: serverEnv.PGOPTIONS };
  // PostgreSQL's connection slots are shared with whatever else runs on the machine: a start refused
  // for want of one (before any transaction) is tried again, a few times.
  let result = spawnSync('pgbench', args, { encoding: 'utf8', cwd: logDir, env });
  for (let retry = 0; retry < 5 && result.status !== 0 && /too many clients/.test(result.stderr); retry++) {
    spawnSync('sleep', ['1']);
    result = spawnSync('pgbench', args, { encoding: 'utf8', cwd: logDir, env });
  }
  if (result.status !== 0 || /aborted/i.test(result.stdout + result.stderr)) {
    throw new Error(`pgbench ${label} failed (${result.status}):\n${result.stderr}\n${result.stdout}`);
  }
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1]);
  const latencies: number[] = [];
  for (const file of fs.readdirSync(logDir)) {
    for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
    }
  }
  fs.rmSync(logDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: tps,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    errors: 0,
    requests: latencies.length,
    sent: latencies.length,
  };
}

// -------------------------------------------------------------------------------------- the run

type Row = {
  label: string;
  kind: Kind | 'pgbench';
  endpoint: Endpoint;
  round: number;
  load: number;
} & Figures;
const rows: Row[] = [];
const loadNow = () => os.loadavg()[0]!;

function printRow(row: Row) {
  console.log(
    `  ${`${row.label} ${row.kind}`.padEnd(24)} ${row.endpoint.padEnd(12)} ${row.rps.toFixed(0).padStart(6)} req/s   p50 ${row.p50.toFixed(1).padStart(6)} ms   p99 ${row.p99.toFixed(1).padStart(7)} ms   max ${row.max.toFixed(0).padStart(6)} ms   ${row.server ? `server p50 ${row.server.p50.toFixed(1)} ms p99 ${row.server.p99.toFixed(1)} ms   ` : ''}${row.cpu ? `CPU ${row.cpu.process.toFixed(0)} µs/req (main thread ${row.cpu.main.toFixed(0)})   ` : ''}${row.others ? `${row.others.postgres === null ? '' : `PostgreSQL ${row.others.postgres.toFixed(0)} µs/req   `}client ${row.others.client.toFixed(0)} µs/req   ` : ''}${row.gc ? `GC: ${gcText(row.gc.scavenge, 'scavenges')}, ${gcText(row.gc['mark-compact'], 'mark-compacts')}   ` : ''}(load ${row.load.toFixed(2)})`,
  );
}

const gcText = (g: { count: number; total: number; max: number }, name: string) =>
  `${g.count} ${name} (${g.total.toFixed(0)} ms, longest ${g.max.toFixed(1)})`;

async function main() {
  console.log(
    `bench:api — ${connections} connections, ${duration} s per endpoint after ${warmup} s warm-up, ${runs} rounds; ` +
      `servers: ${servers
        .map(
          (s) =>
            `${s.label}=${s.dir}${nodeFlagsOf(s.dir)
              .map((f) => ` ${f}`)
              .join('')}`,
        )
        .join(', ')}; load average at start ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const seedStarted = performance.now();
  const fixtures = await seedTemplates();
  console.log(
    `seeded ${kinds.join(' and ')}: ${studentCount} writers × ${questionCount} pending questions, a reader with 20 pending and 20 answered (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`,
  );
  if (options['cpu-only']) return cpuSitting(fixtures);
  if (options.alloc) return allocSitting(fixtures);
  const pgFixture = fixtures.get('postgres');
  const scripts = pgFixture && options.pgbench ? await pgbenchScripts(pgFixture) : null;

  for (let round = 1; round <= runs; round++) {
    console.log(
      `\nround ${round} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    for (const server of servers) {
      for (const kind of kinds) {
        const data = fixtures.get(kind)!;
        await onFreshCopy(server, kind, round, async (running, copy) => {
          const next = { k: 0 };
          for (const endpoint of endpoints) {
            if (warmup > 0) await load(running.port, data, endpoint, warmup, next);
            await drained(running.port);
            const load0 = loadNow();
            const mark = running.responseTimes.length;
            const gcMark = running.gcPauses.length;
            const cpu0 = cpuTimes(running.child.pid!);
            const backends0 = await backendTimes(copy.name);
            const client0 = process.cpuUsage();
            const figures = await load(running.port, data, endpoint, duration, next);
            await drained(running.port);
            const cpu1 = cpuTimes(running.child.pid!);
            const client1 = process.cpuUsage(client0);
            const backends = backendDelta(backends0, await backendTimes(copy.name));
            figures.others = {
              postgres: backends === null ? null : backends / figures.sent,
              client: (client1.user + client1.system) / figures.sent,
            };
            figures.server = serverFigures(running.responseTimes.slice(mark));
            if (options.gc) figures.gc = gcFigures(running.gcPauses.slice(gcMark));
            // Per request sent: those still in flight at autocannon's deadline were served before `drained`.
            figures.cpu =
              cpu0 && cpu1
                ? {
                    process: (cpu1.process - cpu0.process) / figures.sent,
                    main: (cpu1.main - cpu0.main) / figures.sent,
                  }
                : null;
            const row = {
              label: server.label,
              kind,
              endpoint,
              round,
              load: (load0 + loadNow()) / 2,
              ...figures,
            };
            rows.push(row);
            printRow(row);
          }
        });
      }
    }
    if (scripts && pgFixture) {
      const copy = await freshCopy('postgres');
      try {
        if (scripts.has('submit')) await addWorkList(copy.url!, pgFixture!);
        for (const endpoint of endpoints) {
          const script = scripts.get(endpoint)!;
          if (warmup > 0) pgbench(copy.url!, script, warmup, endpoint);
          const load0 = loadNow();
          const figures = pgbench(copy.url!, script, duration, endpoint);
          const row = {
            label: 'pgbench',
            kind: 'pgbench' as const,
            endpoint,
            round,
            load: (load0 + loadNow()) / 2,
            ...figures,
          };
          rows.push(row);
          printRow(row);
        }
      } finally {
        await dropCopy(copy);
      }
    }
  }

  console.log(`\nmedians of ${runs} rounds (${connections} connections)`);
  console.log(
    `  ${'server'.padEnd(24)} ${'endpoint'.padEnd(12)} ${'req/s'.padStart(6)}         p50          p99     API / pgbench   load    server's own p50 / p99   CPU per request: process / main thread, PostgreSQL, client`,
  );
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.label}\t${row.kind}\t${row.endpoint}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  /** pgbench's medians for the endpoint's statements in this run (null when it did not run). */
  const pgbenchMedians = (endpoint: Endpoint) => {
    const group = groups.get(`pgbench\tpgbench\t${endpoint}`);
    return group ? { rps: median(group.map((r) => r.rps)), p99: median(group.map((r) => r.p99)) } : null;
  };
  for (const [key, group] of groups) {
    const [label, kind, endpoint] = key.split('\t') as [string, string, Endpoint];
    const rps = median(group.map((r) => r.rps));
    const reference = kind === 'postgres' ? (pgbenchMedians(endpoint)?.rps ?? null) : null;
    console.log(
      `  ${`${label} ${kind}`.padEnd(24)} ${endpoint.padEnd(12)} ${rps.toFixed(0).padStart(6)}   ${median(
        group.map((r) => r.p50),
      )
        .toFixed(1)
        .padStart(7)} ms  ${median(group.map((r) => r.p99))
        .toFixed(1)
        .padStart(
          8,
        )} ms   ${reference ? (rps / reference).toFixed(2).padStart(6) : '      '}          ${median(group.map((r) => r.load)).toFixed(2)}${serverColumn(group)}${cpuColumn(group)}${othersColumn(group)}`,
    );
  }

  // The targets (bench/targets.ts), judged on the medians above.
  const verdicts: (Verdict & { label: string })[] = [];
  for (const [key, group] of groups) {
    const [label, kind, endpoint] = key.split('\t') as [string, string, Endpoint];
    if (kind !== 'postgres') continue;
    const verdict = targetVerdict({
      endpoint,
      rps: median(group.map((r) => r.rps)),
      p99: median(group.map((r) => r.p99)),
      pgbench: pgbenchMedians(endpoint),
    });
    verdicts.push({ ...verdict, label });
  }
  if (verdicts.length > 0) {
    const met = verdicts.reduce((sum, v) => sum + v.met, 0);
    const checked = verdicts.reduce((sum, v) => sum + v.checked, 0);
    console.log(
      `\ntargets on PostgreSQL (API / pgbench ≥ ${TARGETS.ratio}, p99 ≤ ${TARGETS.p99Ms} ms at 50 connections${connections === 50 ? '' : `; this run used ${connections}`}): ${met} of ${checked} met`,
    );
    const width = Math.max(...verdicts.map((v) => v.label.length));
    for (const verdict of verdicts) console.log(`  ${verdict.label.padEnd(width)} ${verdict.line}`);
  }
}

/**
 * CPU per request with the servers side by side (`--cpu-only`). On a shared machine a process's CPU
 * time per request moves with the load of the others (caches, the sibling hyper-thread, clock
 * speed): ±30 % between runs minutes apart. Here every server runs at once on its own copy and
 * the load alternates between them in short bursts (the order reversed every other slice), so each
 * meets the same machine; their CPU per request compares, even when its absolute value drifts.
 * On PostgreSQL pgbench takes its turn in the same bursts (its own copy, whole seconds), so each
 * server's requests per second during its bursts have a ratio to pgbench's from the same minutes.
 */
/**
 * The servers compared must give the same answer (the floor too: same rows, same JSON); the bench
 * stops when one does not, since CPU per request would then compare different work.
 */
async function sameAnswers(
  running: { label: string; server: Running }[],
  fixture: Fixture,
  endpoint: Exclude<Endpoint, 'submit'>,
): Promise<void> {
  const { path: requestPath, cookie } = requestOf(fixture, endpoint);
  const answers = await Promise.all(
    running.map(async (r) => {
      const response = await fetch(`http://127.0.0.1:${r.server.port}${requestPath}`, {
        headers: { cookie, accept: 'application/json' },
      });
      return { label: r.label, status: response.status, body: await response.text() };
    }),
  );
  const [first] = answers;
  for (const other of answers.slice(1)) {
    if (other.status !== first!.status || other.body !== first!.body)
      throw new Error(
        `${endpoint}: ${first!.label} and ${other.label} answer differently:\n${first!.status} ${first!.body.slice(0, 300)}\n${other.status} ${other.body.slice(0, 300)}`,
      );
  }
}

async function cpuSitting(fixtures: Map<Kind, Fixture>): Promise<void> {
  const slices = Number(options.slices);
  const sliceSeconds = Math.max(1, duration / slices);
  const pgFixture = fixtures.get('postgres');
  const scripts = pgFixture && options.pgbench ? await pgbenchScripts(pgFixture) : null;
  const results: {
    label: string;
    kind: Kind;
    endpoint: Endpoint;
    round: number;
    process: number | null;
    main: number | null;
    rps: number;
    p99: number;
  }[] = [];
  for (let round = 1; round <= runs; round++) {
    for (const kind of kinds) {
      const data = fixtures.get(kind)!;
      const running: {
        label: string;
        copy: Awaited<ReturnType<typeof freshCopy>>;
        server: Running;
        next: { k: number };
      }[] = [];
      const benchCopy = kind === 'postgres' && scripts ? await freshCopy('postgres') : null;
      try {
        if (benchCopy && scripts?.has('submit')) await addWorkList(benchCopy.url!, pgFixture!);
        for (const server of servers) {
          const copy = await freshCopy(kind);
          running.push({
            label: server.label,
            copy,
            server: await startServer(
              server.dir,
              { ...server.env, ...copy.env },
              `${server.label}-${kind}-${round}`,
            ),
            next: { k: 0 },
          });
        }
        for (const endpoint of endpoints) {
          if (endpoint !== 'submit') await sameAnswers(running, data, endpoint);
          for (const r of running) {
            if (warmup > 0) await load(r.server.port, data, endpoint, warmup, r.next);
            await drained(r.server.port);
          }
          const script = benchCopy ? scripts!.get(endpoint)! : null;
          if (script && warmup > 0) pgbench(benchCopy!.url!, script, Math.ceil(warmup), endpoint);
          type Total = {
            process: number;
            main: number;
            sent: number;
            answered: number;
            seconds: number;
            p99s: number[];
          };
          const totals = new Map<string, Total>(
            [...running.map((r) => r.label), ...(script ? ['pgbench'] : [])].map((label) => [
              label,
              { process: 0, main: 0, sent: 0, answered: 0, seconds: 0, p99s: [] },
            ]),
          );
          // Each turn of a slice: a server's burst, or pgbench's.
          const turns: (() => Promise<void>)[] = running.map((r) => async () => {
            const before = cpuTimes(r.server.child.pid!);
            const figures = await load(r.server.port, data, endpoint, sliceSeconds, r.next, true);
            await drained(r.server.port);
            const after = cpuTimes(r.server.child.pid!);
            const total = totals.get(r.label)!;
            if (before && after) {
              total.process += after.process - before.process;
              total.main += after.main - before.main;
            }
            total.sent += figures.sent;
            total.answered += figures.requests;
            total.seconds += figures.requests / Math.max(figures.rps, 1e-9);
            total.p99s.push(figures.p99);
          });
          if (script)
            turns.push(async () => {
              const figures = pgbench(
                benchCopy!.url!,
                script,
                Math.max(1, Math.round(sliceSeconds)),
                endpoint,
              );
              const total = totals.get('pgbench')!;
              total.answered += figures.requests;
              total.seconds += figures.requests / Math.max(figures.rps, 1e-9);
              total.p99s.push(figures.p99);
            });
          for (let slice = 0; slice < slices; slice++) {
            for (const turn of slice % 2 ? [...turns].reverse() : turns) await turn();
          }
          const load1 = loadNow();
          const reference = totals.get('pgbench');
          const referenceRps = reference ? reference.answered / reference.seconds : null;
          for (const [label, total] of totals) {
            const isBench = label === 'pgbench';
            const row = {
              label,
              kind,
              endpoint,
              round,
              process: isBench ? null : total.process / total.sent,
              main: isBench ? null : total.main / total.sent,
              rps: total.answered / total.seconds,
              p99: median(total.p99s),
            };
            results.push(row);
            console.log(
              `  ${`${label} ${kind}`.padEnd(24)} ${endpoint.padEnd(12)} ${
                row.process === null
                  ? ''.padEnd(38)
                  : `CPU ${row.process.toFixed(0).padStart(5)} µs/req (main thread ${row.main!.toFixed(0).padStart(4)})  `
              } ${row.rps.toFixed(0).padStart(6)} req/s in its bursts   p99 ${row.p99.toFixed(1)} ms (median of bursts)${
                referenceRps && !isBench ? `   API / pgbench ${(row.rps / referenceRps).toFixed(2)}` : ''
              }   ${isBench ? `${total.answered} transactions` : `${total.sent} requests`}   (load ${load1.toFixed(2)})`,
            );
          }
        }
      } finally {
        for (const r of running) {
          await stopServer(r.server);
          await dropCopy(r.copy);
        }
        if (benchCopy) await dropCopy(benchCopy);
      }
    }
  }
  console.log(
    `\nmedians of ${runs} rounds: CPU per request (process / main thread, µs), requests/s in the bursts, p99 (median of bursts), API / pgbench`,
  );
  const groups = new Map<string, typeof results>();
  for (const row of results) {
    const key = `${row.kind}\t${row.endpoint}\t${row.label}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [key, group] of groups) {
    const [kind, endpoint, label] = key.split('\t');
    const reference = groups.get(`${kind}\t${endpoint}\tpgbench`);
    const rps = median(group.map((r) => r.rps));
    const cpu =
      label === 'pgbench'
        ? ''.padEnd(13)
        : `${median(group.map((r) => r.process!))
            .toFixed(0)
            .padStart(5)} / ${median(group.map((r) => r.main!))
            .toFixed(0)
            .padStart(5)}`;
    const ratio =
      reference && label !== 'pgbench' ? (rps / median(reference.map((r) => r.rps))).toFixed(2) : '';
    console.log(
      `  ${`${label} ${kind}`.padEnd(24)} ${endpoint!.padEnd(12)} ${cpu}   ${rps.toFixed(0).padStart(6)} req/s   p99 ${median(
        group.map((r) => r.p99),
      )
        .toFixed(1)
        .padStart(5)} ms   ${ratio}`,
    );
  }
}

/**
 * Bytes of JavaScript objects the server allocates per request, and its collections per 10,000
 * requests (`--alloc`). Counted inside the server by bench/allocProbe.ts (V8's heap statistics around
 * every collection), so unlike times they do not depend on how busy the machine is: each server
 * alone on its own copy, `--warmup-reads` requests, then `--reads` requests counted. With
 * `--alloc-sites <bytes>`, V8's sampling heap profiler (one sample per that many bytes allocated,
 * objects later collected included) says where: by allocating frame (Node's own modules and native
 * code included), and by the nearest frame of our code or a package above it.
 */
async function allocSitting(fixtures: Map<Kind, Fixture>): Promise<void> {
  const reads = Number(options.reads);
  const warmupReads = Number(options['warmup-reads']);
  const sites = options['alloc-sites'] === undefined ? null : Number(options['alloc-sites']);
  const results: {
    label: string;
    kind: Kind;
    endpoint: Endpoint;
    bytes: number;
    scavenges: number;
    markCompacts: number;
  }[] = [];
  const perRequest = (bytes: number) => `${(bytes / reads / 1024).toFixed(1).padStart(6)} KB`;
  for (let round = 1; round <= runs; round++) {
    for (const server of servers) {
      for (const kind of kinds) {
        const data = fixtures.get(kind)!;
        await onFreshCopy(server, kind, round, async (running) => {
          const next = { k: 0 };
          for (const endpoint of endpoints) {
            if (warmupReads > 0) await load(running.port, data, endpoint, 0, next, false, warmupReads);
            await drained(running.port);
            const profileDir = options['alloc-profile'];
            if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
            await running.probe!({
              probe: 'start',
              sites: sites !== null,
              interval: sites ?? 0,
              ...(profileDir
                ? {
                    profileFile: path.resolve(
                      profileDir,
                      `${server.label}-${kind}-${endpoint}-${round}.heapprofile`,
                    ),
                  }
                : {}),
            });
            const figures = await load(running.port, data, endpoint, 0, next, false, reads);
            const report = await running.probe!({ probe: 'stop' });
            if (!report) throw new Error('the allocation probe did not answer');
            if (figures.sent !== reads)
              throw new Error(`${endpoint}: ${figures.sent} requests sent, not ${reads}`);
            const row = {
              label: server.label,
              kind,
              endpoint,
              bytes: report.bytes / reads,
              scavenges: (report.scavenges * 10_000) / reads,
              markCompacts: (report.markCompacts * 10_000) / reads,
            };
            results.push(row);
            console.log(
              `  ${`${server.label} ${kind}`.padEnd(24)} ${endpoint.padEnd(12)} ${(row.bytes / 1024).toFixed(1).padStart(6)} KB allocated per request   ${row.scavenges.toFixed(1)} scavenges and ${row.markCompacts.toFixed(1)} mark-compacts per 10,000 requests   (${reads} requests, round ${round})`,
            );
            if (report.sites) {
              const { self, caller, component, sampledBytes } = report.sites;
              console.log(`    sampled ${perRequest(sampledBytes)} per request; by allocating frame:`);
              for (const site of self.slice(0, 30))
                console.log(`    ${perRequest(site.bytes)}  ${site.where}`);
              console.log('    by the nearest frame of our code or a package:');
              for (const site of caller.slice(0, 30))
                console.log(`    ${perRequest(site.bytes)}  ${site.where}`);
              console.log('    by the package (or our file) of that frame:');
              for (const site of component) console.log(`    ${perRequest(site.bytes)}  ${site.where}`);
            }
          }
        });
      }
    }
  }
  console.log(`\nallocation per request, medians of ${runs} rounds`);
  const groups = new Map<string, typeof results>();
  for (const row of results) {
    const key = `${row.kind}\t${row.endpoint}\t${row.label}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [key, group] of groups) {
    const [kind, endpoint, label] = key.split('\t');
    console.log(
      `  ${`${label} ${kind}`.padEnd(24)} ${endpoint!.padEnd(12)} ${(median(group.map((r) => r.bytes)) / 1024).toFixed(1).padStart(6)} KB per request   ${median(group.map((r) => r.scavenges)).toFixed(1)} scavenges, ${median(group.map((r) => r.markCompacts)).toFixed(1)} mark-compacts per 10,000 requests`,
    );
  }
}

/** The server's CPU µs per request, whole process / main thread (medians of the rounds). */
function cpuColumn(group: Row[]): string {
  const measured = group.flatMap((r) => (r.cpu ? [r.cpu] : []));
  if (measured.length === 0) return '';
  return `   CPU ${median(measured.map((c) => c.process)).toFixed(0)} / ${median(measured.map((c) => c.main)).toFixed(0)} µs/req`;
}

/** PostgreSQL's backends' and the load generator's CPU µs per request (medians of the rounds). */
function othersColumn(group: Row[]): string {
  const measured = group.flatMap((r) => (r.others ? [r.others] : []));
  if (measured.length === 0) return '';
  const postgres = measured.flatMap((o) => (o.postgres === null ? [] : [o.postgres]));
  return `${postgres.length ? `   PostgreSQL ${median(postgres).toFixed(0)}` : ''}   client ${median(measured.map((o) => o.client)).toFixed(0)} µs/req`;
}

/** The server's own p50 / p99 (medians of the rounds), where its log gave them. */
function serverColumn(group: Row[]): string {
  const timed = group.flatMap((r) => (r.server ? [r.server] : []));
  if (timed.length === 0) return '';
  return `   server ${median(timed.map((t) => t.p50)).toFixed(1)} / ${median(timed.map((t) => t.p99)).toFixed(1)} ms`;
}

try {
  await main();
} finally {
  for (const name of process.env.BENCH_KEEP ? [] : createdDatabases) {
    await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => {});
  }
  if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
