import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/** Lists are served by a fixed number of SQL statements, however many rows they hold (no query per row). */
let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

async function statementsFor(as: TestUser, url: string): Promise<number> {
  const before = t.database.queries.count;
  const response = await call(t, as, 'GET', url);
  expect(response.statusCode, url).toBe(200);
  return t.database.queries.count - before;
}

async function studentWith(questions: number): Promise<TestUser> {
  const student = await t.createUser({ roles: ['STUDENT'] });
  const name = student.user.username;
  const ids: number[] = [];
  for (let i = 0; i < questions; i++)
    ids.push(await createQuestion(t, teacher, { type: i % 2 ? 'm' : 's', students: [name] }));
  // Answer half of them so every list has rows.
  const half = ids.slice(0, Math.ceil(questions / 2));
  await call(
    t,
    student,
    'POST',
    '/api/v1/submissions/multiples',
    half.map((id, i) => ({ questionId: id, studentAnswer: i % 2 ? '12' : 'text', studentName: name })),
  );
  return student;
}

describe('SQL statements per request', () => {
  it('stay the same with 4 and with 40 rows', async () => {
    const small = await studentWith(4);
    const large = await studentWith(40);
    const urls = (name: string) => [
      `/api/v1/questions/student/${name}?size=100`,
      `/api/v1/submissions/${name}?size=100`,
      `/api/v1/submissions/review/${name}?size=100`,
      `/api/v1/submissions/mark/${name}?size=100`,
      `/api/v1/submissions/day_counts?name=${name}`,
      `/api/v1/assignments/ids/${name}`,
    ];
    const smallUrls = urls(small.user.username);
    const largeUrls = urls(large.user.username);
    for (let i = 0; i < smallUrls.length; i++) {
      const few = await statementsFor(teacher, smallUrls[i]!);
      const many = await statementsFor(teacher, largeUrls[i]!);
      expect(many, largeUrls[i]).toBe(few);
      expect(many, largeUrls[i]).toBeLessThanOrEqual(8);
    }
  });
});
