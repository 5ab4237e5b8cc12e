import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';

/**
 * The student's tutoring read is planned once per connection, not on every read (`unplanned` in
 * db/prepared.ts): after its first executions PostgreSQL runs the statement's generic plan. Planning
 * it cost PostgreSQL more CPU than running it (docs/performance.md, "Server"). And every answer reads
 * its questions through a named statement, and the question ids, locked or not, through two.
 * PostgreSQL only (pg_prepared_statements: PGlite ignores a statement's name, and the QueryCounter is
 * given only its text); one pooled connection, so every read runs on the session looked at.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('plans.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)');

let t: TestApp;
let teacher: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 1 });
  teacher = await t.createUser({ roles: ['TEACHER'] });
  student = await t.createUser({ roles: ['STUDENT'], username: 'planned' });
  for (let i = 0; i < 7; i++) {
    await createQuestion(t, teacher, { students: ['planned'], title: `Q${i}`, targetDate: dueIn(t, 24 + i) });
  }
});
afterAll(() => t.close());

async function plans(prefix: string): Promise<{ generic: number; custom: number }> {
  const rows = (await t.database.db.execute(
    sql`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE ${`${prefix}%`}`,
  )) as unknown as { rows: { name: string; generic_plans: string; custom_plans: string }[] };
  expect(rows.rows, `statements named ${prefix}*`).toHaveLength(1);
  const [row] = rows.rows;
  return { generic: Number(row!.generic_plans), custom: Number(row!.custom_plans) };
}

describe('GET questions/student/{name} on PostgreSQL', () => {
  it.each([
    ['every pending question', 'pending_json:all:', () => ''],
    ['those due on one day', 'pending_json:day:', () => `&date=${dueIn(t, 24).slice(0, 10)}`],
  ])('%s: planned for its first executions only, then its generic plan', async (_, prefix, filterOf) => {
    const filter = filterOf();
    for (let page = 0; page < 8; page++) {
      const response = await call(
        t,
        student,
        'GET',
        `/api/v1/questions/student/planned?page=${page % 2}&size=5${filter}`,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const { generic, custom } = await plans(prefix);
    expect(custom).toBeLessThanOrEqual(5);
    expect(generic).toBeGreaterThanOrEqual(3);
  });
});

/** How often the connection ran its statement named `name` (custom and generic plans), or null without one. */
async function executions(name: string): Promise<number | null> {
  const rows = (await t.database.db.execute(
    sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ${name}`,
  )) as unknown as { rows: { generic_plans: string; custom_plans: string }[] };
  const [row] = rows.rows;
  return row ? Number(row.generic_plans) + Number(row.custom_plans) : null;
}

describe('POST submissions/multiples on PostgreSQL', () => {
  // `loadQuestions` reads the answered questions with their options through one named statement,
  // parsed once per connection; unnamed (`''`), node-postgres would have it parsed on every answer
  // and pg_prepared_statements would not list it.
  it('reads the answered questions through the named statement questions_with_details', async () => {
    const ids = [
      await createQuestion(t, teacher, { students: ['planned'], title: 'Answered 1' }),
      await createQuestion(t, teacher, { students: ['planned'], title: 'Answered 2' }),
    ];
    const before = (await executions('questions_with_details')) ?? 0;
    for (const [n, questionId] of ids.entries()) {
      const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
        { questionId, studentAnswer: '01', studentName: 'planned' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(await executions('questions_with_details')).toBe(before + n + 1);
    }
  });

  // The submit's statements are named and every value goes through `unplanned`: the questions' read,
  // with its ids as a plain parameter, was planned for their values on every answer (a plan for one
  // id looks cheaper than the generic one), and the consume-and-store statement, unnamed, was parsed
  // and planned on every answer (planning it cost more than running it).
  it('plans each of its statements for its first executions only, then runs their generic plans', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(await createQuestion(t, teacher, { students: ['planned'], title: `Planned answer ${i}` }));
    for (const [i, questionId] of ids.entries()) {
      const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
        { questionId, studentAnswer: i % 2 ? '01' : '12', studentName: 'planned' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const name of ['lock_answer_rows', 'questions_with_details', 'answer_pending']) {
      const { generic, custom } = await plans(name);
      expect(custom, name).toBeLessThanOrEqual(5);
      expect(generic, name).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the question ids, read with and without their lock, on PostgreSQL', () => {
  // `existingQuestionIds` builds its SQL once per process under the statement's name: one name for
  // both variants would give link topics and modify, after a first unlocked read (POST assignments),
  // the text without `FOR NO KEY UPDATE`, and answers would no longer wait for them.
  it('reads them through two named statements, the locked one FOR NO KEY UPDATE', async () => {
    const questionId = await createQuestion(t, teacher, { students: ['planned'], title: 'Ids read' });
    const assigned = await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [questionId],
      names: ['planned'],
      targetDate: dueIn(t, 96),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const linked = await call(t, teacher, 'PATCH', '/api/v1/questions/topics', {
      questionIds: [questionId],
      topics: ['ids read'],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const rows = (await t.database.db.execute(
      sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'question_ids%'`,
    )) as unknown as { rows: { statement: string }[] };
    const locks = rows.rows.map((r) => /\bFOR NO KEY UPDATE\s*$/i.test(r.statement)).sort();
    expect(locks, 'statements named question_ids*: locked or not').toEqual([false, true]);
  });
});

describe('GET week/{name} on PostgreSQL', () => {
  // Both statements of a week are named and every value goes through `unplanned`: unnamed, they
  // were parsed and planned on every view of a week, which cost PostgreSQL more than running them.
  it('plans its two statements for their first executions only, then runs their generic plans', async () => {
    const days = ['2026-01-05', '2026-03-02', '2026-06-10', '2026-09-14', '2026-11-30', '2027-02-01'];
    for (const [i, day] of [...days, ...days].entries()) {
      const response = await call(t, teacher, 'GET', `/api/v1/week/planned?start=${day}`);
      expect(response.statusCode, `${i}: ${response.body}`).toBe(200);
    }
    for (const name of ['week_items', 'week_drill_and_tomorrow']) {
      const { generic, custom } = await plans(name);
      expect(custom, name).toBeLessThanOrEqual(5);
      expect(generic, name).toBeGreaterThanOrEqual(3);
    }
  });
});
