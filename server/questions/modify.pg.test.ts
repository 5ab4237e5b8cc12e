import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type { QuestionOnly } from '../../common/contracts/tutoring.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { atOnce, noServerError, overSocket } from '../test/sockets.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * Modifies of one question's options sent at once, through real sockets on PostgreSQL: each plans
 * its options by position from the rows it read, so the question's row lock (`loadQuestions(…,
 * 'no key update')` in modify.ts) must hold the next modify back until the first commits. Without
 * it two modifies planned from the same old options add the same positions (the unique index
 * answers 500) or leave another's options behind. PostgreSQL only: PGlite runs one transaction at
 * a time.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('modify.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)');

let t: TestApp;
let teacher: TestUser;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  base = await t.listen();
});
afterAll(() => t.close());

describe('modifies of one question at once (PostgreSQL)', () => {
  it("leave exactly one modify's options, in order, and answer no 5xx", async () => {
    for (let round = 0; round < 6; round++) {
      const id = await createQuestion(t, teacher, { candidates: ['a', 'b', 'c'], answer: 'a' });
      const lists = Array.from({ length: 8 }, (_, i) =>
        Array.from({ length: 2 + (i % 4) }, (_, k) => `r${round} m${i} o${k}`),
      );
      await atOnce(lists.length, async (i) =>
        noServerError(
          await overSocket(base, 'PATCH', '/api/v1/questions/multiples', {
            cookie: teacher.cookie,
            body: [{ id, candidates: lists[i], answer: lists[i]![0] }],
          }),
          `modify ${i} of round ${round}`,
        ),
      );
      const archive = (
        await call(t, teacher, 'GET', '/api/v1/questions?size=1000')
      ).json() as Page<QuestionOnly>;
      const question = archive.content.find((q) => q.id === id)!;
      const values = question.candidates.map((c) => c.value);
      expect(lists, `round ${round}: ${JSON.stringify(values)}`).toContainEqual(values);
      expect(question.answer).toBe(values[0]);
    }
  });
});
