import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type {
  CalendarItem,
  QuestionStudent,
  SubmissionQuestion,
  SubmissionSummary,
} from '../../common/contracts/tutoring.ts';
import { dayOf } from '../../common/dates.ts';
import { recountCalendar, storedCalendar } from '../calendars/queries.ts';
import { calendarDays } from '../db/schema.ts';
import { recountTopicStats, storedTopicStats } from '../stats/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn, questionBody } from '../test/tutoring.ts';
import { linkChild } from '../users/queries.ts';

let t: TestApp;
let teacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let parent: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  alice = await t.createUser({ roles: ['STUDENT'], username: 'Alice' });
  bob = await t.createUser({ roles: ['STUDENT'], username: 'bob' });
  parent = await t.createUser({ roles: ['PARENT'] });
  await linkChild(t.database.db, parent.user.id, alice.user.id);
});
afterAll(() => t.close());

describe('POST /api/v1/questions', () => {
  it('creates a question with options, topics and assignments, and the student sees it without the answer', async () => {
    const id = await createQuestion(t, teacher, { students: [' ALICE '], title: 'Printing' });
    expect(id).toBeGreaterThan(0);
    // Due in 48 hours; a minute later, 47 h 59 min are left: whole days and hours, rounded down.
    t.clock.advance(60_000);
    const page = (
      await call(t, alice, 'GET', '/api/v1/questions/student/alice')
    ).json() as Page<QuestionStudent>;
    const question = page.content.find((q) => q.id === id)!;
    expect(question).toMatchObject({
      title: 'Printing',
      type: 'm',
      candidates: [{ value: '01' }, { value: '12' }, { value: '012' }],
      topics: ['java', 'loops'],
      hint: 'Count the iterations.',
      dayLeft: 1,
      hourLeft: 47,
    });
    expect(question.targetDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(question).not.toHaveProperty('answer');
    expect(question).not.toHaveProperty('explanation');
    // No size sent: the original server's default of 20.
    expect(page).toMatchObject({
      size: 20,
      number: 0,
      first: true,
      pageable: { pageNumber: 0, pageSize: 20 },
    });
  });

  it.each([
    [{ title: '' }, /^title: must not be empty/],
    [{ title: undefined, _drop: 'title' }, /^title: is required/],
    [{ question: '   ' }, /^question: must not be empty/],
    [{ type: 'x' }, /^type: must be m, M or s/],
    [{ explanation: '' }, /^explanation: must not be empty/],
    [{ answer: ' ' }, /^answer: must not be empty/],
    [{ candidates: ['only one'], answer: 'only one' }, /^candidates: .*2 to 5 options/],
    [{ candidates: ['a', 'b', 'c', 'd', 'e', 'f'], answer: 'a' }, /^candidates: .*2 to 5 options/],
    [{ answer: 'not an option' }, /^answer: must be one of the options/],
    [{ type: 'M', answer: '01' }, /^answer: .*JSON array/],
    [{ type: 'M', answer: '["01","nope"]' }, /^answer: every answer must be one of the options/],
    [{ students: ['nobody'] }, /^students: unknown student "nobody"/],
    [{ students: [bobName()], targetDate: 'soon' }, /^targetDate: must be a date-time/],
    [{ title: 'x'.repeat(256) }, /^title: must be at most 255 characters/],
    [{ candidates: 'a,b' }, /^candidates: must be a list/],
    [{ students: 'alice' }, /^students: must be a list/],
  ])('answers 400 naming the field for %o', async (patch, message) => {
    const body: Record<string, unknown> = { ...questionBody(t), ...patch };
    if ('_drop' in patch) {
      delete body[patch._drop as string];
      delete body._drop;
    }
    const response = await call(t, teacher, 'POST', '/api/v1/questions', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('refuses a due date in the past or more than 14 days ahead, and a student as author', async () => {
    for (const [hours, message] of [
      [-2, /not be in the past/],
      [14 * 24 + 2, /at most 14 days ahead/],
    ] as const) {
      const response = await call(
        t,
        teacher,
        'POST',
        '/api/v1/questions',
        questionBody(t, { targetDate: dueIn(t, hours) }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await call(t, alice, 'POST', '/api/v1/questions', questionBody(t))).statusCode).toBe(403);
  });

  it('saves nothing when one student is unknown', async () => {
    const before = (await call(t, bob, 'GET', '/api/v1/assignments/count/bob')).json() as number;
    const response = await call(
      t,
      teacher,
      'POST',
      '/api/v1/questions',
      questionBody(t, { students: ['bob', 'ghost'] }),
    );
    expect(response.statusCode).toBe(400);
    expect((await call(t, bob, 'GET', '/api/v1/assignments/count/bob')).json()).toBe(before);
  });
});

function bobName() {
  return 'bob';
}

describe('answering, marking and review', () => {
  it('takes a whole batch, marks it, clears drafts and pending, and counts it in the calendar', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const due = dueIn(t, 30);
    const choice = await createQuestion(t, teacher, { students: [name], targetDate: due });
    const multi = await createQuestion(t, teacher, { type: 'M', students: [name], targetDate: due });
    const short = await createQuestion(t, teacher, { type: 's', students: [name], targetDate: due });

    // Drafts are kept on the server (and only for pending questions).
    const draft = await call(t, student, 'PATCH', `/api/v1/drafts/${name}`, {
      changes: {
        [choice]: { answer: '12', version: 0 },
        [short]: { answer: 'draft text', version: 0 },
        999999: { answer: 'ghost', version: 0 },
      },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toEqual({ saved: { [choice]: 1, [short]: 1 }, conflicts: {}, closed: [999999] });
    expect((await call(t, student, 'GET', `/api/v1/drafts/${name}`)).json().answers).toEqual({
      [choice]: '12',
      [short]: 'draft text',
    });

    const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: choice, studentAnswer: '12', studentName: name, submitDate: '1999-01-01T00:00:00' },
      { questionId: multi, studentAnswer: '["012","01"]', studentName: name.toUpperCase() },
      { questionId: short, studentAnswer: 'zero and one', studentName: name },
    ]);
    expect(response.statusCode).toBe(200);
    const created = response.json() as SubmissionQuestion[];
    expect(created.map((s) => s.marked)).toEqual([-1, 1, 0]);
    expect(created[0]!.question.answer).toBe('01');
    expect(created[0]!.submitDate.startsWith('1999')).toBe(false);

    expect((await call(t, student, 'GET', `/api/v1/drafts/${name}`)).json().answers).toEqual({});
    expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(0);
    expect((await call(t, student, 'GET', `/api/v1/assignments/latest/${name}`)).json()).toBeNull();
    expect((await call(t, student, 'GET', `/api/v1/submissions/count/${name}`)).json()).toBe(3);

    const day = dayOf(new Date(created[0]!.targetDate), t.config.timeZone);
    const [year, month] = day.split('-');
    const calendar = (
      await call(t, student, 'GET', `/api/v1/calendars/${name}/${year}/${Number(month)}`)
    ).json() as CalendarItem[];
    expect(calendar).toEqual([
      {
        year: Number(year),
        month: Number(month),
        day: Number(day.slice(8)),
        student: { name },
        solved: 3,
        unsolved: 0,
        toMark: 1,
      },
    ]);

    // The submissions page: sorted by generated date (newest first), with a summary over everything.
    const page = (
      await call(t, student, 'GET', `/api/v1/submissions/${name}?size=2`)
    ).json() as Page<SubmissionQuestion> & {
      summary: SubmissionSummary;
    };
    expect(page.totalElements).toBe(3);
    expect(page.content).toHaveLength(2);
    expect(page.summary).toMatchObject({ total: 3, correct: 1, wrong: 1, unmarked: 1 });
    // Every submission's mark in the page's order, for the jump grid's colours on every page.
    const pages = await Promise.all(
      [0, 1, 2].map(
        async (n) =>
          (await call(t, student, 'GET', `/api/v1/submissions/${name}?size=1&page=${n}`)).json() as {
            content: SubmissionQuestion[];
            marks: number[];
          },
      ),
    );
    for (const one of pages) expect(one.marks).toEqual(pages.map((p) => p.content[0]!.marked));
    // The total comes with the page's rows, and without rows to carry it past the end.
    expect(pages.map((p) => (p as unknown as Page<SubmissionQuestion>).totalElements)).toEqual([3, 3, 3]);
    const pastEnd = (await call(t, student, 'GET', `/api/v1/submissions/${name}?size=2&page=5`)).json();
    expect(pastEnd).toMatchObject({ totalElements: 3, numberOfElements: 0 });
    expect([...pages[0]!.marks].sort()).toEqual([-1, 0, 1]);
    // Each sort is its own prepared statement: asking for one never gives another's order.
    const ordered = async (query: string) => {
      const one = (await call(t, student, 'GET', `/api/v1/submissions/${name}?${query}`)).json() as {
        content: SubmissionQuestion[];
        marks: number[];
      };
      expect(one.marks).toEqual(one.content.map((c) => c.marked));
      return one.content.map((c) => c.id);
    };
    const ascending = created.map((c) => c.id).sort((a, b) => a - b);
    for (let round = 0; round < 2; round++) {
      expect(await ordered('sort=id,asc')).toEqual(ascending);
      expect(await ordered('sort=id,desc')).toEqual([...ascending].reverse());
      expect(await ordered(`date=${day}&sort=id,desc`)).toEqual([...ascending].reverse());
      expect(await ordered(`date=${day}&sort=marked,asc`)).toEqual(
        [...created].sort((a, b) => a.marked - b.marked).map((c) => c.id),
      );
      expect(await ordered('sort=marked,desc&sort=id,desc')).toEqual(
        [...created].sort((a, b) => b.marked - a.marked).map((c) => c.id),
      );
    }
    const byDate = (await call(t, student, 'GET', `/api/v1/submissions/${name}?date=${day}`)).json();
    expect(byDate.totalElements).toBe(3);
    const otherDay = (await call(t, student, 'GET', `/api/v1/submissions/${name}?date=2020-01-01`)).json();
    expect(otherDay.totalElements).toBe(0);

    // The teacher marks the short answer; the calendar follows.
    const toMark = (
      await call(t, teacher, 'GET', `/api/v1/submissions/mark/${name}`)
    ).json() as Page<SubmissionQuestion>;
    expect(toMark.content.map((s) => s.question.id)).toEqual([short]);
    const marked = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, {
      [toMark.content[0]!.id]: 1,
    });
    expect(marked.statusCode).toBe(200);
    expect((marked.json() as SubmissionQuestion[])[0]!.marked).toBe(1);
    const after = (
      await call(t, student, 'GET', `/api/v1/calendars/${name}/${year}/${Number(month)}`)
    ).json();
    expect(after[0]).toMatchObject({ solved: 3, unsolved: 0, toMark: 0 });

    // Review lists the wrong one; a wrong redo keeps it, a correct redo removes it.
    const review = (
      await call(t, student, 'GET', `/api/v1/submissions/review/${name}`)
    ).json() as Page<SubmissionQuestion>;
    expect(review.content.map((s) => s.question.id)).toEqual([choice]);
    const wrongRedo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: choice, studentAnswer: '012' },
    ]);
    expect((wrongRedo.json() as SubmissionQuestion[])[0]).toMatchObject({ marked: -1, redo: true });
    expect((await call(t, student, 'GET', `/api/v1/submissions/review/${name}`)).json().totalElements).toBe(
      1,
    );
    const rightRedo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: choice, studentAnswer: '01' },
    ]);
    expect((rightRedo.json() as SubmissionQuestion[])[0]).toMatchObject({ marked: 1, redo: true });
    expect((await call(t, student, 'GET', `/api/v1/submissions/review/${name}`)).json().totalElements).toBe(
      0,
    );
    const notInReview = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: choice, studentAnswer: '01' },
    ]);
    expect(notInReview.statusCode).toBe(400);
    expect(notInReview.json().message).toMatch(/not in .* review list/);

    // Day counts: by day of submitting, newest first.
    const counts = (await call(t, student, 'GET', `/api/v1/submissions/day_counts?name=${name}`)).json();
    expect(counts).toEqual([
      {
        name,
        date: dayOf(t.clock.now(), t.config.timeZone),
        correctCounts: 3,
        wrongCounts: 2,
        unmarkedCounts: 0,
      },
    ]);
    expect(
      (await call(t, student, 'GET', `/api/v1/submissions/day_counts/latest?name=${name}`)).json(),
    ).toEqual(counts[0]);
  });

  it('rejects a whole batch with a bad item, naming every bad item, and saves nothing', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const a = await createQuestion(t, teacher, { students: [name] });
    const b = await createQuestion(t, teacher, { students: [name] });
    const notMine = await createQuestion(t, teacher, { students: ['bob'] });
    const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: a, studentAnswer: '01', studentName: name },
      { questionId: b, studentAnswer: 'not an option', studentName: name },
      { questionId: notMine, studentAnswer: '01', studentName: name },
      { questionId: a, studentAnswer: '01', studentName: name },
    ]);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details.map((d: { path: string }) => d.path)).toEqual([
      '[1].studentAnswer',
      '[2].questionId',
      '[3].questionId',
    ]);
    expect(body.message).toMatch(/Answer 2 \(studentAnswer\): is not one of the options/);
    expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(2);
    expect((await call(t, student, 'GET', `/api/v1/submissions/count/${name}`)).json()).toBe(0);
  });

  it('lets only the student themself or staff submit for a name; parents read but never write', async () => {
    const q = await createQuestion(t, teacher, { students: ['alice'] });
    const item = [{ questionId: q, studentAnswer: '01', studentName: 'alice' }];
    expect((await call(t, bob, 'POST', '/api/v1/submissions/multiples', item)).statusCode).toBe(403);
    expect((await call(t, parent, 'POST', '/api/v1/submissions/multiples', item)).statusCode).toBe(403);
    expect((await call(t, null, 'POST', '/api/v1/submissions/multiples', item)).statusCode).toBe(401);
    expect((await call(t, parent, 'GET', '/api/v1/questions/student/alice')).statusCode).toBe(200);
    expect(
      (
        await call(t, parent, 'PATCH', '/api/v1/drafts/alice', {
          changes: { 1: { answer: 'x', version: 0 } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t, bob, 'GET', '/api/v1/submissions/alice')).statusCode).toBe(403);
    expect((await call(t, bob, 'GET', '/api/v1/submissions/review/alice')).statusCode).toBe(403);
    expect((await call(t, alice, 'GET', '/api/v1/submissions/mark/alice')).statusCode).toBe(403);
  });

  it('checks marks: values in {0,1,-1}, ids of that student only, all or nothing', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const q = await createQuestion(t, teacher, { type: 's', students: [name] });
    const [mine] = (
      await call(t, student, 'POST', '/api/v1/submissions/multiples', [
        { questionId: q, studentAnswer: 'x', studentName: name },
      ])
    ).json() as SubmissionQuestion[];
    const q2 = await createQuestion(t, teacher, { type: 's', students: ['bob'] });
    const [bobs] = (
      await call(t, bob, 'POST', '/api/v1/submissions/multiples', [
        { questionId: q2, studentAnswer: 'y', studentName: 'bob' },
      ])
    ).json() as SubmissionQuestion[];

    const badValue = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { [mine!.id]: 2 });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().message).toMatch(/marks must be 0, 1 or -1/);
    // A key that is no submission id says so (zod alone answered "Invalid key in record").
    const badKey = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { first: 1 });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe('first: keys must be submission ids');
    const foreign = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, {
      [mine!.id]: 1,
      [bobs!.id]: 1,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`No submission ${bobs!.id} of ${name}.`);
    // Nothing changed.
    const unmarked = (await call(t, teacher, 'GET', `/api/v1/submissions/mark/${name}`)).json();
    expect(unmarked.totalElements).toBe(1);
    // `{}` marks nothing: a 200 (server/wire.test.ts).
    expect((await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, {})).statusCode).toBe(200);
    expect((await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { abc: 1 })).statusCode).toBe(
      400,
    );
  });
});

