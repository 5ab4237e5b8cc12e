// The evening of bench:scale: people arrive at set rates (open loop: an arrival never waits for
// earlier ones), each visits the pages a person of their kind visits, with think time between, over
// real sockets to a started server, signed in as the generated accounts. Every page's time is what a
// person waits for: its requests, sent together as the page sends them, until the last answer.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { dayOf } from '../../common/dates.ts';
import { addDays } from '../../common/week.ts';
import { startNginx } from '../../scripts/nginx.ts';
import { openDatabase } from '../../server/db/open.ts';
import { duePeriods } from '../../server/mail/digests.ts';
import { serverNodeFlags } from '../../server/nodeFlags.ts';
import { SESSION_COOKIE, startSession } from '../../server/sessions/service.ts';
import {
  parentCount,
  parentName,
  SCALE_PASSWORD,
  type ScaleShape,
  studentName,
  teacherName,
} from './generate.ts';
import type { StatementFigure, StatementReport, StatementRequest } from './statementProbe.ts';

/**
 * The evening, compressed into the run: in `duration` seconds every student visits once, every
 * teacher six times and each of 100 parents once (× `rate`). Think time between two actions is
 * 0.5–2.5 s (a person reads and types for longer; the page's requests, not the pause, are timed).
 * A visit, in order:
 * - student: tutoring page; three draft saves while typing; submit one or two answers; submissions
 *   page; review page; a redo of a due question when there is one; calendar; in one visit of three
 *   the drill (next question and answer, five times, then the day's count). One visit in twenty
 *   signs in first with the password (a session that had expired).
 * - teacher: marking inbox; marks for up to five answers; upload of a question for five students;
 *   archive search; the class's students and calendar; one student's topic statistics and week.
 * - parent: dashboard (children, this week, calendar); last week.
 */
export const MIX = {
  studentVisits: 1,
  teacherVisits: 6,
  parents: 100,
  thinkSeconds: [0.5, 2.5] as const,
  drillShare: 1 / 3,
  signInShare: 1 / 20,
};

export type LoadOptions = {
  shape: ScaleShape;
  /** What the server needs to open the database (DATABASE_URL or DATA_DIR) — a copy, as the load writes. */
  env: Record<string, string>;
  pgUrl: string | null;
  duration: number;
  rate: number;
  /** Seconds at the start whose requests are not counted. */
  warmup: number;
  /** Servers behind nginx (deploy/nginx-tutorfolio.conf) when more than one; one is reached directly. */
  instances: number;
};

export type Figure = { requests: number; errors: number; p50: number; p95: number; p99: number };
export type LoadReport = {
  pages: Map<string, Figure>;
  routes: Map<string, Figure>;
  statements: StatementReport | null;
  arrivals: number;
  seconds: number;
  /** Server process CPU per request (µs) and requests per second over the run. */
  cpuPerRequest: number | null;
  requestsPerSecond: number;
  /** What one student's visit costs, the evening's teacher and parent visits included in proportion. */
  perStudent: { appCpuMs: number; databaseCpuMs: number | null; statements: number | null; visits: number };
  errorSamples: string[];
};

// ------------------------------------------------------------------------------------- the server

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

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROBE = pathToFileURL(path.join(import.meta.dirname, 'statementProbe.ts')).href;

type Server = { child: ChildProcess; base: string; ask: (request: StatementRequest) => Promise<unknown> };

/** The server as `npm start` starts it (its Node flags), with the statement probe on PostgreSQL. */
async function startServer(env: Record<string, string>, timeZone: string, probe: boolean): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(probe ? [`--import=${PROBE}`] : []), ...serverNodeFlags(ROOT), 'server/main.ts'],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        APP_TIME_ZONE: timeZone,
        WEB_DIST_DIR: path.join(os.tmpdir(), 'tf-scale-no-web'),
        // Every simulated person comes from 127.0.0.1; in the evening they are a thousand addresses.
        MAX_CONNECTIONS_PER_ADDRESS: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let stderr = '';
  // Logs are read, as a log shipper would, and dropped.
  const ready = new Promise<void>((resolve) =>
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Tutorfolio is serving')) resolve();
    }),
  );
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`))),
  );
  await Promise.race([ready, exited]);
  const ask = (request: StatementRequest) =>
    new Promise<unknown>((resolve) => {
      child.once('message', resolve);
      child.send(request);
    });
  return { child, base: `http://127.0.0.1:${port}/api/v1/`, ask };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** The servers people reach: one directly, or several behind nginx as the README deploys them. */
