import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { assignEveryone, pendingAssignments, upsertAssignments } from './queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Statements the database ran during `run`. */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const before = t.database.queries.count;
  await run();
  return t.database.queries.count - before;
}

// Batch writes are called with whatever a request left after its checks; an empty side must neither
// reach the database (drizzle refuses an empty VALUES, and a round trip for nothing is waste) nor throw.
describe('assignment batch queries with nothing to do', () => {
  const db = () => t.database.db;

  it('pendingAssignments answers [] without a statement when either list is empty', async () => {
    for (const [students, questions] of [
      [[], [1]],
      [[1], []],
      [[], []],
    ] as const) {
      let rows: unknown;
      expect(
        await statementsOf(async () => {
          rows = await pendingAssignments(db(), students, questions);
        }),
      ).toBe(0);
      expect(rows).toEqual([]);
    }
  });

  it('assignEveryone and upsertAssignments do nothing for empty input', async () => {
    const due = { at: t.clock.now(), day: '2026-03-12' };
    expect(await statementsOf(() => assignEveryone(db(), [], [1], due))).toBe(0);
    expect(await statementsOf(() => assignEveryone(db(), [1], [], due))).toBe(0);
    expect(await statementsOf(() => upsertAssignments(db(), []))).toBe(0);
  });
});
