import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlanDatabase, planDatabase, rowsRead } from '../test/plans.ts';
import { inboxPage } from './queries.ts';

/**
 * The marking inbox on a school big enough for the planner to choose as it would in a real one
 * (20,000 questions, 60,000 answers of which 300 wait for a mark): a page groups the unmarked
 * answers from their partial index alone and reads only its own rows, questions and students, never every
 * question (a hash of them all cost more than the rest of the page).
 */
let plan: PlanDatabase;
beforeAll(async () => {
  plan = await planDatabase('tf_inbox_plan');
  await plan.run(`
    INSERT INTO users (email, username, roles)
      SELECT 'u' || i || '@plan.example', 'u' || lpad(i::text, 4, '0'),
        CASE WHEN i = 0 THEN ARRAY['TEACHER'] ELSE ARRAY['STUDENT'] END
      FROM generate_series(0, 300) i;
    INSERT INTO questions (title, question, type, answer, explanation, generated_date, created_by)
      SELECT 'Q' || i, 'What is ' || i || '?', 's', 'x', 'y', now(), (SELECT min(id) FROM users)
      FROM generate_series(1, 20000) i;
    INSERT INTO submissions (question_id, student_id, student_answer, submit_date, target_date, due_day, marked, auto_marked, question_generated_date)
      SELECT q.id, u.id, 'a', now() - (q.id || ' hours')::interval - (u.id || ' seconds')::interval, now(), current_date,
        CASE WHEN q.id > 19900 AND u.id % 100 = 0 THEN 0 ELSE 1 END, false, q.generated_date
      FROM (SELECT id, generated_date FROM questions ORDER BY id DESC LIMIT 200) q CROSS JOIN users u WHERE 'STUDENT' = ANY(u.roles);`);
  // What autovacuum leaves: statistics, and pages marked all-visible.
  await plan.run('VACUUM ANALYZE');
}, 120_000);
afterAll(() => plan?.drop());

describe('the marking inbox at scale', () => {
  it('pages the waiting answers, reading only the page rows of questions and students', async () => {
    const { db, queries } = plan.database;
    const first = await inboxPage(db, { studentId: null, day: null }, { page: 0, size: 20 });
    expect(first.total).toBe(300);
    expect(first.rows).toHaveLength(20);
    // Oldest group first: the question whose first answer waits longest, then its answers oldest first.
    const since = first.rows.map((r) => r.submission.submitDate.getTime());
    expect(first.rows[0]!.question.id).toBe(20000);
    expect(since).toEqual([...since].sort((a, b) => a - b));

    queries.log = [];
    await inboxPage(db, { studentId: null, day: null }, { page: 1, size: 20 });
    const statement = queries.log.find((s) => s.query.includes('OVER'));
    queries.log = null;
    const nodes = await plan.explain(statement!);
    const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
    expect(seqScans).not.toContain('questions');
    expect(seqScans).not.toContain('submissions');
    // The 300 waiting answers grouped from the partial index alone, then the page's 20 rows.
    const waiting = nodes.filter((n) => n['Index Name'] === 'submissions_unmarked_idx');
    expect(waiting.map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
    expect(rowsRead(waiting, 'submissions')).toBe(300);
    expect(rowsRead(nodes, 'submissions')).toBe(320);
    expect(rowsRead(nodes, 'questions')).toBeLessThanOrEqual(20);
    expect(rowsRead(nodes, 'users')).toBeLessThanOrEqual(20);
  });
});
