// npm run test:cluster: two PostgreSQL-backed instances behind nginx, configured from
// deploy/nginx-tutorfolio.conf, everything on loopback. Shows sign-in through the proxy whichever
// instance answers, sign-in throttling counted across both, a write on one read on the other at
// once, no acknowledged submission lost when one instance is SIGKILLed under load (the proxy routes
// around it), a session signed out on one instance refused at once by the other (whose session
// cache hears it from the database), and a rolling restart (SIGTERM one, wait for /readyz, then the other) that drops no
// request. Needs PostgreSQL (TEST_DATABASE_URL, as test:pg) and nginx (NGINX, default `nginx`).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { formatDateTime } from '../common/dates.ts';
import { freePort } from './free-port.ts';
import { type Nginx, startNginx } from './nginx.ts';

const root = path.resolve(import.meta.dirname, '..');
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const nginxBinary = process.env.NGINX ?? 'nginx';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-cluster-'));
// nginx's workers run as another user when it is started as root: they must reach the temp paths.
fs.chmodSync(scratch, 0o755);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const step = (text: string) => console.log(`[${elapsed()}] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- PostgreSQL, instances, nginx

const databaseName = `tf_cluster_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = baseUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Instance = {
  name: 'A' | 'B';
  port: number;
  child: ChildProcess | null;
  output: string;
  exited: Promise<number | null>;
};

const proxyPort = await freePort();
const publicUrl = `http://127.0.0.1:${proxyPort}`;
const imagesDir = path.join(scratch, 'images');
const instances: Instance[] = [
  { name: 'A', port: await freePort(), child: null, output: '', exited: Promise.resolve(null) },
  { name: 'B', port: await freePort(), child: null, output: '', exited: Promise.resolve(null) },
];
const [instanceA, instanceB] = instances as [Instance, Instance];
const direct = (instance: Instance) => `http://127.0.0.1:${instance.port}`;
let proxy = null as Nginx | null;

function startInstance(instance: Instance): void {
  const { DATABASE_URL: _omit, ...inherited } = process.env;
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      // As the README tells operators: the address people use, and trust in the proxy's headers.
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      IMAGES_DIR: imagesDir,
      WEB_DIST_DIR: path.join(scratch, 'no-web'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.child = child;
  child.stdout!.on('data', (chunk) => (instance.output += chunk));
  child.stderr!.on('data', (chunk) => (instance.output += chunk));
  instance.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

async function waitReady(url: string, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

function startProxy(): void {
  proxy = startNginx({
    dir: scratch,
    port: proxyPort,
    binary: nginxBinary,
    upstreams: [
      ...instances.map((i) => `server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`),
      ...instances.map((i) => `server 127.0.0.1:${i.port} backup max_fails=0;`),
    ],
  });
}

/** Which instance answered each request id, from nginx's access log (the last upstream tried). */
function upstreamsById(): Map<string, string> {
  const log = fs.existsSync(path.join(scratch, 'access.log'))
    ? fs.readFileSync(path.join(scratch, 'access.log'), 'utf8')
    : '';
  const byId = new Map<string, string>();
  for (const match of log.matchAll(/upstream=(\S+) upstream_status=\S+ id=(\w+)/g)) {
    const port = Number(match[1]!.split(', ').at(-1)!.split(':').at(-1));
    byId.set(match[2]!, instances.find((i) => i.port === port)?.name ?? match[1]!);
  }
  return byId;
}

// ---------------------------------------------------------------- HTTP helpers

type Answer = { status: number; body: unknown; id: string; headers: Headers };

async function call(
  base: string,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) {
    headers.cookie = options.cookie;
    headers.origin = publicUrl;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return {
    status: response.status,
    body,
    id: response.headers.get('x-request-id') ?? '',
    headers: response.headers,
  };
}

type Account = { username: string; email: string; password: string; cookie: string };

async function signUpAndIn(username: string): Promise<Account> {
  const email = `${username}@example.com`;
  const password = 'a long enough secret';
  const signup = await call(publicUrl, 'POST', '/api/v1/users/signup', {
    body: { email, username, password },
  });
  assert.equal(signup.status, 200, `sign-up of ${username}: ${JSON.stringify(signup.body)}`);
  const login = await fetch(`${publicUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(login.status, 200, `sign-in of ${username}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => !c.endsWith('='));
  assert.ok(cookie, 'the sign-in sets a session cookie');
  return { username, email, password, cookie };
}

async function createQuestion(
  base: string,
  teacher: Account,
  students: string[],
  title: string,
): Promise<number> {
  const answer = await call(base, 'POST', '/api/v1/questions', {
    cookie: teacher.cookie,
    body: {
      title,
      question: 'Which of these is even?',
      type: 'm',
      candidates: ['1', '2', '3'],
      answer: '2',
      explanation: 'Two is divisible by two.',
      hint: null,
      topics: ['Numbers'],
      students,
      targetDate: formatDateTime(new Date(Date.now() + 48 * 3_600_000), 'Asia/Seoul'),
    },
  });
  assert.equal(answer.status, 200, `question: ${JSON.stringify(answer.body)}`);
  return answer.body as number;
}

// ---------------------------------------------------------------- the scenarios

async function signInWhicheverAnswers(student: Account): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const check = await call(publicUrl, 'GET', '/api/v1/users/auth-check', { cookie: student.cookie });
    assert.equal(check.status, 200, 'signed in through the proxy, whichever instance answers');
    const pending = await call(publicUrl, 'GET', `/api/v1/questions/student/${student.username}`, {
      cookie: student.cookie,
    });
    assert.equal(pending.status, 200);
    ids.push(check.id, pending.id);
  }
  await sleep(200); // nginx writes its access log line after the answer
  const byId = upstreamsById();
  const answeredBy = ids.map((id) => byId.get(id));
  assert.ok(
    answeredBy.includes('A') && answeredBy.includes('B'),
    `both instances answered (${answeredBy.join(' ')})`,
  );
  step(
    `sign-in through the proxy: 40 signed-in requests all 200, A answered ${answeredBy.filter((n) => n === 'A').length}, B ${answeredBy.filter((n) => n === 'B').length}`,
  );
}

async function throttlingAcrossBoth(victim: Account): Promise<void> {
  const statuses: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    // A client naming other addresses in X-Forwarded-For: nginx replaces the header, so every
    // attempt is counted against the real address.
    const attempt = await call(publicUrl, 'POST', '/api/v1/users/login', {
      body: { email: victim.email, password: `wrong guess ${i}` },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    statuses.push(attempt.status);
    ids.push(attempt.id);
    if (attempt.status === 429) assert.ok(Number(attempt.headers.get('retry-after')) > 0, 'Retry-After');
  }
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429], 'five free failures, then waiting');
  await sleep(200);
  const byId = upstreamsById();
  const answeredBy = ids.slice(0, 5).map((id) => byId.get(id));
  assert.ok(
    answeredBy.includes('A') && answeredBy.includes('B'),
    `failures on both (${answeredBy.join(' ')})`,
  );
  step(`throttling: failures counted on A and B together (${answeredBy.join(' ')}), the 6th attempt got 429`);
}

async function writeOnOneReadOnOther(teacher: Account, student: Account): Promise<void> {
  const questionId = await createQuestion(direct(instanceA), teacher, [student.username], 'Written on A');
  const onB = await call(direct(instanceB), 'GET', `/api/v1/questions/student/${student.username}`, {
    cookie: student.cookie,
  });
  assert.equal(onB.status, 200);
  assert.ok(
    JSON.stringify(onB.body).includes('Written on A'),
    'the question written on A is read on B at once',
  );
  let version = 0;
  for (let i = 0; i < 10; i++) {
    const [writer, reader] = i % 2 === 0 ? [instanceB, instanceA] : [instanceA, instanceB];
    const answer = `draft ${i} written on ${writer.name}`;
    const saved = await call(direct(writer), 'PATCH', `/api/v1/drafts/${student.username}`, {
      cookie: student.cookie,
      body: { changes: { [String(questionId)]: { answer, version } } },
    });
    assert.equal(saved.status, 200);
    version = (saved.body as { saved: Record<string, number> }).saved[String(questionId)]!;
    const read = await call(direct(reader), 'GET', `/api/v1/drafts/${student.username}`, {
      cookie: student.cookie,
    });
    assert.equal((read.body as { answers: Record<string, string> }).answers[String(questionId)], answer);
  }
  step(
    'a write on one, read on the other: a question written on A read on B; 10 drafts alternating, each read at once',
  );
}

async function killUnderSubmitLoad(teacher: Account, students: Account[]): Promise<void> {
  const names = students.map((s) => s.username);
  const questions: number[] = [];
  for (let i = 0; i < 30; i++) questions.push(await createQuestion(publicUrl, teacher, names, `Load ${i}`));
  const acknowledged: { student: string; questionId: number }[] = [];
  const failures: string[] = [];
  let killedAt = -1;
  let sent = 0;
  const worker = async (student: Account) => {
    for (const questionId of questions) {
      sent++;
      try {
        const answer = await call(publicUrl, 'POST', '/api/v1/submissions/multiples', {
          cookie: student.cookie,
          body: [{ questionId, studentAnswer: '2', studentName: student.username }],
        });
        if (answer.status === 200) acknowledged.push({ student: student.username, questionId });
        else failures.push(`${answer.status} ${String(JSON.stringify(answer.body)).slice(0, 100)}`);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  };
  const load = Promise.all(students.map(worker));
  const total = questions.length * students.length;
  while (acknowledged.length < total / 3) await sleep(5);
  instanceA.child!.kill('SIGKILL');
  killedAt = acknowledged.length;
  await load;
  assert.equal(await instanceA.exited, null, 'A was killed');

  const stored = await admin(
    async (client) =>
      (
        await client.query<{ username: string; question_id: number }>(
          'select u.username, s.question_id from submissions s join users u on u.id = s.student_id',
        )
      ).rows,
    databaseUrl,
  );
  const storedKeys = new Set(stored.map((row) => `${row.username}:${row.question_id}`));
  // A submission nginx sent again after A died (A may have stored it first) is refused, not doubled.
  assert.equal(storedKeys.size, stored.length, 'no submission stored twice');
  const lost = acknowledged.filter((a) => !storedKeys.has(`${a.student}:${a.questionId}`));
  assert.deepEqual(lost, [], 'no acknowledged submission is lost');
  // Only requests in flight on A when it died may fail (one per student at most); the rest went to B.
  assert.ok(failures.length <= students.length, `at most one failure per worker: ${failures.join('; ')}`);
  assert.ok(acknowledged.length - killedAt > total / 3, 'the proxy kept serving through B');
  step(
    `SIGKILL of A under submit load: ${sent} submissions sent, ${acknowledged.length} acknowledged (${killedAt} before the kill), ` +
      `${failures.length} failed${failures.length ? ` (${failures.join('; ')})` : ''}, all acknowledged ones stored (${stored.length} rows)`,
  );
}

async function rollingRestart(students: Account[], questionId: number): Promise<void> {
  let stop = false;
  const failures: string[] = [];
  let requests = 0;
  const versions = new Map<string, number>();
  const worker = async (student: Account) => {
    let version =
      (
        (await call(publicUrl, 'GET', `/api/v1/drafts/${student.username}`, { cookie: student.cookie }))
          .body as {
          versions: Record<string, number>;
        }
      ).versions[String(questionId)] ?? 0;
    let saves = 0;
    while (!stop) {
      try {
        requests++;
        const saved = await call(publicUrl, 'PATCH', `/api/v1/drafts/${student.username}`, {
          cookie: student.cookie,
          body: { changes: { [String(questionId)]: { answer: `save ${saves}`, version } } },
        });
        if (
          saved.status !== 200 ||
          !(saved.body as { saved: Record<string, number> }).saved[String(questionId)]
        ) {
          failures.push(`PATCH ${saved.status} ${JSON.stringify(saved.body).slice(0, 120)}`);
          return;
        }
        version = (saved.body as { saved: Record<string, number> }).saved[String(questionId)]!;
        saves++;
        requests++;
        const read = await call(publicUrl, 'GET', `/api/v1/drafts/${student.username}`, {
          cookie: student.cookie,
        });
        if (read.status !== 200)
          failures.push(`GET ${read.status} ${JSON.stringify(read.body).slice(0, 120)}`);
      } catch (error) {
        failures.push((error as Error).message);
        return;
      }
    }
    versions.set(student.username, version);
  };
  const load = Promise.all(students.map(worker));
  await sleep(500);
  for (const instance of [instanceB, instanceA]) {
    instance.child!.kill('SIGTERM');
    assert.equal(await instance.exited, 0, `${instance.name} stopped cleanly on SIGTERM`);
    startInstance(instance);
    await waitReady(direct(instance), `instance ${instance.name} after its restart`);
    step(
      `rolling restart: ${instance.name} stopped (SIGTERM), started again and ready; ${requests} requests so far`,
    );
    await sleep(500);
  }
  stop = true;
  await load;
  assert.deepEqual(failures, [], 'no request dropped during the rolling restart');
  // Every save built on the one before (versions): none was lost or applied twice.
  const stored = await admin(
    async (client) =>
      (
        await client.query<{ username: string; version: number }>(
          'select u.username, d.version from answer_drafts d join users u on u.id = d.student_id where d.question_id = $1',
          [questionId],
        )
      ).rows,
    databaseUrl,
  );
  for (const row of stored) {
    if (versions.has(row.username))
      assert.equal(row.version, versions.get(row.username), `${row.username}'s draft version`);
  }
  step(`rolling restart under load: ${requests} requests through the proxy, none failed`);
}

/**
 * Each instance caches recent sessions (server/sessions/cache.ts); a revocation on one instance, or
 * straight in the database (as `npm run users` does), must reach the other's cache through the
 * database's notification: the session is refused there within the time of one notification.
 */
async function revokedOnOneRefusedOnOther(): Promise<void> {
  const waits: string[] = [];
  const cachedOnB = async (account: Account) => {
    // An instance that signed someone in caches nothing for 2 s (SESSION_CACHE_QUIET_MS).
    await sleep(2100);
    for (let i = 0; i < 3; i++) {
      const check = await call(direct(instanceB), 'GET', '/api/v1/users/auth-check', {
        cookie: account.cookie,
      });
      assert.equal(check.status, 200, 'signed in on B');
    }
  };
  /** How long B kept answering the revoked session (it must stop within 1 s; at once in practice). */
  const refusedOnB = async (account: Account, what: string) => {
    const start = performance.now();
    for (let attempt = 1; ; attempt++) {
      const check = await call(direct(instanceB), 'GET', '/api/v1/users/auth-check', {
        cookie: account.cookie,
      });
      if (check.status === 401) {
        waits.push(
          `${what}: refused on B at attempt ${attempt} (${(performance.now() - start).toFixed(1)} ms)`,
        );
        return;
      }
      assert.equal(check.status, 200);
      assert.ok(performance.now() - start < 1000, `${what}: B still accepted the session after 1 s`);
      await sleep(5);
    }
  };
  const leaver = await signUpAndIn('leaver');
  await cachedOnB(leaver);
  const out = await call(direct(instanceA), 'POST', '/api/v1/users/logout', { cookie: leaver.cookie });
  assert.equal(out.status, 200);
  await refusedOnB(leaver, 'signed out on A');

  const banned = await signUpAndIn('banned');
  await cachedOnB(banned);
  await admin(
    (client) =>
      client.query(`delete from sessions where user_id = (select id from users where username = 'banned')`),
    databaseUrl,
  );
  await refusedOnB(banned, 'sessions deleted in the database');
  step(`session cache across instances: ${waits.join('; ')}`);
}

// ---------------------------------------------------------------- run

let failed = false;
try {
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${databaseName}`);
  });
  // Both at once on a new database: the migration runs once, under its advisory lock.
  startInstance(instanceA);
  startInstance(instanceB);
  startProxy();
  await Promise.all([
    waitReady(direct(instanceA), 'instance A'),
    waitReady(direct(instanceB), 'instance B'),
    waitReady(publicUrl, 'nginx'),
  ]);
  step(
    `two instances (${instanceA.port}, ${instanceB.port}) on ${databaseName}, nginx on ${proxyPort}: ready`,
  );

  const teacher = await signUpAndIn('teacher');
  await admin(
    (client) => client.query(`update users set roles = ARRAY['TEACHER'] where username = 'teacher'`),
    databaseUrl,
  );
  const students: Account[] = [];
  for (let i = 0; i < 8; i++) students.push(await signUpAndIn(`student${i}`));
  const victim = await signUpAndIn('victim');

  await signInWhicheverAnswers(students[0]!);
  await throttlingAcrossBoth(victim);
  await writeOnOneReadOnOther(teacher, students[1]!);
  await revokedOnOneRefusedOnOther();
  await killUnderSubmitLoad(teacher, students);
  startInstance(instanceA);
  await waitReady(direct(instanceA), 'instance A after SIGKILL');
  const rollingQuestion = await createQuestion(
    publicUrl,
    teacher,
    students.map((s) => s.username),
    'Drafted during the restart',
  );
  await rollingRestart(students, rollingQuestion);
  step('cluster test passed');
} catch (error) {
  failed = true;
  console.error(`\ncluster test FAILED: ${(error as Error).stack ?? error}`);
  for (const instance of instances)
    console.error(`\n--- instance ${instance.name} output (tail)\n${instance.output.slice(-3000)}`);
  const errorLog = path.join(scratch, 'error.log');
  if (fs.existsSync(errorLog))
    console.error(`\n--- nginx error.log (tail)\n${fs.readFileSync(errorLog, 'utf8').slice(-3000)}`);
  if (proxy?.output()) console.error(`\n--- nginx output\n${proxy.output().slice(-2000)}`);
} finally {
  for (const instance of instances) {
    if (instance.child && instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
      await Promise.race([instance.exited, sleep(10_000)]);
      if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    }
  }
  await proxy?.stop();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)).catch(
    () => {},
  );
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
