import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MathDayCount, MathIssued } from '../../common/contracts/math.ts';
import type { Page } from '../../common/contracts/paging.ts';
import { mathTexts as ko } from '../../common/i18n/ko/mathTexts.ts';
import { parseMathQuestion } from '../../common/math.ts';
import { mathTexts } from '../../common/mathTexts.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { type Cast, createCast } from '../test/personas.ts';
import { call } from '../test/tutoring.ts';
import { recountDays, storedDays } from './queries.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

const post = (as: TestUser, body: unknown) => call(t, as, 'POST', '/api/v1/simple_math', body);
const next = (as: TestUser, name: string) =>
  call(t, as, 'POST', `/api/v1/simple_math/next?name=${encodeURIComponent(name)}`);
const read = async (as: TestUser, path: string, query: string) => {
  const response = await call(t, as, 'GET', `/api/v1/simple_math/${path}?${query}`);
  expect(response.statusCode, `${path}?${query}: ${response.body}`).toBe(200);
  return response.json() as unknown;
};
const submitDate = '2026-03-10T10:00:00';

async function expectCountsRecounted(student: TestUser): Promise<void> {
  expect(await storedDays(t.database.db, student.user.id)).toEqual(
    await recountDays(t.database.db, student.user.id),
  );
}

describe('POST simple_math (the original client)', () => {
  it('marks on the server: a wrong sum is wrong whatever the client claims, −1 is a timeout', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    // The original server counted every answer but "-1" as right; a client can also claim so.
    const wrong = await post(student, {
      name,
      question: '100 + 200',
      answer: '301',
      submitDate,
      correct: true,
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(typeof wrong.json()).toBe('number');
    expect((await post(student, { name, question: '123 + 456', answer: '579', submitDate })).statusCode).toBe(
      200,
    );
    expect((await post(student, { name, question: '998 + 99', answer: -1, submitDate })).statusCode).toBe(
      200,
    );
    expect(await read(student, 'count', `name=${name}`)).toBe(3);
    expect(await read(student, 'count/right', `name=${name}`)).toBe(1);
    expect(await read(student, 'count/wrong', `name=${name}`)).toBe(2);
    expect(await read(student, 'day_count', `name=${name}&submitDate=2026-03-10`)).toBe(3);
    expect(await read(student, 'day_count/wrong', `name=${name}&submitDate=2026-03-10`)).toBe(2);
    expect(await read(student, 'day_count/right', `name=${name}&submitDate=2026-03-10`)).toBe(1);
    await expectCountsRecounted(student);
  });

  it('stamps its own time: the client’s submitDate does not choose the day', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    await post(student, { name, question: '100 + 100', answer: 200, submitDate: '2020-01-01T10:00:00' });
    expect(await read(student, 'day_count', `name=${name}&submitDate=2020-01-01`)).toBe(0);
    expect(await read(student, 'day_count', `name=${name}`)).toBe(1);
    expect(await read(student, 'day_counts/latest', `name=${name}`)).toEqual({
      name,
      date: '2026-03-10',
      correctCounts: 1,
      wrongCounts: 0,
    });
  });

  it('refuses malformed questions, operands out of range and answers that are not numbers (400)', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const bad: [unknown, string][] = [
      [{ name, question: '100+', answer: '1' }, 'question'],
      [{ name, question: 'a + b', answer: '1' }, 'question'],
      [{ name, question: '100 - 200', answer: '1' }, 'question'],
      [{ name, question: '100 + 200 + 300', answer: '1' }, 'question'],
      [{ name, question: '100.5 + 200', answer: '1' }, 'question'],
      [{ name, question: '', answer: '1' }, 'question'],
      [{ name, question: 12, answer: '1' }, 'question'],
      [{ name, answer: '1' }, 'question'],
      [{ name, question: '98 + 200', answer: '298' }, 'question'],
      [{ name, question: '100 + 999', answer: '1099' }, 'question'],
      [{ name, question: '0 + 0', answer: '0' }, 'question'],
      [{ name, question: '100 + 200', answer: 'three hundred' }, 'answer'],
      [{ name, question: '100 + 200', answer: '' }, 'answer'],
      [{ name, question: '100 + 200', answer: -2 }, 'answer'],
      [{ name, question: '100 + 200', answer: 12345 }, 'answer'],
      [{ name, question: '100 + 200', answer: 1.5 }, 'answer'],
      [{ name, question: '100 + 200' }, 'answer'],
      [{ question: '100 + 200', answer: '300' }, 'name'],
    ];
    for (const [body, field] of bad) {
      const response = await post(student, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { message: string }).message, JSON.stringify(body)).toMatch(
        new RegExp(`^${field}:`),
      );
    }
    expect((await post(student, { name, question: '99 + 998', answer: '1097' })).statusCode).toBe(200);
    expect(await read(student, 'count', `name=${name}`)).toBe(1);
  });

  it('refuses the 101st answer of the day with a 409, and counts again the next day', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    t.clock.set('2026-03-12T23:00:00+09:00');
    for (let i = 0; i < 100; i++) {
      const response = await post(student, { name, question: '100 + 100', answer: i % 4 === 0 ? -1 : 200 });
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await post(student, { name, question: '100 + 100', answer: 200 });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toMatch(/100 questions/);
    expect((await next(student, name)).statusCode).toBe(409);
    expect(await read(student, 'day_count', `name=${name}&submitDate=2026-03-12`)).toBe(100);
    expect(await read(student, 'day_count/wrong', `name=${name}&submitDate=2026-03-12`)).toBe(25);
    t.clock.set('2026-03-13T00:00:01+09:00');
    expect((await post(student, { name, question: '100 + 100', answer: 200 })).statusCode).toBe(200);
    expect(await read(student, 'day_count', `name=${name}`)).toBe(1);
    await expectCountsRecounted(student);
    t.clock.set('2026-03-10T10:00:00+09:00');
  });
});

