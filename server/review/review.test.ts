import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type { ReviewCounts, ReviewSchedule } from '../../common/contracts/review.ts';
import type { SubmissionQuestion } from '../../common/contracts/tutoring.ts';
import { dayOf } from '../../common/dates.ts';
import * as ko from '../../common/i18n/ko/messages.ts';
import { apiMessages } from '../../common/messages.ts';
import { addDays } from '../../common/week.ts';
import { startTestApp, TEST_START, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';
import { linkChild } from '../users/queries.ts';

/**
 * Spaced review through the API: redos move questions on the ladder, the review list puts
 * what is due first, the tutor's pin, retirement and settings, and the counts equal a recount.
 * Question answers: '01' is right, '12' wrong (server/test/tutoring.ts).
 */

let t: TestApp;
let teacher: TestUser;
let parent: TestUser;
let n = 0;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  parent = await t.createUser({ roles: ['PARENT'] });
});
afterAll(() => t.close());

const today = () => dayOf(t.clock.now(), t.config.timeZone);

async function newStudent(): Promise<TestUser> {
  t.clock.set(TEST_START);
  n++;
  return t.createUser({ roles: ['STUDENT'], username: `spaced${n}` });
}

/** A question assigned to the student and answered (wrong unless `right`). */
async function answered(
  student: TestUser,
  options: { right?: boolean; topics?: string[]; title?: string } = {},
) {
  const name = student.user.username;
  const id = await createQuestion(t, teacher, {
    students: [name],
    topics: options.topics ?? ['loops'],
    title: options.title ?? `Question ${++n}`,
    targetDate: dueIn(t, 48),
  });
  const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
    { studentName: name, questionId: id, studentAnswer: options.right ? '01' : '12' },
  ]);
  expect(response.statusCode).toBe(200);
  return id;
}

const redo = (student: TestUser, questionId: number, right: boolean) =>
  call(t, student, 'POST', `/api/v1/submissions/review/${student.user.username}`, [
    { questionId, studentAnswer: right ? '01' : '12' },
  ]);

async function reviewList(student: TestUser, as: TestUser = student) {
  const response = await call(t, as, 'GET', `/api/v1/submissions/review/${student.user.username}?size=100`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Page<SubmissionQuestion>).content;
}

