import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * Statements of the submissions routes in the cases server/statements.test.ts does not measure: a
 * later page, an empty list, a page past the end, marks of nothing. Counted as there, with the
 * session looked up (a teacher calling: the session, then the named student).
 */
let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

async function statementsOf(method: string, url: string, body?: unknown): Promise<number> {
  t.app.sessionCache.clear();
  const before = t.database.queries.count;
  const response = await call(t, teacher, method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return t.database.queries.count - before;
}

describe('statements of the submissions routes', () => {
  it('GET submissions/{name}: four statements on every page, past the end too: the summary gives the total', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createQuestion(t, teacher, { students: [name] }));
    const answered = await call(
      t,
      student,
      'POST',
      '/api/v1/submissions/multiples',
      ids.map((questionId) => ({ questionId, studentAnswer: '01', studentName: name })),
    );
    expect(answered.statusCode).toBe(200);
    const empty = (await t.createUser({ roles: ['STUDENT'] })).user.username;

    // The session, the named student, the page's rows, the summary (which counts the total).
    expect(await statementsOf('GET', `/api/v1/submissions/${name}?size=2`)).toBe(4);
    expect(await statementsOf('GET', `/api/v1/submissions/${name}?size=2&page=1`)).toBe(4);
    expect(await statementsOf('GET', `/api/v1/submissions/${empty}`)).toBe(4);
    expect(await statementsOf('GET', `/api/v1/submissions/${name}?size=2&page=2`)).toBe(4);
    for (const [query, content, totalElements] of [
      ['size=2', 2, 3],
      ['size=2&page=1', 1, 3],
      ['size=2&page=2', 0, 3],
    ] as const) {
      const page = (await call(t, student, 'GET', `/api/v1/submissions/${name}?${query}`)).json();
      expect([page.content.length, page.totalElements, page.totalPages]).toEqual([content, totalElements, 2]);
    }
  });

  it('PUT submissions/mark/{name} with no marks: nothing after the session and the named student', async () => {
    const name = (await t.createUser({ roles: ['STUDENT'] })).user.username;
    expect(await statementsOf('PUT', `/api/v1/submissions/mark/${name}`, {})).toBe(2);
  });
});
