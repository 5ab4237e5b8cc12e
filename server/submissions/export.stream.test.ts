import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { createQuestion } from '../test/tutoring.ts';

// A collection on demand, so what is measured is what stays reachable, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ROWS = 100_000;
/** Each answer is 200 characters: the whole file is ~27 MB, far above the bound below. */
const ANSWER = '가'.repeat(20) + 'x'.repeat(180);

let t: TestApp;
let teacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  student = await t.createUser();
  const question = await createQuestion(t, teacher, { type: 's', topics: ['loops'] });
  // Seeded in one statement: a second apart, so the keyset crosses many pages of the same minute.
  await t.database.db.execute(sql`
    INSERT INTO submissions (question_id, student_id, student_answer, submit_date, target_date, due_day, marked, auto_marked, redo, question_generated_date)
    SELECT ${question}, ${student.user.id}, ${ANSWER}, timestamptz '2026-01-01 00:00:00+09' + n * interval '1 second',
      timestamptz '2026-01-01 00:00:00+09', date '2026-01-01', 1, false, n % 7 = 0,
      (SELECT generated_date FROM questions WHERE id = ${question})
    FROM generate_series(1, ${ROWS}) n`);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const usedBytes = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
};

it(`streams ${ROWS.toLocaleString('en')} rows with bounded memory`, async () => {
  const base = await t.listen();
  // One small request first, so what loading modules and warming the pool costs is not counted.
  await (
    await fetch(`${base}/api/v1/export/submissions/${student.user.username}?to=2026-01-01`, {
      headers: { cookie: student.cookie },
    })
  ).text();
  gc();
  const before = usedBytes();
  const statementsBefore = t.database.queries.count;
  let statementsAtFirstRow = -1;

  const response = await fetch(`${base}/api/v1/export/submissions/${student.user.username}`, {
    headers: { cookie: student.cookie },
  });
  expect(response.status).toBe(200);
  let rows = 0;
  let redos = 0;
  let bytes = 0;
  let peak = 0;
  let previous = '';
  // Decoded across chunks: a Korean character may be split between two of them.
  const body = Readable.fromWeb(response.body as never).setEncoding('utf8');
  body.on('data', (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
  });
  const parser = body.pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { newline: '\r\n' }));
  for await (const row of parser as AsyncIterable<string[]>) {
    rows++;
    if (rows === 1) {
      // The file starts before the reading ends: the rows are not gathered first (a few pages
      // ahead at most, what the loopback socket's buffers take before the client reads).
      statementsAtFirstRow = t.database.queries.count - statementsBefore;
      gc();
      peak = usedBytes() - before;
      continue; // the header
    }
    if (row[5] === 'Yes') redos++;
    expect(row[3]).toBe(ANSWER);
    // Oldest first, never a row twice or out of order across pages.
    expect(row[0]! > previous).toBe(true);
    previous = row[0]!;
    if (rows % 10_000 === 0) {
      gc();
      peak = Math.max(peak, usedBytes() - before);
    }
  }
  gc();
  const after = usedBytes() - before;
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
  console.info(
    `export of ${ROWS} rows: ${mb(bytes)} sent; heapUsed + arrayBuffers grew at most ${mb(peak)} while streaming, ${mb(after)} after`,
  );
  expect(statementsAtFirstRow).toBeGreaterThanOrEqual(0);
  expect(statementsAtFirstRow).toBeLessThan(ROWS / 1000 / 2);
  // One statement per 1,000 rows (and the session's look-up): keyset pages, not one big read.
  expect(t.database.queries.count - statementsBefore).toBeGreaterThanOrEqual(ROWS / 1000);
  expect(rows).toBe(ROWS + 1);
  expect(redos).toBe(Math.floor(ROWS / 7));
  expect(bytes).toBeGreaterThan(25 * 2 ** 20);
  // Holding the file (or its rows) would cost more than its 27 MB; a page in flight costs well under.
  expect(peak).toBeLessThan(12 * 2 ** 20);
  expect(after).toBeLessThan(12 * 2 ** 20);
}, 300_000);