async function counts(student: TestUser, as: TestUser = student) {
  const response = await call(t, as, 'GET', `/api/v1/review/count/${student.user.username}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ReviewCounts;
}

async function schedule(student: TestUser, as: TestUser = teacher) {
  const response = await call(t, as, 'GET', `/api/v1/review/schedule/${student.user.username}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ReviewSchedule;
}

const setting = (student: TestUser, body: Record<string, unknown>) =>
  call(t, teacher, 'PUT', `/api/v1/review/settings/${student.user.username}`, body);

/**
 * The counts, the review list and the tutor's schedule are three readings of one rule (two in SQL,
 * one in TypeScript): they must agree, and each must equal a recount of the others.
 */
async function expectAgreement(student: TestUser) {
  const [c, list, s] = [await counts(student), await reviewList(student), await schedule(student)];
  const now = today();
  const due = list.filter((q) => q.review!.dueDay <= now);
  expect(c.due).toBe(due.length);
  expect(c.later).toBe(list.length - due.length);
  expect(list.every((q) => q.review!.due === q.review!.dueDay <= now)).toBe(true);
  // Due first, then the rest by the day they come back.
  const order = list.map((q) => (q.review!.due ? '' : q.review!.dueDay));
  expect(order).toEqual([...order].sort());
  expect(s.counts).toEqual(c);
  const byStatus = (status: string) => s.items.filter((i) => i.status === status).map((i) => i.questionId);
  expect(byStatus('due').sort()).toEqual(due.map((q) => q.question.id).sort());
  expect(byStatus('later').sort()).toEqual(
    list
      .filter((q) => !q.review!.due)
      .map((q) => q.question.id)
      .sort(),
  );
  expect(c.stuck).toBe(byStatus('stuck').length);
  expect(c.retired).toBe(byStatus('retired').length);
  return { counts: c, list, schedule: s };
}

describe('spaced review, scheduling off (the default)', () => {
  it('keeps plain review: in Review until redone right once', async () => {
    const student = await newStudent();
    const q = await answered(student);
    let seen = await expectAgreement(student);
    expect(seen.list.map((x) => x.question.id)).toEqual([q]);
    expect(seen.list[0]!.review).toEqual({ dueDay: today(), due: true, step: 0, pinned: false });
    expect((await redo(student, q, false)).statusCode).toBe(200);
    expect((await counts(student)).due).toBe(1);
    expect((await redo(student, q, true)).statusCode).toBe(200);
    seen = await expectAgreement(student);
    expect(seen.counts).toEqual({ due: 0, later: 0, stuck: 0, retired: 0 });
    expect(seen.schedule.items.map((i) => i.status)).toEqual(['done']);
    expect(seen.schedule.items[0]!.scheduled).toBe(false);
  });
});

describe('spaced review, scheduling on', () => {
  it('pushes a right redo out along the ladder, pulls a wrong one in, and graduates at the top', async () => {
    const student = await newStudent();
    expect((await setting(student, { topic: null, enabled: true, ladder: [1, 3] })).statusCode).toBe(200);
    const q = await answered(student);
    expect((await redo(student, q, true)).statusCode).toBe(200);
    // It left today's list and comes back tomorrow (step 1).
    let seen = await expectAgreement(student);
    expect(seen.counts).toMatchObject({ due: 0, later: 1 });
    expect(seen.list[0]!.review).toEqual({ dueDay: addDays(today(), 1), due: false, step: 1, pinned: false });
    const early = await redo(student, q, true);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(`not due for review until ${addDays(today(), 1)}`);

    t.clock.advanceDays(1);
    expect((await counts(student)).due).toBe(1);
    // A wrong redo pulls it in: due today again, at step 0.
    expect((await redo(student, q, false)).statusCode).toBe(200);
    seen = await expectAgreement(student);
    expect(seen.list[0]!.review).toEqual({ dueDay: today(), due: true, step: 0, pinned: false });
    // Right three times in a row, each on its day: +1, +3, then it sticks.
    expect((await redo(student, q, true)).statusCode).toBe(200);
    t.clock.advanceDays(1);
    expect((await redo(student, q, true)).statusCode).toBe(200);
    seen = await expectAgreement(student);
    expect(seen.list[0]!.review).toMatchObject({ dueDay: addDays(today(), 3), step: 2 });
    t.clock.advanceDays(2);
    expect((await counts(student)).due).toBe(0);
    t.clock.advanceDays(1);
    expect((await counts(student)).due).toBe(1);
    expect((await redo(student, q, true)).statusCode).toBe(200);
    seen = await expectAgreement(student);
    expect(seen.counts).toEqual({ due: 0, later: 0, stuck: 1, retired: 0 });
    expect(seen.list).toEqual([]);
  });

  it('shows what is due first, then the rest by the day it comes back; a parent reads it too', async () => {
    const student = await newStudent();
    await linkChild(t.database.db, parent.user.id, student.user.id);
    await setting(student, { topic: null, enabled: true });
    const later = await answered(student, { title: 'A later' });
    const due = await answered(student, { title: 'B due' });
    const latest = await answered(student, { title: 'C later still' });
    expect((await redo(student, later, true)).statusCode).toBe(200);
    expect((await redo(student, latest, true)).statusCode).toBe(200);
    t.clock.advanceDays(1);
    expect((await redo(student, later, true)).statusCode).toBe(200); // now due in 3 days
    const { list } = await expectAgreement(student);
    expect(list.map((x) => x.question.id)).toEqual([due, latest, later]);
    expect((await reviewList(student, parent)).map((x) => x.question.id)).toEqual([due, latest, later]);
    expect(await counts(student, parent)).toEqual({ due: 2, later: 1, stuck: 0, retired: 0 });
  });

  it('per topic: a topic’s own setting wins over the student’s, and can be dropped again', async () => {
    const student = await newStudent();
    await setting(student, { enabled: true });
    const loops = await answered(student, { topics: ['loops'] });
    const arrays = await answered(student, { topics: ['arrays'] });
    const off = await setting(student, { topic: ' Loops ', enabled: false });
    expect(off.statusCode).toBe(200);
    expect((off.json() as ReviewSchedule).settings).toEqual([
      { topic: null, enabled: true, ladder: [1, 3, 7, 14, 30] },
      { topic: 'loops', enabled: false, ladder: [1, 3, 7, 14, 30] },
    ]);
    await redo(student, loops, true);
    await redo(student, arrays, true);
    let seen = await expectAgreement(student);
    // loops is off: redone right, it left; arrays is on: it comes back tomorrow.
    expect(seen.list.map((x) => x.question.id)).toEqual([arrays]);
    expect(seen.schedule.items.find((i) => i.questionId === loops)).toMatchObject({
      status: 'done',
      scheduled: false,
    });

    const dropped = await call(
      t,
      teacher,
      'DELETE',
      `/api/v1/review/settings/${student.user.username}?topic=loops`,
    );
    expect(dropped.statusCode).toBe(200);
    expect((dropped.json() as ReviewSchedule).settings).toHaveLength(1);
    const again = await call(
      t,
      teacher,
      'DELETE',
      `/api/v1/review/settings/${student.user.username}?topic=loops`,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(apiMessages.noTopicSetting(student.user.username, 'loops'));
    const noTopic = await setting(student, { topic: 'no such topic', enabled: true });
    expect(noTopic.statusCode).toBe(404);
    expect(noTopic.json().message).toBe('There is no topic "no such topic".');

    // Turning the student off: the scheduled question leaves at once; a wrong one stays.
    const wrong = await answered(student, { topics: ['arrays'] });
    await setting(student, { enabled: false });
    seen = await expectAgreement(student);
    expect(seen.list.map((x) => x.question.id)).toEqual([wrong]);
  });

  it('refuses ladders that are not 1–10 growing steps of 1–365 days', async () => {
    const student = await newStudent();
    for (const ladder of [[], [3, 1], [0], [1.5], Array(11).fill(1), 'x']) {
      const response = await setting(student, { enabled: true, ladder });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^ladder: /);
    }
  });
});

describe("the tutor's pin and retirement", () => {
  it('pins any answered question to tomorrow, with scheduling off too', async () => {
    const student = await newStudent();
    const right = await answered(student, { right: true });
    const pin = await call(t, teacher, 'POST', `/api/v1/review/pin/${student.user.username}`, {
      questionId: right,
    });
    expect(pin.statusCode).toBe(200);
    expect((pin.json() as ReviewSchedule).items[0]).toMatchObject({
      status: 'later',
      dueDay: addDays(today(), 1),
      pinned: true,
    });
    t.clock.advanceDays(1);
    const { list } = await expectAgreement(student);
    expect(list[0]!.review).toEqual({ dueDay: today(), due: true, step: 0, pinned: true });
    // Off: redone right once, it leaves.
    expect((await redo(student, right, true)).statusCode).toBe(200);
    expect((await expectAgreement(student)).list).toEqual([]);
  });

  it('a pinned question due today is not due until tomorrow', async () => {
    const student = await newStudent();
    const q = await answered(student);
    await call(t, teacher, 'POST', `/api/v1/review/pin/${student.user.username}`, { questionId: q });
    expect((await redo(student, q, true)).json().message).toMatch('not due for review until');
  });

  it('a retired question never returns, whatever is answered, until pinned again', async () => {
    const student = await newStudent();
    await setting(student, { enabled: true });
    const q = await answered(student);
    const retire = await call(t, teacher, 'POST', `/api/v1/review/retire/${student.user.username}`, {
      questionId: q,
    });
    expect(retire.statusCode).toBe(200);
    let seen = await expectAgreement(student);
    expect(seen.counts).toEqual({ due: 0, later: 0, stuck: 0, retired: 1 });
    expect((await redo(student, q, false)).json().message).toMatch(/not in .* review list/);
    // Assigned again and answered wrong: still retired.
    await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [q],
      names: [student.user.username],
      targetDate: dueIn(t, 24),
    });
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { studentName: student.user.username, questionId: q, studentAnswer: '12' },
    ]);
    // (Sessions last 7 idle days and 30 days in all: 25 days in steps of 5.)
    for (let step = 0; step < 5; step++) {
      t.clock.advanceDays(5);
      seen = await expectAgreement(student);
      expect(seen.list).toEqual([]);
    }
    await call(t, teacher, 'POST', `/api/v1/review/pin/${student.user.username}`, { questionId: q });
    t.clock.advanceDays(1);
    expect((await expectAgreement(student)).counts).toMatchObject({ due: 1, retired: 0 });
  });

  it('refuses questions the student has not answered or has pending again', async () => {
    const student = await newStudent();
    const other = await createQuestion(t, teacher, { students: [] });
    const notAnswered = await call(t, teacher, 'POST', `/api/v1/review/pin/${student.user.username}`, {
      questionId: other,
    });
    expect(notAnswered.statusCode).toBe(404);
    expect(notAnswered.json().message).toBe(`${student.user.username} has not answered question ${other}.`);
    const q = await answered(student);
    await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [q],
      names: [student.user.username],
      targetDate: dueIn(t, 24),
    });
    const pending = await call(t, teacher, 'POST', `/api/v1/review/retire/${student.user.username}`, {
      questionId: q,
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().message).toBe(
      `Question ${q} is assigned to ${student.user.username} again: it comes back to Review once answered.`,
    );
    // In Korean, as every refusal (the texts with values are functions of the texts, server/errors.ts).
    const korean = await t.request({
      method: 'POST',
      url: `/api/v1/review/retire/${student.user.username}`,
      as: teacher,
      headers: { 'accept-language': 'ko' },
      payload: { questionId: q },
    });
    expect(korean.json().message).toBe(ko.apiMessages.assignedAgainInReview(q, student.user.username));
  });

  it('is for tutors: the student and a parent may read but not change the schedule', async () => {
    const student = await newStudent();
    const q = await answered(student);
    expect(
      (await call(t, student, 'POST', `/api/v1/review/pin/${student.user.username}`, { questionId: q }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, student, 'PUT', `/api/v1/review/settings/${student.user.username}`, { enabled: true }))
        .statusCode,
    ).toBe(403);
    expect((await schedule(student, student)).items).toHaveLength(1);
  });
});