describe('assignments and reading lists', () => {
  it('keeps one pending assignment per question and student; re-assigning moves the due date or reopens', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const q = await createQuestion(t, teacher, { students: [name], targetDate: dueIn(t, 24) });
    const later = dueIn(t, 72);
    const again = await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [q],
      names: [name],
      targetDate: later,
    });
    expect(again.statusCode).toBe(200);
    expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(1);
    expect((await call(t, student, 'GET', `/api/v1/assignments/ids/${name}`)).json()).toEqual([q]);
    expect((await call(t, student, 'GET', `/api/v1/assignments/latest/${name}`)).json()).toBe(
      later.slice(0, 10),
    );

    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: q, studentAnswer: '12', studentName: name },
    ]);
    expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(0);
    await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [q],
      names: [name],
      targetDate: later,
    });
    expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(1);
  });

  it('answers 400 for bad assignment requests', async () => {
    const q = await createQuestion(t, teacher);
    for (const [body, message] of [
      [{ questionIds: [], names: ['bob'], targetDate: dueIn(t, 5) }, /^questionIds: must not be empty/],
      [{ questionIds: [q], names: ['ghost'], targetDate: dueIn(t, 5) }, /^names: unknown student "ghost"/],
      [
        { questionIds: [987654], names: ['bob'], targetDate: dueIn(t, 5) },
        /^questionIds: no question with id 987654/,
      ],
      [
        { questionIds: ['one'], names: ['bob'], targetDate: dueIn(t, 5) },
        /^questionIds\.0: must be a number/,
      ],
      [{ questionIds: [q], names: ['bob'] }, /^targetDate: is required/],
    ] as const) {
      const response = await call(t, teacher, 'POST', '/api/v1/assignments', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('refuses malformed dates, pages and sorts with a 400', async () => {
    for (const url of [
      '/api/v1/questions/student/bob?date=2026-1-1',
      '/api/v1/questions/student/bob?date=yesterday',
      '/api/v1/questions/student/bob?page=-1',
      '/api/v1/questions/student/bob?size=0',
      '/api/v1/questions/student/bob?sort=answer,asc',
      '/api/v1/questions/student/bob?sort=title,sideways',
      '/api/v1/submissions/bob?sort=password,desc',
      '/api/v1/calendars/bob/2026/13',
      '/api/v1/calendars/bob/26/1',
    ]) {
      const response = await call(t, teacher, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    // A bad sort says which fields sort the list (zod's bare "Invalid input" before).
    const badSort = await call(t, teacher, 'GET', '/api/v1/submissions/bob?sort=password,desc');
    expect(badSort.json().message).toMatch(/^sort: must be field,asc\|desc with field one of .*\bid\b/);
  });

  it('pages pending questions by due date and filters by due day', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    // From 10:00 on 10 March (Seoul): due at 20:00 and 22:00 that day, then 00:00 … 08:00 on the 11th.
    t.clock.set('2026-03-10T10:00:00+09:00');
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(await createQuestion(t, teacher, { students: [name], targetDate: dueIn(t, 10 + 2 * i) }));
    const first = (
      await call(t, student, 'GET', `/api/v1/questions/student/${name}?size=5`)
    ).json() as Page<QuestionStudent>;
    expect(first).toMatchObject({ totalElements: 7, totalPages: 2, numberOfElements: 5, last: false });
    const second = (
      await call(t, student, 'GET', `/api/v1/questions/student/${name}?page=1&size=5`)
    ).json() as Page<QuestionStudent>;
    expect([...first.content, ...second.content].map((q) => q.id)).toEqual(ids);
    expect(second).toMatchObject({ totalElements: 7, numberOfElements: 2, last: true });
    // The total comes with the page's rows; past the end there are none to carry it.
    const pastEnd = (await call(t, student, 'GET', `/api/v1/questions/student/${name}?page=3&size=5`)).json();
    expect(pastEnd).toMatchObject({ totalElements: 7, totalPages: 2, numberOfElements: 0 });
    const dayTotal = (
      await call(t, student, 'GET', `/api/v1/questions/student/${name}?date=2026-03-11&size=2&page=1`)
    ).json();
    expect(dayTotal).toMatchObject({ totalElements: 5, numberOfElements: 2 });
    const none = (await call(t, student, 'GET', `/api/v1/questions/student/${name}?date=2026-03-12`)).json();
    expect(none).toMatchObject({ totalElements: 0, numberOfElements: 0 });
    const byTitle = (
      await call(t, student, 'GET', `/api/v1/questions/student/${name}?sort=id,desc&size=100`)
    ).json();
    expect(byTitle.content.map((q: QuestionStudent) => q.id)).toEqual([...ids].reverse());
    const onDay = async (day: string) =>
      (await call(t, student, 'GET', `/api/v1/questions/student/${name}?date=${day}&size=100`))
        .json()
        .content.map((q: QuestionStudent) => q.id);
    // A day is a day in Seoul: midnight belongs to the day it starts.
    expect(await onDay('2026-03-10')).toEqual(ids.slice(0, 2));
    expect(await onDay('2026-03-11')).toEqual(ids.slice(2));
    expect(await onDay('2026-03-12')).toEqual([]);
    // The jump grid's ids follow the same order and the same day filter.
    expect((await call(t, student, 'GET', `/api/v1/assignments/ids/${name}`)).json()).toEqual(ids);
    for (const day of ['2026-03-10', '2026-03-11']) {
      const idsOnDay = (await call(t, student, 'GET', `/api/v1/assignments/ids/${name}?date=${day}`)).json();
      expect(idsOnDay).toEqual(await onDay(day));
    }
    expect(
      (await call(t, student, 'GET', `/api/v1/assignments/ids/${name}?date=2026-02-30`)).statusCode,
    ).toBe(400);
  });

  it('shows teacher-mode calendars of several students and lets an admin rebuild one', async () => {
    const s1 = await t.createUser({ roles: ['STUDENT'] });
    const s2 = await t.createUser({ roles: ['STUDENT'] });
    const due = dueIn(t, 26);
    await createQuestion(t, teacher, { students: [s1.user.username, s2.user.username], targetDate: due });
    const day = due.slice(0, 10);
    const [year, month] = day.split('-');
    const url = `/api/v1/calendars/${year}/${Number(month)}?students=${s2.user.username},ghost,${s1.user.username}`;
    const items = (await call(t, teacher, 'GET', url)).json() as CalendarItem[];
    expect(items.map((i) => [i.student.name, i.unsolved, i.solved])).toEqual([
      [s2.user.username, 1, 0],
      [s1.user.username, 1, 0],
    ]);
    expect((await call(t, s1, 'GET', url)).statusCode).toBe(403);
    const admin = await t.createUser({ roles: ['ADMIN'] });
    const rebuilt = await call(t, admin, 'PATCH', `/api/v1/calendars/${s1.user.username}`);
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.json()).toBe(1);
    expect((await call(t, teacher, 'PATCH', `/api/v1/calendars/${s1.user.username}`)).statusCode).toBe(403);
  });
});

describe('scores and reassigning', () => {
  it('scores first answers only: redos are counted apart, as corrected on review', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createQuestion(t, teacher, { students: [name] }));
    // Two right, three wrong.
    await call(
      t,
      student,
      'POST',
      '/api/v1/submissions/multiples',
      ids.map((questionId, i) => ({ questionId, studentAnswer: i < 2 ? '01' : '12', studentName: name })),
    );
    const before = (await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json().summary;
    expect(before).toMatchObject({ total: 5, correct: 2, wrong: 3, redos: 0, corrected: 0 });
    // Two redos: one right, one wrong.
    const redo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: ids[2], studentAnswer: '01' },
      { questionId: ids[3], studentAnswer: '012' },
    ]);
    expect(redo.statusCode).toBe(200);
    const after = (await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json();
    expect(after.summary).toMatchObject({
      total: 5,
      correct: 2,
      wrong: 3,
      unmarked: 0,
      redos: 2,
      corrected: 1,
    });
    // The list still shows every answer, redos included.
    expect(after.totalElements).toBe(7);
  });

  it('a reassigned answered question is in Tutoring only until it is answered again', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const q = await createQuestion(t, teacher, { students: [name] });
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: q, studentAnswer: '12', studentName: name },
    ]);
    const reviewIds = async () =>
      (
        (
          await call(t, student, 'GET', `/api/v1/submissions/review/${name}`)
        ).json() as Page<SubmissionQuestion>
      ).content.map((s) => s.question.id);
    expect(await reviewIds()).toEqual([q]);

    const reassigned = await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [q],
      names: [name],
      targetDate: dueIn(t, 72),
    });
    expect(reassigned.statusCode).toBe(200);
    expect((await call(t, student, 'GET', `/api/v1/assignments/ids/${name}`)).json()).toEqual([q]);
    expect(await reviewIds()).toEqual([]);
    const redo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: q, studentAnswer: '01' },
    ]);
    expect(redo.statusCode).toBe(400);
    expect(redo.json().message).toMatch(/assigned to .* again: answer it on the tutoring page/);

    // Answered wrong again: back in Review, once; both answers to assignments count in the score.
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: q, studentAnswer: '012', studentName: name },
    ]);
    expect(await reviewIds()).toEqual([q]);
    expect((await call(t, student, 'GET', `/api/v1/assignments/ids/${name}`)).json()).toEqual([]);
    expect((await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json().summary).toMatchObject({
      total: 2,
      wrong: 2,
    });
  });
});

