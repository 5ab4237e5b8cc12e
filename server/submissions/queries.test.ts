import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import {
  answerPending,
  autoMarkedSubmissions,
  insertSubmissions,
  latestSubmissions,
  setMarks,
  studentsWhoAnswered,
  submissionsByIds,
  submissionsWithQuestions,
} from './queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Statements the database ran during `run`, and what it answered. */
async function run<T>(query: () => Promise<T>): Promise<{ statements: number; result: T }> {
  const before = t.database.queries.count;
  const result = await query();
  return { statements: t.database.queries.count - before, result };
}

// Batch queries are called with whatever a request left after its checks; an empty list must neither
// reach the database (drizzle refuses an empty VALUES, and a round trip for nothing is waste) nor
// answer anything.
describe('submission batch queries with nothing to do', () => {
  const db = () => t.database.db;

  it('answer nothing without a statement for an empty list', async () => {
    const now = t.clock.now();
    const queries: [string, () => Promise<unknown>][] = [
      ['insertSubmissions', () => insertSubmissions(db(), [])],
      ['submissionsWithQuestions', () => submissionsWithQuestions(db(), [])],
      ['submissionsByIds', () => submissionsByIds(db(), [])],
      ['studentsWhoAnswered', () => studentsWhoAnswered(db(), [])],
      ['autoMarkedSubmissions', () => autoMarkedSubmissions(db(), [])],
    ];
    for (const [name, query] of queries) {
      expect(await run(query), name).toEqual({ statements: 0, result: [] });
    }
    expect(await run(() => answerPending(db(), [], now))).toEqual({
      statements: 0,
      result: { stored: [], daysCounted: 0 },
    });
    expect(await run(() => latestSubmissions(db(), 1, []))).toEqual({ statements: 0, result: new Map() });
    expect(await run(() => setMarks(db(), new Map(), false))).toEqual({ statements: 0, result: undefined });
  });
});