type Front = { servers: Server[]; base: string; stop: () => Promise<void> };

async function startFront(
  env: Record<string, string>,
  timeZone: string,
  probe: boolean,
  instances: number,
): Promise<Front> {
  if (instances === 1) {
    const server = await startServer(env, timeZone, probe);
    return { servers: [server], base: server.base, stop: () => stopServer(server) };
  }
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-scale-nginx-'));
  // nginx's workers run as another user when it is started as root: they must reach its files.
  fs.chmodSync(dir, 0o755);
  const servers = await Promise.all(
    Array.from({ length: instances }, () =>
      startServer({ ...env, PUBLIC_URL: publicUrl, TRUST_PROXY: '1' }, timeZone, probe),
    ),
  );
  const proxy = startNginx({
    dir,
    port,
    upstreams: servers.map((server) => `server ${new URL(server.base).host};`),
  });
  const stop = async () => {
    await proxy.stop();
    await Promise.all(servers.map(stopServer));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${publicUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 100) {
      await stop();
      throw new Error(`nginx did not answer on ${publicUrl}: ${proxy.output()}`);
    }
    await sleep(100);
  }
  return { servers, base: `${publicUrl}/api/v1/`, stop };
}

/** The statement timings of every server, merged by statement text. */
async function statementsOf(servers: Server[], top: number): Promise<StatementReport> {
  const reports = (await Promise.all(
    servers.map((server) => server.ask({ statements: 'report', top: top * 5 })),
  )) as StatementReport[];
  const merged = new Map<string, StatementFigure>();
  for (const figure of reports.flatMap((report) => report.top)) {
    const seen = merged.get(figure.text);
    if (!seen) merged.set(figure.text, { ...figure });
    else {
      seen.calls += figure.calls;
      seen.totalMs += figure.totalMs;
      seen.meanMs = seen.totalMs / seen.calls;
      seen.maxMs = Math.max(seen.maxMs, figure.maxMs);
    }
  }
  return {
    statements: 'report',
    top: [...merged.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, top),
    calls: reports.reduce((sum, report) => sum + report.calls, 0),
    totalMs: reports.reduce((sum, report) => sum + report.totalMs, 0),
    loop: {
      p99Ms: Math.max(...reports.map((r) => r.loop.p99Ms)),
      maxMs: Math.max(...reports.map((r) => r.loop.maxMs)),
      stalls: reports.flatMap((r) => r.loop.stalls),
    },
  };
}

/**
 * CPU time of the whole PostgreSQL server on this machine: the postmaster, its live backends, and
 * (in the postmaster's children's times) every backend that has exited. Null when its data directory
 * cannot be read here. It counts other databases' work too: measure on an otherwise quiet server.
 */
async function postgresCpu(pgUrl: string): Promise<(() => number) | null> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  let dataDirectory: string;
  try {
    dataDirectory = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!
      .data_directory;
  } catch {
    return null;
  } finally {
    await client.end();
  }
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const fieldsOf = (pid: number | string) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  const ticks = (fields: string[], from: number, to: number) =>
    fields.slice(from, to + 1).reduce((sum, field) => sum + Number(field), 0);
  return () => {
    // After the state, fields count from ppid (index 1): utime 11, stime 12, cutime 13, cstime 14.
    let total = ticks(fieldsOf(postmaster), 11, 14);
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const fields = fieldsOf(pid);
        if (Number(fields[1]) === postmaster) total += ticks(fields, 11, 12);
      } catch {
        // gone meanwhile: its time is now in the postmaster's children's times
      }
    }
    return (total * 1e6) / 100;
  };
}

function cpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

// ---------------------------------------------------------------------------------- the recording

class Recorder {
  /** Requests that start before it (the warm-up: the server compiling its hot code) are not counted. */
  from = Number.POSITIVE_INFINITY;
  pages = new Map<string, { times: number[]; errors: number }>();
  routes = new Map<string, { times: number[]; errors: number }>();
  errorSamples: string[] = [];
  record(map: Map<string, { times: number[]; errors: number }>, key: string, ms: number, ok: boolean) {
    if (performance.now() - ms < this.from) return;
    const entry = map.get(key) ?? { times: [], errors: 0 };
    entry.times.push(ms);
    if (!ok) entry.errors++;
    map.set(key, entry);
  }
}

