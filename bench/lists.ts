// Page latency of the tutoring lists with a small and a large database (no real network: app.inject).
// Run: node bench/lists.ts [--students 200] [--questions 2000]   (prints figures; not a CI test)
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { createQuestionsInBulk } from '../server/questions/bulk.ts';
import { SESSION_COOKIE, startSession } from '../server/sessions/service.ts';
import { createAccount } from '../server/users/service.ts';

const { values } = parseArgs({
  options: { students: { type: 'string', default: '200' }, questions: { type: 'string', default: '2000' } },
});
const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const database = await openDatabase({ kind: 'pglite', dataDir: null });
const app = await buildApp({ config, database, now: () => new Date() });
await app.ready();

const teacher = await createAccount(database.db, {
  email: 't@example.com',
  username: 'teacher',
  password: 'bench password 1',
  roles: ['TEACHER'],
});
const cookie = `${SESSION_COOKIE}=${(await startSession(database.db, teacher.id, new Date())).token}`;
const due = new Date(Date.now() + 2 * 86_400_000).toISOString();

async function addStudents(prefix: string, count: number) {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${prefix}${i}`;
    await createAccount(database.db, {
      email: `${username}@example.com`,
      username,
      password: 'bench password 1',
      roles: ['STUDENT'],
    });
    names.push(username);
  }
  return names;
}
async function addQuestions(count: number, students: string[]) {
  for (let done = 0; done < count; done += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - done) }, (_, i) => ({
      title: `Question ${done + i}`,
      question: 'Pick one.&code:int x = 1;',
      type: 'm',
      candidates: ['1', '2', '3'],
      answer: '1',
      explanation: 'Because.',
      topics: ['bench', `t${i % 20}`],
      students,
      generatedDate: new Date().toISOString(),
      targetDate: due,
    }));
    await createQuestionsInBulk(database.db, batch, {
      now: new Date(),
      timeZone: config.timeZone,
      authorId: teacher.id,
    });
  }
}
async function time(url: string, runs = 40): Promise<{ p50: number; p95: number; statements: number }> {
  const samples: number[] = [];
  let statements = 0;
  for (let i = 0; i < runs; i++) {
    const before = database.queries.count;
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    samples.push(performance.now() - started);
    statements = database.queries.count - before;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(runs / 2)]!, p95: samples[Math.floor(runs * 0.95)]!, statements };
}
async function measure(label: string) {
  const urls = {
    'pending questions': '/api/v1/questions/student/target0?size=25',
    submissions: '/api/v1/submissions/target0?size=25',
    review: '/api/v1/submissions/review/target0?size=25',
    archive: '/api/v1/questions?size=25',
    'archive search': '/api/v1/questions?field=all&q=question%201&size=25',
  };
  console.log(`\n${label}`);
  for (const [name, url] of Object.entries(urls)) {
    const r = await time(url);
    console.log(
      `  ${name.padEnd(18)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${r.statements} SQL statements`,
    );
  }
}

// The student whose pages are timed: 50 pending questions and 50 answered (half wrong).
const [target] = await addStudents('target', 1);
await addQuestions(100, [target!]);
const pending = await app.inject({
  method: 'GET',
  url: '/api/v1/assignments/ids/target0',
  headers: { cookie },
});
const ids = (pending.json() as number[]).slice(0, 50);
await app.inject({
  method: 'POST',
  url: '/api/v1/submissions/multiples',
  headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
  payload: JSON.stringify(
    ids.map((id, i) => ({ questionId: id, studentAnswer: i % 2 ? '1' : '2', studentName: 'target0' })),
  ),
});
await measure('small database: 1 student, 100 questions');

const students = Number(values.students);
const questions = Number(values.questions);
const started = performance.now();
const others = await addStudents('s', students);
await addQuestions(questions, others);
console.log(
  `\nadded ${students} students and ${questions} questions (${students * questions} assignments) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await measure(
  `large database: ${students + 1} students, ${questions + 100} questions, ${students * questions + 50} pending assignments`,
);

await app.close();
await database.close();
