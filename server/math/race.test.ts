import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MathIssued } from '../../common/contracts/math.ts';
import { parseMathQuestion } from '../../common/math.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { overSocket } from '../test/sockets.ts';
import { recountDays, storedDays } from './queries.ts';

/**
 * The daily cap under racing answers, through real sockets. On PostgreSQL (`npm run test:pg`) the
 * requests really overlap under READ COMMITTED; a check-then-insert would store more than 100.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
});
afterAll(() => t.close());

async function send(as: TestUser, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return overSocket(base, 'POST', `/api/v1/${path}`, { cookie: as.cookie, body: body ?? {} });
}

describe('the 100-a-day cap under racing answers', () => {
  it('leaves exactly 100 when 50 answers race at 90', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    for (let i = 0; i < 90; i++) {
      const answer = await send(student, 'simple_math', { name, question: '100 + 100', answer: 200 });
      expect(answer.status).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(student, 'simple_math', { name, question: '300 + 400', answer: i % 2 ? 700 : -1 }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const [day] = await storedDays(t.database.db, student.user.id);
    expect(day!.correct + day!.wrong).toBe(100);
    expect(await recountDays(t.database.db, student.user.id)).toEqual([day]);
    const ids = answers.filter((a) => a.status === 200).map((a) => a.body);
    expect(new Set(ids).size).toBe(10);
  });

  it('counts one issued question once when its answer is sent 20 times at once', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const issued = (await send(student, `simple_math/next?name=${name}`)).body as MathIssued;
    const operands = parseMathQuestion(issued.question) as { a: number; b: number };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(student, 'simple_math', { name, questionId: issued.id, answer: operands.a + operands.b }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([issued.id]));
    expect(await storedDays(t.database.db, student.user.id)).toEqual([
      { date: '2026-03-10', correct: 1, wrong: 0 },
    ]);
  });

  it('issues one open question when 20 requests for the next one race', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const issued = await Promise.all(
      Array.from({ length: 20 }, () => send(student, `simple_math/next?name=${name}`)),
    );
    expect(issued.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(issued.map((a) => (a.body as MathIssued).id)).size).toBe(1);
  });
});
