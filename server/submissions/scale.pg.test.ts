import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildCalendar, recountCalendar, storedCalendar } from '../calendars/queries.ts';
import { type Database, rowsOf } from '../db/open.ts';
import { markAnswers } from '../marking/service.ts';
import { reviewCounts } from '../review/queries.ts';
import { rebuildTopicStats, recountTopicStats, storedTopicStats } from '../stats/queries.ts';
import { type PlanDatabase, type PlanNode, planDatabase, rowsRead } from '../test/plans.ts';
import { reviewAnswers, submissionsOf } from './service.ts';

/**
 * A student's pages and a teacher's marks on a school big enough for the planner to choose as it
 * would in a real one (200 students with 1,000 answers each, spread over the table as a year of
 * answers is): the results page reads its rows in order from an index, the summary and the review
 * list read the student's answers from the index alone, and a mark reads only the answers it changes and their days, never the student's history.
 */
const on = (nodes: PlanNode[], relation: string) => nodes.filter((n) => n['Relation Name'] === relation);

const STUDENTS = 200;
const ANSWERS = 1000;
const QUESTIONS = 4000;
const timeZone = 'Asia/Seoul';
const now = new Date();
const today = now.toISOString().slice(0, 10);
const student = 7;

let plan: PlanDatabase;
let database: Database;
beforeAll(async () => {
  plan = await planDatabase('tf_student_plan');
  database = plan.database;
  const db = database.db;
  await db.execute(sql`INSERT INTO users (email, username, roles)
    SELECT 's' || i || '@example.com', 's' || i, ARRAY['STUDENT'] FROM generate_series(1, ${STUDENTS}) i`);
  await db.execute(sql`INSERT INTO topics (title) SELECT 'topic ' || i FROM generate_series(1, 40) i`);
  await db.execute(sql`INSERT INTO questions (title, question, type, answer, explanation, generated_date)
    SELECT 'question ' || i, repeat('What does it print? ', 20), 's', 'a model answer', repeat('Because. ', 40),
      now() - i * interval '2 hours'
    FROM generate_series(1, ${QUESTIONS}) i`);
  await db.execute(sql`INSERT INTO question_topics (question_id, topic_id)
    SELECT i, 1 + i % 40 FROM generate_series(1, ${QUESTIONS}) i`);
  // Answer k of every student, then answer k + 1 of every student: each student's answers lie on as
  // many pages as they have answers, as a year of evenings leaves them. A tenth are redos (of the
  // answer before); a third of each mark.
  await db.execute(sql`INSERT INTO submissions
      (question_id, student_id, student_answer, submit_date, target_date, due_day, marked, auto_marked, redo, question_generated_date)
    SELECT 1 + (s * 37 + (k - (k % 10 = 9)::int) * 4) % ${QUESTIONS}, s, 'answer ' || k,
      now() - (${ANSWERS} - k) * interval '8 hours', now() - (${ANSWERS} - k) * interval '8 hours',
      (now() - (${ANSWERS} - k) * interval '8 hours')::date, (k % 3) - 1, false, k % 10 = 9,
      (SELECT generated_date FROM questions WHERE id = 1 + (s * 37 + (k - (k % 10 = 9)::int) * 4) % ${QUESTIONS})
    FROM generate_series(0, ${ANSWERS - 1}) k, generate_series(1, ${STUDENTS}) s ORDER BY k, s`);
  await db.execute(sql`INSERT INTO assignments (question_id, student_id, target_date, due_day)
    SELECT 1 + (s * 37 + j * 4 + 2) % ${QUESTIONS}, s, now() + interval '1 day', (now() + interval '1 day')::date
    FROM generate_series(0, 19) j, generate_series(1, ${STUDENTS}) s`);
  for (let s = 1; s <= 5; s++) {
    await rebuildCalendar(db, s);
    await rebuildTopicStats(db, s);
  }
  // What the generator and autovacuum leave: statistics, and pages marked all-visible.
  await plan.run('VACUUM ANALYZE');
}, 120_000);
afterAll(() => plan?.drop());

/** The statements `run` sends, each with its plan as run (writes rolled back). */
async function plansOf(run: () => Promise<unknown>): Promise<{ query: string; nodes: PlanNode[] }[]> {
  database.queries.log = [];
  await run();
  const log = database.queries.log;
  database.queries.log = null;
  const plans: { query: string; nodes: PlanNode[] }[] = [];
  for (const { query, params } of log) {
    if (!/^\s*(select|with|update|insert|delete)/i.test(query)) continue;
    plans.push({ query, nodes: await plan.explain({ query, params }) });
  }
  return plans;
}

