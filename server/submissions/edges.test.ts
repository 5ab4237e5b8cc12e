import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModifyResult, SubmissionQuestion } from '../../common/contracts/tutoring.ts';
import { dayOf } from '../../common/dates.ts';
import { addDays } from '../../common/week.ts';
import { recountTopicStats, storedTopicStats } from '../stats/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';

/**
 * What the mutation run of server/submissions (25 November) left alive and a client can see
 * (docs/testing.md, "Mutation testing"): refusals' fields, stale drafts of a batch and of a redo,
 * orders of three fields, the summary's default order, automatic marks of redos, the students a
 * change of a question recounts.
 */
let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

const post = (as: TestUser, url: string, body: unknown) => call(t, as, 'POST', url, body);
const answer = (student: TestUser, items: { questionId: number; studentAnswer: string }[]) =>
  post(
    student,
    '/api/v1/submissions/multiples',
    items.map((i) => ({ ...i, studentName: student.user.username })),
  );
const redo = (
  student: TestUser,
  items: { questionId: number; studentAnswer: string; draftVersion?: number }[],
) => post(student, `/api/v1/submissions/review/${student.user.username}`, items);
const saveDraft = (student: TestUser, questionId: number, text: string, version: number) =>
  call(t, student, 'PATCH', `/api/v1/drafts/${student.user.username}`, {
    changes: { [questionId]: { answer: text, version } },
  });

describe('refusals of answers and redos', () => {
  it('answers 404 "Student not found." to staff naming someone who is no student', async () => {
    const q = await createQuestion(t, teacher);
    for (const studentName of [teacher.user.username, 'nobody-at-all']) {
      const response = await post(teacher, '/api/v1/submissions/multiples', [
        { questionId: q, studentAnswer: '01', studentName },
      ]);
      expect(response.statusCode, studentName).toBe(404);
      expect(response.json().message, studentName).toBe('Student not found.');
    }
  });

  it('names the field of a redo refused because its question is assigned again', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const q = await createQuestion(t, teacher, { students: [name] });
    expect((await answer(student, [{ questionId: q, studentAnswer: '12' }])).statusCode).toBe(200);
    const again = await post(teacher, '/api/v1/assignments', {
      questionIds: [q],
      names: [name],
      targetDate: dueIn(t, 72),
    });
    expect(again.statusCode).toBe(200);
    const response = await redo(student, [{ questionId: q, studentAnswer: '01' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        path: '[0].questionId',
        message: `question ${q} is assigned to ${name} again: answer it on the tutoring page`,
      },
    ]);
  });

  it('names the field of a redo refused because its question is not due yet', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const settings = await call(t, teacher, 'PUT', `/api/v1/review/settings/${name}`, { enabled: true });
    expect(settings.statusCode).toBe(200);
    const q = await createQuestion(t, teacher, { students: [name] });
    await answer(student, [{ questionId: q, studentAnswer: '12' }]);
    expect((await redo(student, [{ questionId: q, studentAnswer: '01' }])).statusCode).toBe(200);
    // Redone right: it comes back tomorrow (the ladder's first step), not today.
    const tomorrow = addDays(dayOf(t.clock.now(), t.config.timeZone), 1);
    const response = await redo(student, [{ questionId: q, studentAnswer: '01' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: '[0].questionId', message: `question ${q} is not due for review until ${tomorrow}` },
    ]);
  });
});

