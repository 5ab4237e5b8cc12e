import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '../../common/limits.ts';
import { apiMessages } from '../../common/messages.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';

/**
 * Bytes and numbers the database cannot hold are refused with a 400 before any handler sees them:
 * NUL characters anywhere in the request, ids past PostgreSQL's `integer`, calendar years outside
 * 1000–9999. Before these checks each of them was a 500 (PostgreSQL error 22021, 22003, 22008).
 */
let t: TestApp;
let teacher: TestUser;
let student: TestUser;
let questionId: number;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER', 'ADMIN'] });
  student = await t.createUser({ roles: ['STUDENT'] });
  questionId = await createQuestion(t, teacher, { students: [student.user.username] });
});
afterAll(() => t.close());

describe('NUL characters', () => {
  const nulAnswer = { status: 400, error: 'Bad Request', message: apiMessages.nulCharacter };

  it('are refused in an anonymous sign-in body, in its email and its password', async () => {
    for (const body of [
      { email: 'a\u0000@example.com', password: 'a long secret' },
      { email: student.email, password: 'a long\u0000secret' },
    ]) {
      const response = await call(t, null, 'POST', '/api/v1/users/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(nulAnswer);
    }
  });

  it('are refused in a path name, a query string, nested body strings and body keys', async () => {
    const name = encodeURIComponent(student.user.username);
    const requests: [string, string, unknown?][] = [
      ['GET', `/api/v1/users/${name}%00`],
      ['GET', `/api/v1/questions/student/${name}%00x`],
      ['GET', '/api/v1/questions/topics/search?title=a%00b'],
      ['GET', '/api/v1/questions?title=%00'],
      ['GET', `/api/v1/calendars/2026/03?students=${name}%00`],
      ['POST', '/api/v1/topics', { title: 'a\u0000b' }],
      [
        'POST',
        '/api/v1/submissions/multiples',
        [{ questionId, studentAnswer: '01\u0000', studentName: student.user.username }],
      ],
      ['PATCH', `/api/v1/drafts/${name}`, { changes: { [questionId]: { answer: 'x\u0000', version: 0 } } }],
      ['PUT', `/api/v1/submissions/mark/${name}`, { '1\u0000': 1 }],
      ['PATCH', '/api/v1/questions/topics', { questionIds: [questionId], topics: [['deep', ['x\u0000']]] }],
    ];
    for (const [method, url, body] of requests) {
      const response = await call(t, teacher, method, url, body);
      expect({ method, url, status: response.statusCode, body: response.json() }).toEqual({
        method,
        url,
        status: 400,
        body: nulAnswer,
      });
    }
  });

  it('are refused on sign-up too, whose refusals are the message as text (as the original client shows them)', async () => {
    const response = await call(t, null, 'POST', '/api/v1/users/signup', {
      email: 'n@example.com',
      username: 'nul\u0000',
      password: 'a long secret',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(apiMessages.nulCharacter);
  });

  it('are refused on pages outside the API too, while an escaped %2500 is ordinary text', async () => {
    const page = await t.request({ method: 'GET', url: '/tutoring/%00' });
    expect(page.statusCode).toBe(400);
    const escaped = await call(t, teacher, 'GET', '/api/v1/questions/topics/search?title=%2500');
    expect(escaped.statusCode).toBe(200);
  });

  it('in a body nested deeper than any stack still get a 400, not a stack overflow', async () => {
    const depth = 200_000;
    const payload = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('ids past the integer column range', () => {
  /** Each write route that takes ids, with a body naming `id`. */
  function writes(
    id: number,
  ): { method: string; url: (name: string) => string; body: unknown; field: string }[] {
    return [
      {
        method: 'POST',
        url: () => '/api/v1/assignments',
        body: { questionIds: [id], names: [student.user.username], targetDate: dueIn(t, 24) },
        field: 'questionIds.0',
      },
      {
        method: 'POST',
        url: () => '/api/v1/submissions/multiples',
        body: [{ questionId: id, studentAnswer: '01', studentName: student.user.username }],
        field: '0.questionId',
      },
      {
        method: 'POST',
        url: () => '/api/v1/submissions/multiples',
        body: [{ questionId, studentAnswer: '01', studentName: student.user.username, draftVersion: id }],
        field: '0.draftVersion',
      },
      {
        method: 'POST',
        url: (name) => `/api/v1/submissions/review/${name}`,
        body: [{ questionId: id, studentAnswer: '01' }],
        field: '0.questionId',
      },
      {
        method: 'PUT',
        url: (name) => `/api/v1/submissions/mark/${name}`,
        body: { [String(id)]: 1 },
        field: String(id),
      },
      {
        method: 'PATCH',
        url: (name) => `/api/v1/drafts/${name}`,
        body: { changes: { [String(id)]: { answer: 'x', version: 0 } } },
        field: `changes.${id}`,
      },
      {
        method: 'PATCH',
        url: (name) => `/api/v1/drafts/${name}`,
        body: { changes: { [String(questionId)]: { answer: 'x', version: id } } },
        field: `changes.${questionId}.version`,
      },
      {
        method: 'PATCH',
        url: () => '/api/v1/questions/multiples',
        body: [{ id, title: 'Renamed' }],
        field: '0.id',
      },
      {
        method: 'PATCH',
        url: () => '/api/v1/questions/topics',
        body: { questionIds: [id], topics: ['Loops'] },
        field: 'questionIds.0',
      },
    ];
  }

  it('are refused with a 400 naming the field on every write route that takes ids', async () => {
    for (const tooBig of [MAX_ID + 1, 9_999_999_999, 2 ** 53]) {
      for (const write of writes(tooBig)) {
        const url = write.url(encodeURIComponent(student.user.username));
        const response = await call(t, teacher, write.method, url, write.body);
        expect({ url, field: write.field, status: response.statusCode }).toEqual({
          url,
          field: write.field,
          status: 400,
        });
        expect(response.json().details.map((d: { path: string }) => d.path)).toContain(write.field);
      }
    }
  });

  it('accept the largest integer id as an id (it names nothing, but it is not malformed)', async () => {
    for (const write of writes(MAX_ID)) {
      const url = write.url(encodeURIComponent(student.user.username));
      const response = await call(t, teacher, write.method, url, write.body);
      expect(response.statusCode, `${write.method} ${url} ${response.body}`).toBeLessThan(500);
      const paths = (response.json()?.details ?? []).map((d: { path: string }) => d.path);
      expect(paths).not.toContain(write.field);
    }
  });
});

describe('calendar months', () => {
  it('are refused with a 400 for years outside 1000–9999, both for a student and a teacher', async () => {
    const name = encodeURIComponent(student.user.username);
    for (const year of ['0000', '0001', '0999']) {
      for (const url of [
        `/api/v1/calendars/${name}/${year}/01`,
        `/api/v1/calendars/${year}/01?students=${name}`,
      ]) {
        const response = await call(t, teacher, 'GET', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json().message).toBe('year: must be 1000 to 9999');
      }
    }
    for (const [year, month] of [
      ['1000', '01'],
      ['9999', '12'],
    ]) {
      const response = await call(t, teacher, 'GET', `/api/v1/calendars/${name}/${year}/${month}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });
});
