import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../common/contracts/tutoring.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';

let t: TestApp;
let teacher: TestUser;
let first: TestUser;

const days = (items: CalendarItem[]) =>
  items.map((i) => `${i.student.name} ${i.year}-${i.month}-${i.day} ${i.unsolved}/${i.solved}/${i.toMark}`);

beforeAll(async () => {
  t = await startTestApp();
  // Christmas Eve in Seoul: due dates reach into the next year.
  t.clock.set('2026-12-24T10:00:00+09:00');
  teacher = await t.createUser({ roles: ['TEACHER'] });
  first = await t.createUser({ roles: ['STUDENT'], username: 'first' });
  await t.createUser({ roles: ['STUDENT'], username: 'second' });
  // Created out of day order; the last minute of the year and the first of the next.
  for (const [students, targetDate] of [
    [['first'], '2026-12-31T23:59'],
    [['first', 'second'], '2027-01-01T00:00'],
    [['first'], '2026-12-26T09:00'],
    [['second'], '2026-12-31T12:00'],
    [['first'], '2027-01-05T18:00'],
  ] as const) {
    await createQuestion(t, teacher, { students: [...students], targetDate });
  }
});
afterAll(() => t.close());

describe('calendar months', () => {
  it("a student's December ends on the 31st and January starts on the 1st, days in order", async () => {
    const december = (await call(t, first, 'GET', '/api/v1/calendars/first/2026/12')).json();
    expect(days(december)).toEqual(['first 2026-12-26 1/0/0', 'first 2026-12-31 1/0/0']);
    const january = (await call(t, first, 'GET', '/api/v1/calendars/first/2027/1')).json();
    expect(days(january)).toEqual(['first 2027-1-1 1/0/0', 'first 2027-1-5 1/0/0']);
    expect((await call(t, first, 'GET', '/api/v1/calendars/first/2026/11')).json()).toEqual([]);
  });

  it('teacher mode lists students in the order asked, each in day order, from either query form', async () => {
    for (const query of ['students=second,first', 'students=second&students=first']) {
      const december = (await call(t, teacher, 'GET', `/api/v1/calendars/2026/12?${query}`)).json();
      expect(days(december), query).toEqual([
        'second 2026-12-31 1/0/0',
        'first 2026-12-26 1/0/0',
        'first 2026-12-31 1/0/0',
      ]);
    }
    const january = (
      await call(t, teacher, 'GET', '/api/v1/calendars/2027/01?students=FIRST, second')
    ).json();
    expect(days(january)).toEqual(['first 2027-1-1 1/0/0', 'first 2027-1-5 1/0/0', 'second 2027-1-1 1/0/0']);
    expect((await call(t, teacher, 'GET', '/api/v1/calendars/2026/12?students=ghost')).json()).toEqual([]);
  });

  it('takes up to 500 students in teacher mode and refuses none or more', async () => {
    const missing = await call(t, teacher, 'GET', '/api/v1/calendars/2026/12');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/students is required \(students=a,b\)/);
    const fiveHundred = Array.from({ length: 500 }, (_, i) => (i === 0 ? 'first' : `s${i}`)).join(',');
    const atCap = await call(t, teacher, 'GET', `/api/v1/calendars/2026/12?students=${fiveHundred}`);
    expect(atCap.statusCode).toBe(200);
    expect(atCap.json()).toHaveLength(2);
    const names = Array.from({ length: 501 }, (_, i) => `s${i}`).join(',');
    const tooMany = await call(t, teacher, 'GET', `/api/v1/calendars/2026/12?students=${names}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 500 students/);
    // In Korean when the request asks for it (Accept-Language), English otherwise.
    const korean = { 'accept-language': 'ko-KR,ko;q=0.9' };
    const missingKo = await t.request({
      method: 'GET',
      url: '/api/v1/calendars/2026/12',
      as: teacher,
      headers: korean,
    });
    expect(missingKo.json().details).toEqual([
      { path: 'students', message: 'students에 학생 이름을 넣어야 합니다 (students=a,b)' },
    ]);
    const tooManyKo = await t.request({
      method: 'GET',
      url: `/api/v1/calendars/2026/12?students=${names}`,
      as: teacher,
      headers: korean,
    });
    expect(tooManyKo.json().details).toEqual([{ path: 'students', message: '학생은 500명까지입니다' }]);
  });

  it('an admin rebuild answers the number of days and leaves an audit entry naming them', async () => {
    const admin = await t.createUser({ roles: ['ADMIN'] });
    const rebuilt = await call(t, admin, 'PATCH', '/api/v1/calendars/first');
    expect(rebuilt.json()).toBe(4);
    const [entry] = (await call(t, admin, 'GET', '/api/v1/audit')).json();
    expect(entry).toMatchObject({ action: 'calendar.reload', target: 'first', detail: '4 days' });
  });
});