const page = { page: 0, size: 5, sort: [] };

describe("a student's pages with 1,000 answers among 200,000", () => {
  it('the submissions page reads its rows in order; the summary reads the answers from the index alone', async () => {
    // Two statements at once, told apart by what they read: the summary (with the marks of every
    // answer, a character each) and the page, which counts nothing (the summary gives its total).
    const plans = await plansOf(() => submissionsOf(database.db, student, null, page, timeZone));
    expect(plans).toHaveLength(2);
    const summary = plans.find((p) => /string_agg/.test(p.query));
    const listed = plans.find((p) => p !== summary);
    expect(listed!.query).not.toMatch(/count\(/i);
    // The page: its five rows from the (student, question's date) index and their five questions.
    const rows = on(listed!.nodes, 'submissions').filter((n) => n['Node Type'] !== 'Index Only Scan');
    expect(rows.map((n) => n['Index Name'])).toEqual(['submissions_student_newest_idx']);
    expect(rowsRead(rows, 'submissions')).toBe(5);
    expect(rowsRead(listed!.nodes, 'questions')).toBeLessThanOrEqual(5);
    const read = on(summary!.nodes, 'submissions');
    expect(read.map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
    expect(rowsRead(read, 'submissions')).toBe(ANSWERS);
    // The default order is the answers' copy of their question's date: no question is read.
    expect(on(summary!.nodes, 'questions')).toEqual([]);
  });

  it('the review list reads the answers from the index alone and its page by id, no question but its own', async () => {
    const result = await reviewAnswers(database.db, student, page, { now, timeZone });
    expect(result.content).toHaveLength(5);
    const counts = await reviewCounts(database.db, student, today, timeZone);
    expect(result.totalElements).toBe(counts.due + counts.later);
    const [listed, rows] = await plansOf(() => reviewAnswers(database.db, student, page, { now, timeZone }));
    const scanned = on(listed!.nodes, 'submissions');
    expect(scanned.map((n) => n['Node Type'])).toEqual(['Index Only Scan', 'Index Only Scan']);
    // Ordered by the answers' copy of their question's date: no question is read for the page's ids.
    expect(on(listed!.nodes, 'questions')).toEqual([]);
    expect(rowsRead(rows!.nodes, 'submissions')).toBe(5);
    expect(rowsRead(rows!.nodes, 'questions')).toBe(5);
  });

  it('the review counts read the answers from the index alone and the pending questions once', async () => {
    const [counted] = await plansOf(() => reviewCounts(database.db, student, today, timeZone));
    expect(on(counted!.nodes, 'submissions').map((n) => n['Node Type'])).toEqual([
      'Index Only Scan',
      'Index Only Scan',
    ]);
    const pending = on(counted!.nodes, 'assignments');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.map((n) => n['Actual Loops'])).toEqual(pending.map(() => 1));
  });
});

describe('a teacher marking answers of students with 1,000 answers each', () => {
  it('reads only the marked answers and their days, and keeps the statistics equal to a recount', async () => {
    const rows = rowsOf<{ id: number }>(
      await database.db.execute(sql`SELECT DISTINCT ON (student_id) id FROM submissions
       WHERE student_id <= 5 AND NOT redo AND marked = 1 ORDER BY student_id, id DESC`),
    );
    const marks = Object.fromEntries(rows.map((r) => [r.id, -1 as const]));
    const statements = await plansOf(() => markAnswers(database.db, marks, timeZone));
    for (let s = 1; s <= 5; s++) {
      expect(await storedTopicStats(database.db, s)).toEqual(await recountTopicStats(database.db, s));
      expect((await storedCalendar(database.db, s)).map(({ studentId, name, ...day }) => day)).toEqual(
        await recountCalendar(database.db, s),
      );
    }
    const read = statements.flatMap((s) => on(s.nodes, 'submissions'));
    expect(read.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    // The five answers (read, updated, answered back) and their five days' few answers; a recount
    // of the statistics read 5,000.
    expect(rowsRead(read, 'submissions'), JSON.stringify(read)).toBeLessThan(100);
  });
});