describe('the day in APP_TIME_ZONE', () => {
  it('puts 23:59:59 and 00:00:00 in Seoul on two days (15:00 UTC is the line)', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    t.clock.set('2026-03-11T23:59:59+09:00');
    await post(student, { name, question: '100 + 100', answer: 200 });
    t.clock.set('2026-03-11T15:00:00Z'); // midnight in Seoul
    await post(student, { name, question: '100 + 100', answer: 1 });
    expect(await read(student, 'day_count', `name=${name}&submitDate=2026-03-11`)).toBe(1);
    expect(await read(student, 'day_count', `name=${name}&submitDate=2026-03-12`)).toBe(1);
    // Without submitDate: today in Seoul, which is already the 12th.
    expect(await read(student, 'day_count/wrong', `name=${name}`)).toBe(1);
    const page = (await read(student, 'day_counts/page', `name=${name}`)) as Page<MathDayCount>;
    expect(page.content.map((d) => [d.date, d.correctCounts, d.wrongCounts])).toEqual([
      ['2026-03-12', 0, 1],
      ['2026-03-11', 1, 0],
    ]);
    t.clock.set('2026-03-10T10:00:00+09:00');
  });

  it('follows another APP_TIME_ZONE', async () => {
    const other = await startTestApp({ env: { APP_TIME_ZONE: 'America/New_York' } });
    try {
      const student = await other.createUser();
      const name = student.user.username;
      // 2026-03-11 03:30 UTC is still the 10th in New York (and already the 11th in Seoul).
      other.clock.set('2026-03-11T03:30:00Z');
      const response = await call(other, student, 'POST', '/api/v1/simple_math', {
        name,
        question: '100 + 100',
        answer: 200,
      });
      expect(response.statusCode).toBe(200);
      const latest = await call(other, student, 'GET', `/api/v1/simple_math/day_counts/latest?name=${name}`);
      expect((latest.json() as MathDayCount).date).toBe('2026-03-10');
    } finally {
      await other.close();
    }
  });

  it('refuses a submitDate that is not YYYY-MM-DD (400)', async () => {
    const name = cast.student.user.username;
    for (const day of ['6/18/25', '2026-02-30', '2026-03-10T10:00:00Z', 'today']) {
      const response = await call(
        t,
        cast.student,
        'GET',
        `/api/v1/simple_math/day_count?name=${name}&submitDate=${day}`,
      );
      expect(response.statusCode, day).toBe(400);
    }
  });
});

