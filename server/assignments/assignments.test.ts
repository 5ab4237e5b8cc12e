import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';

let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

describe('POST /api/v1/assignments', () => {
  it('answers how many (question, student) pairs it made pending, counting a repeated id once', async () => {
    const first = await t.createUser({ roles: ['STUDENT'] });
    const second = await t.createUser({ roles: ['STUDENT'] });
    const q1 = await createQuestion(t, teacher);
    const q2 = await createQuestion(t, teacher);
    const response = await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [q2, q1, q2],
      // Names are trimmed and matched without case, as everywhere.
      names: [` ${first.user.username.toUpperCase()} `, second.user.username],
      targetDate: dueIn(t, 30),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(4);
    for (const student of [first, second]) {
      const name = student.user.username;
      expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(2);
      // Same due date: ordered by id.
      expect((await call(t, student, 'GET', `/api/v1/assignments/ids/${name}`)).json()).toEqual([q1, q2]);
    }
  });

  it('names every unknown student and every missing question in its 400', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const q = await createQuestion(t, teacher);
    const name = student.user.username;
    for (const [body, message] of [
      [
        { questionIds: [q], names: ['ghost', name, 'Nobody'], targetDate: dueIn(t, 5) },
        'names: unknown students "ghost", "nobody"',
      ],
      [
        { questionIds: [987654, q, 987655], names: [name], targetDate: dueIn(t, 5) },
        'questionIds: no question with id 987654, 987655',
      ],
      [
        { questionIds: [q], names: [name], targetDate: 'next week' },
        'targetDate: must be a date-time such as 2026-11-30T18:00',
      ],
      [{ questionIds: [q], names: [name], targetDate: dueIn(t, -2) }, 'targetDate: must not be in the past'],
      [
        { questionIds: [q], names: [name], targetDate: dueIn(t, 15 * 24) },
        'targetDate: must be at most 14 days ahead',
      ],
    ] as const) {
      const response = await call(t, teacher, 'POST', '/api/v1/assignments', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // Nothing was assigned by the refused requests.
    expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(0);
  });

  it("moving a pending question's due date empties the day it left in the calendar", async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const from = dueIn(t, 30);
    const to = dueIn(t, 80);
    const q = await createQuestion(t, teacher, { students: [name], targetDate: from });
    const calendar = async (due: string) => {
      const [year, month] = due.split('-');
      const items = (
        await call(t, student, 'GET', `/api/v1/calendars/${name}/${year}/${Number(month)}`)
      ).json();
      return (items as { year: number; month: number; day: number; unsolved: number }[]).map(
        (i) =>
          `${i.year}-${String(i.month).padStart(2, '0')}-${String(i.day).padStart(2, '0')} ${i.unsolved}`,
      );
    };
    expect(await calendar(from)).toContain(`${from.slice(0, 10)} 1`);
    const moved = await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [q],
      names: [name],
      targetDate: to,
    });
    expect(moved.json()).toBe(1);
    const days = [...new Set([...(await calendar(from)), ...(await calendar(to))])];
    expect(days).toEqual([`${to.slice(0, 10)} 1`]);
  });
});

describe('GET /api/v1/assignments/latest/{name}', () => {
  it('answers the day as JSON text, and null as JSON when nothing is pending', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const none = await call(t, student, 'GET', `/api/v1/assignments/latest/${name}`);
    expect(none.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(none.body).toBe('null');
    const due = dueIn(t, 40);
    await createQuestion(t, teacher, { students: [name], targetDate: due });
    const latest = await call(t, student, 'GET', `/api/v1/assignments/latest/${name}`);
    expect(latest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(latest.body).toBe(JSON.stringify(due.slice(0, 10)));
  });
});