function figures(map: Recorder['pages']): Map<string, Figure> {
  const out = new Map<string, Figure>();
  for (const [key, { times, errors }] of [...map.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
    out.set(key, { requests: times.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99) });
  }
  return out;
}

/**
 * One person's browser during a visit, and the page being timed. The session cookie is the
 * person's, kept from one visit to the next: a sign-in ends the session the browser held, so a
 * later visit carrying that old cookie would be signed out.
 */
class Browser {
  private base: string;
  private recorder: Recorder;
  private person: Person;
  private failed = false;
  private origin: string;
  constructor(base: string, recorder: Recorder, person: Person) {
    this.base = base;
    this.origin = new URL(base).origin;
    this.recorder = recorder;
    this.person = person;
  }

  /** One request: `route` names it by its pattern in the report. */
  async call<T = unknown>(
    route: string,
    url: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<T | null> {
    const started = performance.now();
    let status = 0;
    let body: unknown = null;
    try {
      const response = await fetch(this.base + url, {
        method: init.method ?? 'GET',
        headers: {
          cookie: this.person.cookie,
          origin: this.origin,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      status = response.status;
      const text = await response.text();
      if (route === 'POST users/login') {
        const set = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
        if (set) this.person.cookie = set.split(';')[0]!;
      }
      body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    } catch (error) {
      body = `${error} (${(error as { cause?: unknown }).cause})`;
    }
    const ok = status >= 200 && status < 300;
    this.recorder.record(this.recorder.routes, route, performance.now() - started, ok);
    if (!ok) {
      this.failed = true;
      // The first of each route and status.
      const sample = `${route} ${status}: ${JSON.stringify(body).slice(0, 200)}`;
      if (!this.recorder.errorSamples.some((e) => e.startsWith(`${route} ${status}:`)))
        this.recorder.errorSamples.push(sample);
      return null;
    }
    return body as T;
  }

  /** A page: its requests together, timed until the last answer. */
  async page<T>(name: string, requests: () => Promise<T>): Promise<T> {
    this.failed = false;
    const started = performance.now();
    const result = await requests();
    this.recorder.record(this.recorder.pages, name, performance.now() - started, !this.failed);
    return result;
  }
}

// ---------------------------------------------------------------------------------- the visitors

type Person = { name: string; id: number; cookie: string };
type Page<T> = { content: T[] };
type Pending = { id: number; type: string; candidates: { value: string }[] };
type Answered = {
  id: number;
  question: { id: number; type: string; candidates: { value: string }[] };
  review?: { due: boolean };
};

/** mulberry32, as the generator's. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Visit = (
  browser: Browser,
  person: Person,
  rand: () => number,
  think: () => Promise<void>,
) => Promise<void>;

function monthOf(timeZone: string): { year: number; month: number; today: string } {
  const today = dayOf(new Date(), timeZone);
  const [year, month] = today.split('-').map(Number);
  return { year: year!, month: month!, today };
}

function visits(shape: ScaleShape) {
  const { year, month, today } = monthOf(shape.timeZone);
  const answerTo = (q: { type: string; candidates: { value: string }[] }, rand: () => number) =>
    q.type === 'm'
      ? q.candidates[Math.floor(rand() * q.candidates.length)]!.value
      : q.type === 'M'
        ? JSON.stringify([q.candidates[0]!.value])
        : 'x = 3';

  const student: Visit = async (b, me, rand, think) => {
    const n = encodeURIComponent(me.name);
    if (rand() < MIX.signInShare)
      await b.page('sign-in', () =>
        b.call('POST users/login', 'users/login', {
          method: 'POST',
          body: { email: `${me.name}@scale.example`, password: SCALE_PASSWORD },
        }),
      );
    const [pending, , drafts] = await b.page('tutoring', () =>
      Promise.all([
        b.call<Page<Pending>>(
          'GET questions/student/:name',
          `questions/student/${n}?page=0&size=5&sort=targetDate%2Casc`,
        ),
        b.call('GET assignments/ids/:name', `assignments/ids/${n}?sort=targetDate%2Casc`),
        b.call<{ versions: Record<string, number> }>('GET drafts/:name', `drafts/${n}`),
        b.call('GET users/auth-check', 'users/auth-check'),
      ]),
    );
    const questions = (pending?.content ?? []).slice(0, 1 + Math.floor(rand() * 2));
    const versions = new Map<number, number>();
    for (const [id, version] of Object.entries(drafts?.versions ?? {})) versions.set(Number(id), version);
    for (let typed = 0; typed < 3 && questions.length > 0; typed++) {
      await think();
      const q = questions[typed % questions.length]!;
      const saved = await b.page('draft save', () =>
        b.call<{ saved: Record<string, number> }>('PATCH drafts/:name', `drafts/${n}`, {
          method: 'PATCH',
          body: { changes: { [q.id]: { answer: answerTo(q, rand), version: versions.get(q.id) ?? 0 } } },
        }),
      );
      const version = saved?.saved[q.id];
      if (version !== undefined) versions.set(q.id, version);
    }
    if (questions.length > 0) {
      await think();
      await b.page('submit', () =>
        b.call('POST submissions/multiples', 'submissions/multiples', {
          method: 'POST',
          body: questions.map((q) => ({
            questionId: q.id,
            studentAnswer: answerTo(q, rand),
            studentName: me.name,
            draftVersion: versions.get(q.id) ?? 0,
          })),
        }),
      );
    }
    await think();
    await b.page('submissions', () =>
      Promise.all([
        b.call(
          'GET submissions/:name',
          `submissions/${n}?page=0&size=5&sort=question.generatedDate%2Cdesc&sort=id%2Casc`,
        ),
        b.call('GET users/auth-check', 'users/auth-check'),
      ]),
    );
    await think();
    const [review] = await b.page('review', () =>
      Promise.all([
        b.call<Page<Answered>>('GET submissions/review/:name', `submissions/review/${n}?page=0&size=5`),
        b.call('GET review/count/:name', `review/count/${n}`),
      ]),
    );
    const due = (review?.content ?? []).find((s) => s.review?.due && s.question.type !== 's');
    if (due) {
      await think();
      await b.page('redo', () =>
        b.call('POST submissions/review/:name', `submissions/review/${n}`, {
          method: 'POST',
          body: [
            { questionId: due.question.id, studentAnswer: answerTo(due.question, rand), draftVersion: 0 },
          ],
        }),
      );
    }
    await think();
    await b.page('calendar', () =>
      b.call('GET calendars/:name/:year/:month', `calendars/${n}/${year}/${month}`),
    );
    if (rand() < MIX.drillShare) {
      for (let sum = 0; sum < 5; sum++) {
        const issued = await b.page('drill question', () =>
          b.call<{ id: number; question: string }>('POST simple_math/next', `simple_math/next?name=${n}`, {
            method: 'POST',
          }),
        );
        if (!issued) break;
        await think();
        const [a, c] = issued.question.split('+').map((x) => Number(x.trim()));
        await b.page('drill answer', () =>
          b.call('POST simple_math', 'simple_math', {
            method: 'POST',
            body: { name: me.name, questionId: issued.id, answer: (a ?? 0) + (c ?? 0) },
          }),
        );
      }
      await b.page('drill count', () =>
        b.call('GET simple_math/day_count', `simple_math/day_count?name=${n}&submitDate=${today}`),
      );
    }
  };

  const teacher: Visit = async (b, me, rand, think) => {
    const classIndex = me.id - 2;
    const classNames = Array.from({ length: Math.ceil(shape.students / shape.teachers) }, (_, i) =>
      studentName(i * shape.teachers + classIndex),
    ).filter((_, i) => i * shape.teachers + classIndex < shape.students);
    const [inbox] = await b.page('marking inbox', () =>
      Promise.all([
        b.call<Page<{ id: number }>>('GET marking', 'marking?page=0&size=20'),
        b.call('GET marking/count', 'marking/count'),
      ]),
    );
    const toMark = (inbox?.content ?? []).slice(0, 5);
    if (toMark.length > 0) {
      await think();
      await b.page('marks', () =>
        b.call('PUT marking', 'marking', {
          method: 'PUT',
          body: Object.fromEntries(toMark.map((s) => [s.id, rand() < 0.7 ? 1 : -1])),
        }),
      );
    }
    await think();
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await b.page('upload', () =>
      b.call('POST questions', 'questions', {
        method: 'POST',
        body: {
          title: `Evening question ${Math.floor(rand() * 1e9)}`,
          question: 'What does this print?&code:int x = 2;\nx++;',
          type: 'm',
          candidates: ['2', '3', '4'],
          answer: '3',
          explanation: 'x++ adds one.',
          students: classNames.slice(0, 5),
          topics: ['loops'],
          targetDate: due,
        },
      }),
    );
    await think();
    await b.page('archive search', () =>
      b.call('GET questions', `questions?q=loop&page=0&size=20&sort=id%2Cdesc`),
    );
    await think();
    await b.page('teacher', () =>
      Promise.all([
        b.call('GET teacher/:id/students', `teacher/${me.name}/students`),
        b.call(
          'GET calendars/:year/:month',
          `calendars/${year}/${month}?students=${classNames.slice(0, 20).join(',')}`,
        ),
      ]),
    );
    await think();
    const one = encodeURIComponent(classNames[Math.floor(rand() * classNames.length)]!);
    await b.page('stats', () =>
      Promise.all([
        b.call('GET stats/topics/page/:name', `stats/topics/page/${one}?page=0&size=20`),
        b.call('GET week/:name', `week/${one}`),
      ]),
    );
  };

  const parent: Visit = async (b, me, _rand, think) => {
    const [children] = await b.page('parent dashboard', async () => {
      const kids = await b.call<{ name?: string; username?: string }[]>(
        'GET users/children/:name',
        `users/children/${encodeURIComponent(me.name)}`,
      );
      const child = kids?.[0]?.name ?? kids?.[0]?.username;
      if (child)
        await Promise.all([
          b.call('GET week/:name', `week/${encodeURIComponent(child)}`),
          b.call(
            'GET calendars/:name/:year/:month',
            `calendars/${encodeURIComponent(child)}/${year}/${month}`,
          ),
        ]);
      return [kids];
    });
    const child = children?.[0]?.name ?? children?.[0]?.username;
    if (!child) return;
    await think();
    await b.page('parent week', () =>
      b.call('GET week/:name', `week/${encodeURIComponent(child)}?start=${addDays(today, -7)}`),
    );
  };
  return { student, teacher, parent };
}

// ---------------------------------------------------------------------------------- the evening

/** Copies the generated database for one run (the load writes), runs the evening, drops the copy. */
export async function runEvening(options: LoadOptions): Promise<LoadReport> {
  const copy = await copyDatabase(options);
  try {
    return await evening(options, copy);
  } finally {
    await copy.drop();
  }
}

type Copy = { env: Record<string, string>; drop: () => Promise<void> };

async function copyDatabase(options: LoadOptions): Promise<Copy> {
  if (options.pgUrl) {
    const source = new URL(options.pgUrl).pathname.slice(1);
    // Its own name: two runs at once (two checkouts on one server) must not drop each other's copy.
    const name = `${source}_run_${process.pid}`;
    const admin = new URL(options.pgUrl);
    admin.pathname = '/postgres';
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await run(`CREATE DATABASE ${name} TEMPLATE ${source}`);
    const url = new URL(options.pgUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const source = options.env.DATA_DIR!;
  const dir = `${source}-run`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(source, dir, { recursive: true });
  return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function evening(options: LoadOptions, copy: Copy): Promise<LoadReport> {
  const { shape } = options;
  const rand = random(shape.seed * 7919 + 1);
  // Everyone's session, made before the server holds the database (PGlite allows one process).
  const people = {
    student: Array.from({ length: shape.students }, (_, s) => ({
      name: studentName(s),
      id: 2 + shape.teachers + s,
    })),
    teacher: Array.from({ length: shape.teachers }, (_, t) => ({ name: teacherName(t), id: 2 + t })),
    parent: Array.from({ length: Math.min(MIX.parents, parentCount(shape.students)) }, (_, p) => ({
      name: parentName(p),
      id: 2 + shape.teachers + shape.students + p,
    })),
  };
  const database = copy.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: copy.env.DATABASE_URL, poolSize: 4 })
    : await openDatabase({ kind: 'pglite', dataDir: copy.env.DATA_DIR! });
  // One object per person, shared by their visits: the cookie a sign-in sets is the next visit's.
  const signedIn = new Map<number, Person>();
  for (const person of [...people.student, ...people.teacher, ...people.parent])
    signedIn.set(person.id, {
      ...person,
      cookie: `${SESSION_COOKIE}=${(await startSession(database.db, person.id, new Date())).token}`,
    });
  // The school's server ran all year: the digests due now went out at their hour, before the
  // evening, so the load is the people's visits (a run that crosses the hour sends the next ones).
  for (const due of duePeriods(new Date(), shape.timeZone))
    await database.db.execute(sql`INSERT INTO mail_digests (user_id, kind, period, sent_at)
      SELECT id, ${due.kind}, ${due.period}::date, now() FROM users WHERE ${due.role} = ANY(roles)
      ON CONFLICT DO NOTHING`);
  await database.close();

  const front = await startFront(copy.env, shape.timeZone, Boolean(copy.env.DATABASE_URL), options.instances);
  const databaseCpu = copy.env.DATABASE_URL ? await postgresCpu(copy.env.DATABASE_URL) : null;
  const recorder = new Recorder();
  const scripts = visits(shape);
  // Arrivals: each kind a Poisson process with its count in the run, people in a shuffled order.
  // Given the count, a Poisson process's arrival times are uniform over the run, so they are drawn
  // so: summing random gaps overshot the end and piled the overshoot up in one burst at the end.
  type Arrival = { at: number; visit: Visit; person: Person };
  const arrivals: Arrival[] = [];
  const seconds = options.duration;
  const plan = (list: { name: string; id: number }[], perPerson: number, visit: Visit) => {
    const count = Math.round(list.length * perPerson * options.rate);
    const order = [...list].sort(() => rand() - 0.5);
    const times = Array.from({ length: count }, () => rand() * seconds).sort((a, b) => a - b);
    times.forEach((at, i) => {
      const person = order[i % order.length]!;
      arrivals.push({ at, visit, person: signedIn.get(person.id)! });
    });
  };
  plan(people.student, MIX.studentVisits, scripts.student);
  plan(people.teacher, MIX.teacherVisits, scripts.teacher);
  plan(people.parent, 1, scripts.parent);
  arrivals.sort((a, b) => a.at - b.at);

  try {
    const resetStatements = () =>
      Promise.all(front.servers.map((server) => server.ask({ statements: 'reset' })));
    if (copy.env.DATABASE_URL) await resetStatements();
    // The statements of the warm-up are counted apart: reset when it ends.
    const resetAfterWarmup = copy.env.DATABASE_URL
      ? sleep(options.warmup * 1000).then(resetStatements)
      : Promise.resolve();
    const started = performance.now();
    recorder.from = started + options.warmup * 1000;
    const running: Promise<void>[] = [];
    const appCpu = () => front.servers.reduce((sum, server) => sum + cpuMicros(server.child.pid!), 0);
    let cpuBefore: number | null = null;
    let databaseCpuBefore = 0;
    let studentVisits = 0;
    let measuredFrom = started;
    for (const arrival of arrivals) {
      const wait = started + arrival.at * 1000 - performance.now();
      if (wait > 0) await sleep(wait);
      if (cpuBefore === null && arrival.at >= options.warmup) {
        cpuBefore = appCpu();
        databaseCpuBefore = databaseCpu?.() ?? 0;
        measuredFrom = performance.now();
      }
      if (arrival.at >= options.warmup && arrival.visit === scripts.student) studentVisits++;
      const personRand = random(Math.floor(rand() * 2 ** 32));
      const think = () =>
        sleep(1000 * (MIX.thinkSeconds[0] + personRand() * (MIX.thinkSeconds[1] - MIX.thinkSeconds[0])));
      const browser = new Browser(front.base, recorder, arrival.person);
      running.push(
        arrival.visit(browser, arrival.person, personRand, think).catch((error: unknown) => {
          recorder.errorSamples.push(`visit failed: ${String(error)}`);
        }),
      );
    }
    await Promise.all(running);
    await resetAfterWarmup;
    const elapsed = (performance.now() - measuredFrom) / 1000;
    const cpu = appCpu() - (cpuBefore ?? 0);
    const databaseMicros = databaseCpu ? databaseCpu() - databaseCpuBefore : null;
    const routes = figures(recorder.routes);
    const requests = [...routes.values()].reduce((sum, f) => sum + f.requests, 0);
    const statements = copy.env.DATABASE_URL ? await statementsOf(front.servers, 10) : null;
    const perVisit = (total: number) => total / Math.max(1, studentVisits);
    return {
      pages: figures(recorder.pages),
      routes,
      statements,
      arrivals: arrivals.length,
      seconds: elapsed,
      cpuPerRequest: requests ? cpu / requests : null,
      requestsPerSecond: requests / elapsed,
      perStudent: {
        appCpuMs: perVisit(cpu / 1000),
        databaseCpuMs: databaseMicros === null ? null : perVisit(databaseMicros / 1000),
        statements: statements ? perVisit(statements.calls) : null,
        visits: studentVisits,
      },
      errorSamples: recorder.errorSamples,
    };
  } finally {
    await front.stop();
  }
}

// ---------------------------------------------------------------------------------- the report

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** Pages a person waits on: their p99 is held to the target. */
export const P99_TARGET_MS = 100;
export const RATIO_TARGET = 1.5;

export function printReport(title: string, report: LoadReport): void {
  console.log(
    `\n${title}: ${report.arrivals} visits in ${report.seconds.toFixed(0)} s, ${report.requestsPerSecond.toFixed(0)} requests/s` +
      (report.cpuPerRequest ? `, server CPU ${report.cpuPerRequest.toFixed(0)} µs per request` : ''),
  );
  const table = (label: string, map: Map<string, Figure>) => {
    console.log(`\n| ${label} | requests | errors | p50 ms | p95 ms | p99 ms |`);
    console.log('|---|---|---|---|---|---|');
    for (const [key, f] of map)
      console.log(
        `| ${key} | ${f.requests} | ${f.errors} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)}${f.p99 > P99_TARGET_MS && label === 'page' ? ' ✗' : ''} |`,
      );
  };
  const cost = report.perStudent;
  console.log(
    `\nOne student's visit (${cost.visits} measured; the evening's teacher and parent visits included in proportion): ` +
      `app CPU ${cost.appCpuMs.toFixed(1)} ms` +
      (cost.databaseCpuMs === null ? '' : `, PostgreSQL CPU ${cost.databaseCpuMs.toFixed(1)} ms`) +
      (cost.statements === null ? '' : `, ${cost.statements.toFixed(0)} statements`),
  );
  table('page', report.pages);
  table('route', report.routes);
  if (report.statements) {
    const s = report.statements;
    console.log(
      `\nServer event loop: p99 delay ${s.loop.p99Ms.toFixed(1)} ms, max ${s.loop.maxMs.toFixed(0)} ms; stalls and collections: ` +
        (s.loop.stalls.map((st) => `${st.kind} ${st.ms} ms`).join(', ') || 'none'),
    );
    console.log(
      `\nHeaviest statements by total time (${s.calls} statements, ${(s.totalMs / 1000).toFixed(1)} s in all, timed by the server's client):`,
    );
    console.log('| total ms | calls | mean ms | max ms | statement |');
    console.log('|---|---|---|---|---|');
    for (const t of s.top)
      console.log(
        `| ${t.totalMs.toFixed(0)} | ${t.calls} | ${t.meanMs.toFixed(2)} | ${t.maxMs.toFixed(1)} | ${t.text.slice(0, 160)} |`,
      );
  } else console.log('\n(statement timings: PostgreSQL only)');
  if (report.errorSamples.length > 0) console.log(`\nErrors:\n${report.errorSamples.join('\n')}`);
}

export function printRatios(
  small: { size: number; report: LoadReport },
  large: { size: number; report: LoadReport },
): void {
  console.log(
    `\n| page | p50 ${small.size} | p99 ${small.size} | p50 ${large.size} | p99 ${large.size} | p50 ratio | p99 ratio |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  const ratio = (r: number) => `${r.toFixed(2)}${r > RATIO_TARGET ? ' ✗' : ''}`;
  for (const [page, big] of large.report.pages) {
    const little = small.report.pages.get(page);
    if (!little) continue;
    console.log(
      `| ${page} | ${ms(little.p50)} | ${ms(little.p99)} | ${ms(big.p50)} | ${ms(big.p99)} | ${ratio(big.p50 / little.p50)} | ${ratio(big.p99 / little.p99)} |`,
    );
  }
}