describe('questions issued by the server', () => {
  it('issues one open question at a time, marks its answer and moves on', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const first = await next(student, name);
    expect(first.statusCode, first.body).toBe(200);
    const issued = first.json() as MathIssued;
    const operands = parseMathQuestion(issued.question);
    if (typeof operands === 'string') throw new Error(`not a question: ${issued.question}`);
    expect(issued.question).toBe(`${operands.a} + ${operands.b}`);
    expect(issued.dayCount).toBe(0);
    // Asking again (a reload, or a client hoping for an easier one) gives the same question.
    expect(((await next(student, name)).json() as MathIssued).id).toBe(issued.id);

    const answered = await post(student, {
      name,
      questionId: issued.id,
      question: issued.question,
      answer: operands.a + operands.b,
      submitDate,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toBe(issued.id);
    // A retry of the same answer (its response was lost) is the same answer, counted once.
    expect(
      (await post(student, { name, questionId: issued.id, answer: operands.a + operands.b })).json(),
    ).toBe(issued.id);
    expect(await read(student, 'count/right', `name=${name}`)).toBe(1);
    // Another answer to it is refused.
    expect((await post(student, { name, questionId: issued.id, answer: 1 })).statusCode).toBe(409);

    const second = (await next(student, name)).json() as MathIssued;
    expect(second.id).not.toBe(issued.id);
    expect(second.dayCount).toBe(1);
    expect((await post(student, { name, questionId: second.id, answer: -1 })).statusCode).toBe(200);
    expect(await read(student, 'count/wrong', `name=${name}`)).toBe(1);
    await expectCountsRecounted(student);
  });

  it("refuses in the request's language (Accept-Language): English by default, Korean for ko", async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const korean = { 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8' };
    const ask = (headers: Record<string, string>, body: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/v1/simple_math',
        as: student,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const latest = (headers: Record<string, string>) =>
      t.request({
        method: 'GET',
        url: `/api/v1/simple_math/day_counts/latest?name=${name}`,
        as: student,
        headers,
      });
    const message = (response: { json(): unknown }) => (response.json() as { message: string }).message;
    expect(message(await latest({}))).toBe(mathTexts.noDays);
    expect(message(await latest(korean))).toBe(ko.noDays);

    const issued = (await next(student, name)).json() as MathIssued;
    const question = issued.question === '100 + 200' ? '101 + 200' : '100 + 200';
    const other = { name, questionId: issued.id, question, answer: 300 };
    const english = await ask({}, other);
    expect(english.statusCode).toBe(400);
    expect(message(english)).toBe(`question: ${mathTexts.notIssuedQuestion}`);
    expect(message(await ask(korean, other))).toBe(`question: ${ko.notIssuedQuestion}`);
    // A new question's answer without the question: the problem in the request's language.
    expect(message(await ask({}, { name, answer: 3 }))).toBe('question: is required');
    expect(message(await ask(korean, { name, answer: 3 }))).toBe('question: 꼭 입력해야 합니다');

    const operands = parseMathQuestion(issued.question);
    if (typeof operands === 'string') throw new Error(issued.question);
    await ask({}, { name, questionId: issued.id, answer: operands.a + operands.b });
    const again = await ask(korean, { name, questionId: issued.id, answer: 1 });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(ko.alreadyAnswered);
  });

  it('draws operands from 99 to 998', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) {
      const issued = (await next(student, name)).json() as MathIssued;
      const operands = parseMathQuestion(issued.question);
      if (typeof operands === 'string') throw new Error(issued.question);
      seen.push(operands.a, operands.b);
      await post(student, { name, questionId: issued.id, answer: operands.a + operands.b });
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(99);
    expect(Math.max(...seen)).toBeLessThanOrEqual(998);
    expect(new Set(seen).size).toBeGreaterThan(20);
  });

  it('refuses a question text other than the issued one, and questions of someone else', async () => {
    const student = await t.createUser();
    const other = await t.createUser();
    const issued = (await next(student, student.user.username)).json() as MathIssued;
    const operands = parseMathQuestion(issued.question) as { a: number; b: number };
    const easier = `${operands.a === 99 ? 100 : 99} + 99`;
    const changed = await post(student, {
      name: student.user.username,
      questionId: issued.id,
      question: easier,
      answer: 1,
    });
    expect(changed.statusCode).toBe(400);
    const theirs = await post(other, { name: other.user.username, questionId: issued.id, answer: 1 });
    expect(theirs.statusCode).toBe(404);
    expect(await read(student, 'count', `name=${student.user.username}`)).toBe(0);
  });
});

describe('who may read and write', () => {
  const body = () => ({ name: cast.student.user.username, question: '100 + 100', answer: 200 });

  it('lets a linked parent read the child’s counts and never write them', async () => {
    const name = cast.student.user.username;
    expect((await post(cast.student, body())).statusCode).toBe(200);
    for (const path of ['day_count', 'day_count/wrong', 'count', 'day_counts/page', 'day_counts/latest']) {
      expect(
        (await call(t, cast.parent, 'GET', `/api/v1/simple_math/${path}?name=${name}`)).statusCode,
        path,
      ).toBe(200);
      expect(
        (await call(t, cast.unlinkedParent, 'GET', `/api/v1/simple_math/${path}?name=${name}`)).statusCode,
        path,
      ).toBe(403);
    }
    expect((await post(cast.parent, body())).statusCode).toBe(403);
    expect((await next(cast.parent, name)).statusCode).toBe(403);
    expect((await post(cast.otherStudent, body())).statusCode).toBe(403);
    expect((await next(cast.otherStudent, name)).statusCode).toBe(403);
    expect(await read(cast.student, 'count', `name=${name}`)).toBe(1);
  });

  it('lets staff write for a student, and refuses names that are not students', async () => {
    expect((await post(cast.teacher, body())).statusCode).toBe(200);
    expect((await post(cast.admin, body())).statusCode).toBe(200);
    const toTeacher = await post(cast.admin, { ...body(), name: cast.teacher.user.username });
    expect(toTeacher.statusCode).toBe(404);
    expect((await post(cast.student, { ...body(), name: 'nobody-here' })).statusCode).toBe(403);
  });
});

describe('the read routes', () => {
  it('pages days in the original’s shape, sorted by the allowed fields', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    for (const [index, day] of days.entries()) {
      t.clock.set(`${day}T12:00:00+09:00`);
      for (let i = 0; i <= index; i++) await post(student, { name, question: '100 + 100', answer: 200 });
      await post(student, { name, question: '100 + 100', answer: -1 });
    }
    t.clock.set('2026-03-10T10:00:00+09:00');
    const first = (await read(
      student,
      'day_counts/page',
      `name=${name}&page=0&size=3`,
    )) as Page<MathDayCount>;
    expect(first.content.map((d) => d.date)).toEqual(['2026-03-04', '2026-03-03', '2026-03-02']);
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, size: 3, number: 0, numberOfElements: 3 });
    expect(first.content[0]).toEqual({ name, date: '2026-03-04', correctCounts: 4, wrongCounts: 1 });
    const oldest = (await read(
      student,
      'day_counts/page',
      `name=${name}&sort=submitDate,asc`,
    )) as Page<MathDayCount>;
    expect(oldest.content[0]!.date).toBe('2026-03-01');
    const busiest = (await read(
      student,
      'day_counts/page',
      `name=${name}&size=6&sort=totalCount,desc`,
    )) as Page<MathDayCount>;
    expect(busiest.content.map((d) => d.correctCounts + d.wrongCounts)).toEqual([5, 4, 3, 2]);
    const unsortable = await call(
      t,
      student,
      'GET',
      `/api/v1/simple_math/day_counts/page?name=${name}&sort=id,asc`,
    );
    expect(unsortable.statusCode).toBe(400);
  });

  it('answers 404 for the latest day before any answer, and zeros for counts', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const latest = await call(t, student, 'GET', `/api/v1/simple_math/day_counts/latest?name=${name}`);
    expect(latest.statusCode).toBe(404);
    expect(await read(student, 'count', `name=${name}`)).toBe(0);
    expect(await read(student, 'day_count', `name=${name}`)).toBe(0);
    const page = (await read(student, 'day_counts/page', `name=${name}`)) as Page<MathDayCount>;
    expect(page).toMatchObject({ totalElements: 0, empty: true });
  });
});