describe('answers typed over a draft that changed since', () => {
  it('checks only the items that say their draft version: the same question again without one is "answered twice", not stale', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const q = await createQuestion(t, teacher, { students: [student.user.username] });
    expect((await saveDraft(student, q, '01', 0)).json().saved).toEqual({ [q]: 1 });
    const response = await post(student, '/api/v1/submissions/multiples', [
      { questionId: q, studentAnswer: '01', studentName: student.user.username, draftVersion: 1 },
      { questionId: q, studentAnswer: '12', studentName: student.user.username },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: '[1].questionId', message: `question ${q} is answered twice in this batch` },
    ]);
  });

  it('refuses a redo typed over a draft another tab has replaced since (409), and stores nothing', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const q = await createQuestion(t, teacher, { students: [name] });
    await answer(student, [{ questionId: q, studentAnswer: '12' }]);
    // In Review, the question keeps a draft: version 1 in this tab, then 2 from another.
    expect((await saveDraft(student, q, '012', 0)).json().saved).toEqual({ [q]: 1 });
    expect((await saveDraft(student, q, '01', 1)).json().saved).toEqual({ [q]: 2 });
    const stale = await redo(student, [{ questionId: q, studentAnswer: '012', draftVersion: 1 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toEqual([
      {
        path: '[0].draftVersion',
        message: `question ${q}'s answer was changed in another tab or on another device since this answer was typed`,
      },
    ]);
    const list = (await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json();
    expect(list.totalElements).toBe(1);
    // Typed over the newest draft, it is taken.
    expect((await redo(student, [{ questionId: q, studentAnswer: '01', draftVersion: 2 }])).statusCode).toBe(
      200,
    );
  });
});

describe('orders', () => {
  /** Three questions generated on 1, 2 and 3 March (ids ascending), answered right, wrong and awaiting a mark. */
  async function studentWithThree() {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const ids: number[] = [];
    for (const [day, type] of [
      ['01', 'm'],
      ['02', 'm'],
      ['03', 's'],
    ] as const)
      ids.push(
        await createQuestion(t, teacher, {
          type,
          title: `Order ${day}`,
          students: [name],
          generatedDate: `2026-03-${day}T09:00:00`,
        }),
      );
    const response = await answer(student, [
      { questionId: ids[0]!, studentAnswer: '01' },
      { questionId: ids[1]!, studentAnswer: '12' },
      { questionId: ids[2]!, studentAnswer: 'an essay' },
    ]);
    expect(response.statusCode).toBe(200);
    // The day they are due (each question's default: 48 hours on).
    const day = dayOf(new Date((response.json() as SubmissionQuestion[])[0]!.targetDate), t.config.timeZone);
    return { student, name, ids, day };
  }

  it("gives the jump grid's marks in the list's default order, newest question first (not by id)", async () => {
    const { student, name } = await studentWithThree();
    const page = (await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json();
    expect(page.content.map((s: SubmissionQuestion) => s.question.title)).toEqual([
      'Order 03',
      'Order 02',
      'Order 01',
    ]);
    expect(page.marks).toEqual([0, -1, 1]);
  });

  it("follows a question's new date: the list and the jump grid's marks; a redo stores the date as it is", async () => {
    const { student, name, ids } = await studentWithThree();
    const moved = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [
      { id: ids[1], generatedDate: '2026-03-04T09:00:00' },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    const page = (await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json();
    expect(page.content.map((s: SubmissionQuestion) => s.question.title)).toEqual([
      'Order 02',
      'Order 03',
      'Order 01',
    ]);
    expect(page.marks).toEqual([-1, 0, 1]);
    // A redo stores the question's date as it is now.
    expect(
      (await redo(student, [{ questionId: ids[1]!, studentAnswer: '01', draftVersion: 0 }])).statusCode,
    ).toBe(200);
    const again = (await call(t, student, 'GET', `/api/v1/submissions/${name}?size=10`)).json();
    expect(again.content.map((s: SubmissionQuestion) => s.question.title)).toEqual([
      'Order 02',
      'Order 02',
      'Order 03',
      'Order 01',
    ]);
  });

  it('keeps apart two orders of three fields each: rows and marks follow the order asked for', async () => {
    const { student, name, day } = await studentWithThree();
    const titles = async (sort: string) => {
      const page = (await call(t, student, 'GET', `/api/v1/submissions/${name}?${sort}`)).json();
      expect(page.marks, sort).toEqual(page.content.map((s: SubmissionQuestion) => s.marked));
      return page.content.map((s: SubmissionQuestion) => s.question.title);
    };
    for (let round = 0; round < 2; round++) {
      expect(await titles('sort=marked,asc&sort=question.title,asc&sort=id,asc')).toEqual([
        'Order 02',
        'Order 03',
        'Order 01',
      ]);
      expect(await titles('sort=marked,desc&sort=question.title,desc&sort=id,desc')).toEqual([
        'Order 01',
        'Order 03',
        'Order 02',
      ]);
      // The same three fields with a day filter are yet another statement.
      const dated = await titles(`date=${day}&sort=marked,desc&sort=question.title,asc&sort=id,asc`);
      expect(dated).toEqual(['Order 01', 'Order 03', 'Order 02']);
    }
  });

  it('counts the total of a page past the end with and without a day filter, again and again', async () => {
    const { student, name, day } = await studentWithThree();
    for (let round = 0; round < 3; round++) {
      for (const url of [
        `/api/v1/submissions/${name}?page=4`,
        `/api/v1/submissions/${name}?page=4&date=${day}`,
      ]) {
        const response = await call(t, student, 'GET', url);
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toMatchObject({ totalElements: 3, numberOfElements: 0 });
      }
    }
  });
});

describe('automatic marks of redos', () => {
  it("marks a choice redo again when the question's answer changes; leaves a short-answer redo to the teacher", async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const choice = await createQuestion(t, teacher, { students: [name] });
    const short = await createQuestion(t, teacher, { type: 's', students: [name] });
    const [, essay] = (
      await answer(student, [
        { questionId: choice, studentAnswer: '12' },
        { questionId: short, studentAnswer: 'first essay' },
      ])
    ).json() as SubmissionQuestion[];
    const marked = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { [essay!.id]: -1 });
    expect(marked.statusCode).toBe(200);
    const redos = (
      await redo(student, [
        { questionId: choice, studentAnswer: '012' },
        { questionId: short, studentAnswer: 'b' },
      ])
    ).json() as SubmissionQuestion[];
    expect(redos.map((r) => r.marked)).toEqual([-1, 0]);

    // The choice's answer becomes the redo's; the short answer becomes a choice whose answer is the
    // redo's text. Only the automatic mark is marked again: the teacher's -1 and the unmarked redo stay.
    const modify = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [
      { id: choice, answer: '012' },
      { id: short, type: 'm', candidates: ['a', 'b'], answer: 'b' },
    ]);
    expect(modify.statusCode).toBe(200);
    expect((modify.json() as ModifyResult).remarked).toEqual([
      { submissionId: redos[0]!.id, questionId: choice, student: name, from: -1, to: 1 },
    ]);
    const marks = Object.fromEntries(
      (await call(t, teacher, 'GET', `/api/v1/submissions/${name}`))
        .json()
        .content.map((s: SubmissionQuestion) => [s.id, s.marked]),
    );
    expect(marks[redos[1]!.id]).toBe(0);
    expect(marks[essay!.id]).toBe(-1);
  });
});

describe('the students a change of a question recounts', () => {
  it('recounts the topic statistics of every student who answered a question that gains a topic', async () => {
    const students = [await t.createUser({ roles: ['STUDENT'] }), await t.createUser({ roles: ['STUDENT'] })];
    const q = await createQuestion(t, teacher, {
      students: students.map((s) => s.user.username),
      topics: ['recounted before'],
    });
    for (const [i, student] of students.entries())
      await answer(student, [{ questionId: q, studentAnswer: i ? '12' : '01' }]);
    const linked = await call(t, teacher, 'PATCH', '/api/v1/questions/topics', {
      questionIds: [q],
      topics: ['recounted after'],
    });
    expect(linked.statusCode).toBe(200);
    for (const [i, student] of students.entries()) {
      const stored = await storedTopicStats(t.database.db, student.user.id);
      expect(stored).toEqual(await recountTopicStats(t.database.db, student.user.id));
      expect(stored.map((s) => [s.topic, s.correctCount, s.wrongCount])).toEqual([
        ['recounted after', i ? 0 : 1, i ? 1 : 0],
        ['recounted before', i ? 0 : 1, i ? 1 : 0],
      ]);
    }
  });
});
