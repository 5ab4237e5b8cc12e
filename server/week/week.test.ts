import { and, asc, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Week } from '../../common/contracts/week.ts';
import { dayOf, formatDateTime } from '../../common/dates.ts';
import { assignments, mathDays, questions, submissions } from '../db/schema.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { linkChild } from '../users/queries.ts';

let t: TestApp;
let teacher: TestUser;
let student: TestUser;
let parent: TestUser;
let otherParent: TestUser;
let name: string;

/** Noon on a day of the test week (Monday 2026-03-09 to Sunday 2026-03-15; the clock starts Tuesday 10:00). */
const noon = (day: string) => `${day}T12:00:00`;

async function week(as: TestUser | null, query = '', who = name) {
  return call(t, as, 'GET', `/api/v1/week/${who}${query}`);
}

/**
 * One known week: six questions due in it (right, wrong, unmarked, marked wrong by the teacher, two
 * still to do, one due tomorrow), one due the week after, a redo, and the drill on two days of it and
 * one of the next.
 */
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  student = await t.createUser();
  name = student.user.username;
  parent = await t.createUser({ roles: ['PARENT'] });
  otherParent = await t.createUser({ roles: ['PARENT'] });
  const otherChild = await t.createUser();
  await linkChild(t.database.db, parent.user.id, student.user.id);
  await linkChild(t.database.db, otherParent.user.id, otherChild.user.id);

  const ask = (title: string, type: 'm' | 'M' | 's', day: string) =>
    createQuestion(t, teacher, { title, type, students: [name], targetDate: noon(day) });
  const right = await ask('Right one', 'm', '2026-03-11');
  const wrong = await ask('Wrong one', 'm', '2026-03-12');
  const waiting = await ask('Waiting for a mark', 's', '2026-03-13');
  const markedWrong = await ask('Marked wrong', 's', '2026-03-14');
  await ask('Due tomorrow', 'm', '2026-03-11');
  await ask('Due Sunday', 'M', '2026-03-15');
  await ask('Next week', 'm', '2026-03-17');

  const answered = await call(
    t,
    student,
    'POST',
    '/api/v1/submissions/multiples',
    [
      [right, '01'],
      [wrong, '12'],
      [waiting, 'zero, one'],
      [markedWrong, 'no idea'],
    ].map(([questionId, studentAnswer]) => ({ questionId, studentAnswer, studentName: name })),
  );
  expect(answered.statusCode, answered.body).toBe(200);
  const ids = (answered.json() as { id: number; question: { id: number } }[]).find(
    (s) => s.question.id === markedWrong,
  )!.id;
  const marked = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { [ids]: -1 });
  expect(marked.statusCode, marked.body).toBe(200);
  // A redo is practice: it stays out of the week.
  const redo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
    { questionId: wrong, studentAnswer: '01' },
  ]);
  expect(redo.statusCode, redo.body).toBe(200);

  const drill = async (answers: number[]) => {
    for (const answer of answers) {
      const response = await call(t, student, 'POST', '/api/v1/simple_math', {
        name,
        question: '100 + 100',
        answer,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  };
  const start = t.clock.now();
  await drill([200, 200, 201]); // Tuesday
  t.clock.advanceDays(2);
  await drill([-1]); // Thursday
  t.clock.advanceDays(5);
  await drill([200]); // the next Tuesday
  t.clock.set(start);
});
afterAll(() => t.close());

/** The week as the database holds it, read straight from the tables. */
async function weekFromTables(first: string, last: string) {
  const db = t.database.db;
  const tz = t.config.timeZone;
  const answered = await db
    .select({ s: submissions, q: questions })
    .from(submissions)
    .innerJoin(questions, eq(questions.id, submissions.questionId))
    .where(
      and(
        eq(submissions.studentId, student.user.id),
        eq(submissions.redo, false),
        between(submissions.dueDay, first, last),
      ),
    );
  const pending = await db
    .select({ a: assignments, q: questions })
    .from(assignments)
    .innerJoin(questions, eq(questions.id, assignments.questionId))
    .where(and(eq(assignments.studentId, student.user.id), between(assignments.dueDay, first, last)));
  const items = [
    ...answered.map(({ s, q }) => ({
      questionId: q.id,
      title: q.title,
      type: q.type,
      dueDay: s.dueDay,
      targetDate: formatDateTime(s.targetDate, tz),
      status: s.marked === 1 ? 'correct' : s.marked === -1 ? 'wrong' : 'unmarked',
      answer: s.studentAnswer,
      submitDate: formatDateTime(s.submitDate, tz),
      modelAnswer: q.answer,
      explanation: q.explanation,
      // None of the seeded questions has pictures (pictures.test.ts shows an explanation's).
      pictures: [],
    })),
    ...pending.map(({ a, q }) => ({
      questionId: q.id,
      title: q.title,
      type: q.type,
      dueDay: a.dueDay,
      targetDate: formatDateTime(a.targetDate, tz),
      status: 'todo',
      answer: null,
      submitDate: null,
      modelAnswer: null,
      explanation: null,
      pictures: [],
    })),
  ].sort((x, y) => x.targetDate.localeCompare(y.targetDate) || x.questionId - y.questionId);
  const drill = await db
    .select({ day: mathDays.day, correct: mathDays.correct, wrong: mathDays.wrong })
    .from(mathDays)
    .where(and(eq(mathDays.studentId, student.user.id), between(mathDays.day, first, last)))
    .orderBy(asc(mathDays.day));
  return { items, drill };
}

describe('GET /api/v1/week/{name}', () => {
  it("answers the child's week to a linked parent exactly as the database holds it", async () => {
    const response = await week(parent);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Week;
    expect(dayOf(t.clock.now(), t.config.timeZone)).toBe('2026-03-10');
    expect({ start: body.start, end: body.end, today: body.today, name: body.name }).toEqual({
      start: '2026-03-09',
      end: '2026-03-15',
      today: '2026-03-10',
      name,
    });
    const facts = await weekFromTables('2026-03-09', '2026-03-15');
    expect(body.items).toEqual(facts.items);
    expect(body.drill).toEqual(facts.drill);
    // The seeded week, written out by hand.
    expect(body.items.map((i) => [i.title, i.status])).toEqual([
      ['Right one', 'correct'],
      ['Due tomorrow', 'todo'],
      ['Wrong one', 'wrong'],
      ['Waiting for a mark', 'unmarked'],
      ['Marked wrong', 'wrong'],
      ['Due Sunday', 'todo'],
    ]);
    expect(body.items.find((i) => i.title === 'Wrong one')).toMatchObject({
      answer: '12',
      modelAnswer: '01',
      explanation: 'i takes 0 then 1.',
    });
    expect(body.drill).toEqual([
      { day: '2026-03-10', correct: 2, wrong: 1 },
      { day: '2026-03-12', correct: 0, wrong: 1 },
    ]);
    expect(body.summary).toEqual({
      assigned: 6,
      answered: 4,
      correct: 1,
      wrong: 2,
      unmarked: 1,
      todo: 2,
      dueTomorrow: 1,
      drillCorrect: 2,
      drillWrong: 2,
    });
  });

  it('never gives away the model answer of a question still to do', async () => {
    const body = (await week(student)).json() as Week;
    for (const item of body.items.filter((i) => i.status === 'todo'))
      expect(item).toMatchObject({
        answer: null,
        modelAnswer: null,
        explanation: null,
        submitDate: null,
        pictures: [],
      });
  });

  it('takes any day of a week for that week, and steps week by week', async () => {
    const sunday = (await week(teacher, '?start=2026-03-15')).json() as Week;
    const thisWeek = (await week(teacher)).json() as Week;
    expect(sunday).toEqual(thisWeek);
    const next = (await week(teacher, '?start=2026-03-16')).json() as Week;
    expect(next.start).toBe('2026-03-16');
    expect(next.items.map((i) => i.title)).toEqual(['Next week']);
    expect(next.drill).toEqual([{ day: '2026-03-17', correct: 1, wrong: 0 }]);
    // Still counted from today, whichever week is shown.
    expect(next.summary.dueTomorrow).toBe(1);
    expect(next).toMatchObject({ items: (await weekFromTables('2026-03-16', '2026-03-22')).items });
    const before = (await week(teacher, '?start=2026-03-08')).json() as Week;
    expect(before).toMatchObject({ start: '2026-03-02', end: '2026-03-08', items: [], drill: [] });
    expect(before.summary).toMatchObject({ assigned: 0, answered: 0, todo: 0 });
  });

  it('is refused to a parent of another child (403) and to the anonymous (401)', async () => {
    expect((await week(otherParent)).statusCode).toBe(403);
    expect((await week(null)).statusCode).toBe(401);
  });

  it('names a day that is not one', async () => {
    const response = await week(parent, '?start=2026-02-30');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/start/);
  });
});