describe('refusals word for word, and the fields of an answer', () => {
  const post = (as: TestUser, url: string, body: unknown) => call(t, as, 'POST', url, body);

  it('names each refused answer of a batch in its details and in one message', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const a = await createQuestion(t, teacher, { students: [name] });
    const notMine = await createQuestion(t, teacher, { students: ['bob'] });
    const response = await post(student, '/api/v1/submissions/multiples', [
      { questionId: 987654, studentAnswer: '01', studentName: name },
      { questionId: a, studentAnswer: 'nope', studentName: name },
      { questionId: notMine, studentAnswer: '01', studentName: name },
      { questionId: a, studentAnswer: '01', studentName: name },
    ]);
    expect(response.statusCode).toBe(400);
    const details = [
      { path: '[0].questionId', message: 'no question with id 987654' },
      { path: '[1].studentAnswer', message: 'is not one of the options' },
      { path: '[2].questionId', message: `question ${notMine} is not pending for ${name}` },
      { path: '[3].questionId', message: `question ${a} is answered twice in this batch` },
    ];
    expect(response.json().details).toEqual(details);
    expect(response.json().message).toBe(
      `Answer 1 (questionId): no question with id 987654; Answer 2 (studentAnswer): is not one of the options; ` +
        `Answer 3 (questionId): question ${notMine} is not pending for ${name}; ` +
        `Answer 4 (questionId): question ${a} is answered twice in this batch`,
    );
  });

  it('names each refused redo: an answer that does not fit, a question twice, one not in review', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const wrong = await createQuestion(t, teacher, { students: [name] });
    const right = await createQuestion(t, teacher, { students: [name] });
    await post(student, '/api/v1/submissions/multiples', [
      { questionId: wrong, studentAnswer: '12', studentName: name },
      { questionId: right, studentAnswer: '01', studentName: name },
    ]);
    const response = await post(student, `/api/v1/submissions/review/${name}`, [
      { questionId: wrong, studentAnswer: 'nope' },
      { questionId: wrong, studentAnswer: '01' },
      { questionId: right, studentAnswer: '01' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: '[0].studentAnswer', message: 'is not one of the options' },
      { path: '[1].questionId', message: `question ${wrong} is answered twice in this batch` },
      { path: '[2].questionId', message: `question ${right} is not in ${name}'s review list` },
    ]);
    // Nothing was stored: the wrong answer is still the one to redo.
    expect((await call(t, student, 'GET', `/api/v1/submissions/review/${name}`)).json().totalElements).toBe(
      1,
    );
  });

  it("names every submission that is not the student's when marks name several", async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const other = await t.createUser({ roles: ['STUDENT'] });
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const q = await createQuestion(t, teacher, { type: 's', students: [other.user.username] });
      const [answer] = (
        await post(other, '/api/v1/submissions/multiples', [
          { questionId: q, studentAnswer: 'text', studentName: other.user.username },
        ])
      ).json() as SubmissionQuestion[];
      ids.push(answer!.id);
    }
    const name = student.user.username;
    const response = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, {
      [ids[0]!]: 1,
      [ids[1]!]: -1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`No submissions ${ids[0]}, ${ids[1]} of ${name}.`);
  });

  it('answers each stored answer with its submit time, due date and redo flag; a redo keeps the due date', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const early = dueIn(t, 30);
    const late = dueIn(t, 78);
    const first = await createQuestion(t, teacher, { students: [name], targetDate: early });
    const second = await createQuestion(t, teacher, { students: [name], targetDate: late });
    const submitted = dueIn(t, 0);
    const answers = (
      await post(student, '/api/v1/submissions/multiples', [
        { questionId: second, studentAnswer: '12', studentName: name },
        { questionId: first, studentAnswer: '01', studentName: name },
      ])
    ).json() as SubmissionQuestion[];
    const expected = {
      [first]: { studentAnswer: '01', submitDate: submitted, targetDate: early, marked: 1, redo: false },
      [second]: { studentAnswer: '12', submitDate: submitted, targetDate: late, marked: -1, redo: false },
    };
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(answer).toMatchObject(expected[answer.question.id]!);

    t.clock.advance(3_600_000);
    const [redo] = (
      await post(student, `/api/v1/submissions/review/${name}`, [{ questionId: second, studentAnswer: '01' }])
    ).json() as SubmissionQuestion[];
    expect(redo).toMatchObject({
      studentAnswer: '01',
      submitDate: dueIn(t, 0),
      targetDate: late,
      redo: true,
    });

    const page = (await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json();
    // Date-times like every answer's targetDate (the contract's format), not days.
    expect(page.summary.firstDueDate).toBe(early);
    expect(page.summary.lastDueDate).toBe(late);
  });

  it('sums up nothing for a student with no answer, and has no latest day count', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const page = (await call(t, student, 'GET', `/api/v1/submissions/${name}`)).json();
    expect(page.summary).toEqual({
      total: 0,
      correct: 0,
      wrong: 0,
      unmarked: 0,
      redos: 0,
      corrected: 0,
      firstDueDate: null,
      lastDueDate: null,
    });
    expect(page.marks).toEqual([]);
    expect((await call(t, student, 'GET', `/api/v1/submissions/day_counts?name=${name}`)).json()).toEqual([]);
    const latest = await call(t, student, 'GET', `/api/v1/submissions/day_counts/latest?name=${name}`);
    expect(latest.statusCode).toBe(404);
    expect(latest.json().message).toBe('No submissions yet.');
  });

  it('counts answers per day of submitting, newest day first, and the latest is the newest', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await createQuestion(t, teacher, { students: [name], targetDate: dueIn(t, 100) }));
    const answer = (questionId: number, studentAnswer: string) =>
      post(student, '/api/v1/submissions/multiples', [{ questionId, studentAnswer, studentName: name }]);
    const day1 = dayOf(t.clock.now(), t.config.timeZone);
    await answer(ids[0]!, '01');
    t.clock.advance(24 * 3_600_000);
    const day2 = dayOf(t.clock.now(), t.config.timeZone);
    await answer(ids[1]!, '12');
    await answer(ids[2]!, '01');
    const counts = (await call(t, student, 'GET', `/api/v1/submissions/day_counts?name=${name}`)).json();
    expect(counts).toEqual([
      { name, date: day2, correctCounts: 1, wrongCounts: 1, unmarkedCounts: 0 },
      { name, date: day1, correctCounts: 1, wrongCounts: 0, unmarkedCounts: 0 },
    ]);
    expect(
      (await call(t, student, 'GET', `/api/v1/submissions/day_counts/latest?name=${name}`)).json(),
    ).toEqual(counts[0]);
  });

  it('sums up only the answers due on the day asked for', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const first = dueIn(t, 30);
    const next = dueIn(t, 54);
    const a = await createQuestion(t, teacher, { students: [name], targetDate: first });
    const b = await createQuestion(t, teacher, { students: [name], targetDate: next });
    await post(student, '/api/v1/submissions/multiples', [
      { questionId: a, studentAnswer: '01', studentName: name },
      { questionId: b, studentAnswer: '12', studentName: name },
    ]);
    const day = dayOf(new Date(first), t.config.timeZone);
    const page = (await call(t, student, 'GET', `/api/v1/submissions/${name}?date=${day}`)).json();
    expect(page.totalElements).toBe(1);
    expect(page.summary).toMatchObject({ total: 1, correct: 1, wrong: 0, unmarked: 0 });
    expect(page.summary).toMatchObject({ firstDueDate: first, lastDueDate: first });
    expect(page.marks).toEqual([1]);
  });

  it("keeps the stored topic statistics and calendar equal to a recount through answers, a teacher's mark and redos", async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const short = await createQuestion(t, teacher, { type: 's', students: [name], topics: ['recount a'] });
    const choice = await createQuestion(t, teacher, { students: [name], topics: ['recount b'] });
    const expectRecounted = async (step: string) => {
      const stats = await storedTopicStats(t.database.db, student.user.id);
      expect(stats, step).toEqual(await recountTopicStats(t.database.db, student.user.id));
      const calendar = (await storedCalendar(t.database.db, student.user.id)).map(
        ({ day, solved, unsolved, toMark }) => ({ day, solved, unsolved, toMark }),
      );
      expect(calendar, step).toEqual(await recountCalendar(t.database.db, student.user.id));
      return { stats, calendar };
    };
    const [essay] = (
      await post(student, '/api/v1/submissions/multiples', [
        { questionId: short, studentAnswer: 'an essay', studentName: name },
        { questionId: choice, studentAnswer: '12', studentName: name },
      ])
    ).json() as SubmissionQuestion[];
    // An answer waiting for a mark counts under no topic yet.
    expect((await expectRecounted('answered')).stats.map((s) => s.topic)).toEqual(['recount b']);
    const marked = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { [essay!.id]: -1 });
    expect(marked.statusCode).toBe(200);
    const afterMark = await expectRecounted('marked');
    expect(afterMark.stats.map((s) => s.topic).sort()).toEqual(['recount a', 'recount b']);
    expect(afterMark.calendar).toMatchObject([{ solved: 2, toMark: 0 }]);
    // A redo of the short answer waits for a mark again, on the day of the answer it redoes.
    const redo = await post(student, `/api/v1/submissions/review/${name}`, [
      { questionId: short, studentAnswer: 'a better essay' },
      { questionId: choice, studentAnswer: '01' },
    ]);
    expect(redo.statusCode).toBe(200);
    expect((await expectRecounted('redone')).calendar).toMatchObject([{ solved: 2, toMark: 1 }]);
  });

  it('counts a batch of answers into their days and topics exactly, and recounts a day whose stored row is missing', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const other = await t.createUser({ roles: ['STUDENT'] });
    const third = await t.createUser({ roles: ['STUDENT'] });
    const names = [student.user.username, other.user.username, third.user.username];
    const soon = dueIn(t, 30);
    const later = dueIn(t, 80);
    const a = await createQuestion(t, teacher, {
      students: names,
      targetDate: soon,
      topics: ['batch a', 'batch b'],
    });
    const b = await createQuestion(t, teacher, { students: names, targetDate: soon, topics: ['batch b'] });
    const c = await createQuestion(t, teacher, {
      type: 's',
      students: names,
      targetDate: later,
      topics: ['batch a'],
    });
    const d = await createQuestion(t, teacher, { students: names, targetDate: later, topics: ['batch c'] });
    const expectRecounted = async (who: TestUser, step: string) => {
      const id = who.user.id;
      expect(await storedTopicStats(t.database.db, id), step).toEqual(
        await recountTopicStats(t.database.db, id),
      );
      const calendar = (await storedCalendar(t.database.db, id)).map(({ day, solved, unsolved, toMark }) => ({
        day,
        solved,
        unsolved,
        toMark,
      }));
      expect(calendar, step).toEqual(await recountCalendar(t.database.db, id));
      return calendar;
    };
    // Stored counts that were never written for the later day (as before the calendar existed):
    // the answers' statement finds no row to add to, so the day is recounted.
    await t.database.db
      .delete(calendarDays)
      .where(
        and(
          eq(calendarDays.studentId, student.user.id),
          eq(calendarDays.day, dayOf(new Date(later), t.config.timeZone)),
        ),
      );
    const answered = await post(student, '/api/v1/submissions/multiples', [
      { questionId: a, studentAnswer: '01', studentName: names[0] },
      { questionId: b, studentAnswer: '12', studentName: names[0] },
      { questionId: c, studentAnswer: 'an essay', studentName: names[0] },
      { questionId: d, studentAnswer: '01', studentName: names[0] },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await expectRecounted(student, 'first student')).toMatchObject([
      { solved: 2, unsolved: 0, toMark: 0 },
      { solved: 2, unsolved: 0, toMark: 1 },
    ]);
    // Two students in one batch (a teacher answering for both), two answers to one topic.
    const both = await post(teacher, '/api/v1/submissions/multiples', [
      { questionId: a, studentAnswer: '12', studentName: names[1] },
      { questionId: a, studentAnswer: '12', studentName: names[2] },
      { questionId: b, studentAnswer: '01', studentName: names[1] },
      { questionId: d, studentAnswer: '12', studentName: names[1] },
    ]);
    expect(both.statusCode, both.body).toBe(200);
    expect(await expectRecounted(third, 'third student')).toMatchObject([
      { solved: 1, unsolved: 1, toMark: 0 },
      { solved: 0, unsolved: 2, toMark: 0 },
    ]);
    // Added to what is stored: a second wrong answer under a topic in a request of its own.
    const again = await post(third, '/api/v1/submissions/multiples', [
      { questionId: b, studentAnswer: '12', studentName: names[2] },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    await expectRecounted(third, 'third student, again');
    expect(await storedTopicStats(t.database.db, third.user.id)).toEqual([
      { topic: 'batch a', correctCount: 0, wrongCount: 1, totalCount: 1 },
      { topic: 'batch b', correctCount: 0, wrongCount: 2, totalCount: 2 },
    ]);
    expect(await expectRecounted(other, 'second student')).toMatchObject([
      { solved: 2, unsolved: 0, toMark: 0 },
      { solved: 1, unsolved: 1, toMark: 0 },
    ]);
    expect(await storedTopicStats(t.database.db, other.user.id)).toEqual([
      { topic: 'batch a', correctCount: 0, wrongCount: 1, totalCount: 1 },
      { topic: 'batch b', correctCount: 1, wrongCount: 1, totalCount: 2 },
      { topic: 'batch c', correctCount: 0, wrongCount: 1, totalCount: 1 },
    ]);
  });

  it('orders the lists by default (answers and review: newest question first; marking: oldest answer first) and pages past the first', async () => {
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    // Created (and answered, so submission ids ascend) oldest question first.
    const ids: number[] = [];
    for (const day of ['01', '02', '03'])
      ids.push(
        await createQuestion(t, teacher, {
          type: 's',
          students: [name],
          generatedDate: `2026-03-${day}T09:00:00`,
        }),
      );
    const newestFirst = [...ids].reverse();
    // The last answer is sent last (the highest id) but stamped an hour earlier than the others.
    await post(
      student,
      '/api/v1/submissions/multiples',
      ids.slice(0, 2).map((questionId) => ({ questionId, studentAnswer: 'x', studentName: name })),
    );
    t.clock.advance(-3_600_000);
    await post(student, '/api/v1/submissions/multiples', [
      { questionId: ids[2]!, studentAnswer: 'x', studentName: name },
    ]);
    t.clock.advance(3_600_000);
    const questionIds = async (url: string) =>
      ((await call(t, teacher, 'GET', url)).json() as Page<SubmissionQuestion>).content.map(
        (s) => s.question.id,
      );
    expect(await questionIds(`/api/v1/submissions/${name}`)).toEqual(newestFirst);
    expect(await questionIds(`/api/v1/submissions/${name}?size=2&page=1`)).toEqual(newestFirst.slice(2));
    // Marking takes the oldest answer first (by submit time, not id).
    expect(await questionIds(`/api/v1/submissions/mark/${name}`)).toEqual([ids[2], ids[0], ids[1]]);
    const wrong = Object.fromEntries(
      (
        (await call(t, teacher, 'GET', `/api/v1/submissions/${name}`)).json() as Page<SubmissionQuestion>
      ).content.map((s) => [s.id, -1]),
    );
    expect((await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, wrong)).statusCode).toBe(200);
    expect(await questionIds(`/api/v1/submissions/review/${name}`)).toEqual(newestFirst);
    expect(await questionIds(`/api/v1/submissions/review/${name}?size=2&page=1`)).toEqual(
      newestFirst.slice(2),
    );
  });
});
