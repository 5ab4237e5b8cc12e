import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlanDatabase, planDatabase, rowsRead } from '../test/plans.ts';
import { questionsPage, type SearchField } from './search.ts';

/**
 * The archive search on an archive big enough for the planner to choose as it would in a real one
 * (20,000 questions with 60,000 choices): a text few questions hold is found through the fields'
 * trigram indexes (pg_trgm), for the page and for its count, never by reading every question and
 * testing its choices one question at a time.
 */
let plan: PlanDatabase;
const QUESTIONS = 20_000;
beforeAll(async () => {
  plan = await planDatabase('tf_search_plan');
  await plan.run(`
    INSERT INTO questions (title, question, type, hint, answer, explanation, generated_date)
      SELECT 'Class ' || (i % 10) || ' question ' || i, 'What does loop ' || i || ' print?&code:for (;;) {}', 'm',
        CASE WHEN i % 3 = 0 THEN 'Count the loop.' END, 'opt' || i || 'b', 'The loop runs ' || (i % 7) || ' times.',
        now() - (i || ' minutes')::interval
      FROM generate_series(1, ${QUESTIONS}) i;
    INSERT INTO candidates (question_id, position, value)
      SELECT q.id, p, 'opt' || q.id || chr(96 + p) FROM questions q CROSS JOIN generate_series(1, 3) p;
    UPDATE questions SET hint = 'Think of a zebra.' WHERE id = 7;
    UPDATE candidates SET value = 'zebra crossing' WHERE question_id = 11 AND position = 2;
    UPDATE questions SET title = 'Zebras and loops' WHERE id = 13;`);
  // As a settled archive is: rows written since the last vacuum wait in each GIN index's pending
  // list, which every search reads whole.
  await plan.run('VACUUM ANALYZE');
}, 120_000);
afterAll(() => plan?.drop());

async function searched(field: SearchField, text: string) {
  const { db, queries } = plan.database;
  queries.log = [];
  const page = await questionsPage(db, { field, text }, { page: 0, size: 20, sort: [] });
  const statements = queries.log;
  queries.log = null;
  return { page, statements };
}

describe('the archive search at scale', () => {
  it('finds a rare text in any field through the trigram indexes, for the page and its count', async () => {
    const { page, statements } = await searched('all', 'ZEBRA');
    expect(page.total).toBe(3);
    expect(page.rows.map((q) => q.id).sort((a, b) => a - b)).toEqual([7, 11, 13]);
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      const nodes = await plan.explain(statement);
      const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
      expect(seqScans).toEqual([]);
      const indexes = nodes.map((n) => n['Index Name']).filter(Boolean);
      // All fields are searched in one lowered copy of them (db/schema.ts, `search_text`).
      expect(indexes).toContain('questions_search_text_trgm_idx');
      expect(indexes).toContain('candidates_value_trgm_idx');
      expect(rowsRead(nodes, 'questions')).toBeLessThanOrEqual(10);
    }
  });

  it('searches one field through its own index', async () => {
    const { page, statements } = await searched('title', 'zebra');
    expect(page.rows.map((q) => q.id)).toEqual([13]);
    const nodes = await plan.explain(statements[0]!);
    expect(nodes.map((n) => n['Index Name']).filter(Boolean)).toEqual(['questions_title_trgm_idx']);
  });

  it('pages a text every question holds newest first, stopping at the page', async () => {
    const { page, statements } = await searched('all', 'loop');
    expect(page.total).toBe(QUESTIONS);
    expect(page.rows[0]!.id).toBe(1);
    const nodes = await plan.explain(statements[1]!);
    // The page, and the row after it that ends the last group of equal dates.
    expect(rowsRead(nodes, 'questions')).toBeLessThanOrEqual(21);
  });
});
