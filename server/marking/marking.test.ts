import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type { CalendarItem, MarkingItem, SubmissionSummary } from '../../common/contracts/tutoring.ts';
import { dayOf } from '../../common/dates.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';

let t: TestApp;
let teacher: TestUser;
let admin: TestUser;
let ann: TestUser;
let ben: TestUser;
let essay: number;
let story: number;
let choice: number;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  admin = await t.createUser({ roles: ['ADMIN'] });
  ann = await t.createUser({ roles: ['STUDENT'], username: 'ann' });
  ben = await t.createUser({ roles: ['STUDENT'], username: 'ben' });
  essay = await createQuestion(t, teacher, {
    type: 's',
    title: 'Essay',
    students: ['ann', 'ben'],
    answer: 'Loops repeat&code:&type=python:for i in range(2): print(i)',
    topics: ['writing'],
  });
  story = await createQuestion(t, teacher, {
    type: 's',
    title: 'Story',
    students: ['ann'],
    targetDate: dueIn(t, 24 * 5),
    topics: ['writing'],
  });
  choice = await createQuestion(t, teacher, { title: 'Choice', students: ['ann'] });
  // Ben answers the essay first, then Ann answers the story, then Ann the essay and the choice.
  await answer(ben, [{ questionId: essay, studentAnswer: 'ben on loops' }]);
  t.clock.advance(60_000);
  await answer(ann, [{ questionId: story, studentAnswer: 'ann story' }]);
  t.clock.advance(60_000);
  await answer(ann, [
    { questionId: essay, studentAnswer: 'ann on loops' },
    { questionId: choice, studentAnswer: '01' },
  ]);
});
afterAll(() => t.close());

async function answer(student: TestUser, items: { questionId: number; studentAnswer: string }[]) {
  const name = student.user.username;
  const response = await call(
    t,
    student,
    'POST',
    '/api/v1/submissions/multiples',
    items.map((i) => ({ ...i, studentName: name })),
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function inbox(query = ''): Promise<Page<MarkingItem>> {
  const response = await call(t, teacher, 'GET', `/api/v1/marking${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<MarkingItem>;
}

async function calendarOf(student: TestUser, questionDue: string): Promise<CalendarItem | undefined> {
  const day = dayOf(new Date(questionDue), t.config.timeZone);
  const [year, month] = day.split('-');
  const days = (
    await call(t, teacher, 'GET', `/api/v1/calendars/${student.user.username}/${year}/${Number(month)}`)
  ).json() as CalendarItem[];
  return days.find((d) => d.day === Number(day.slice(8)));
}

const countNow = async () =>
  ((await call(t, teacher, 'GET', '/api/v1/marking/count')).json() as { count: number }).count;

describe('GET /api/v1/marking', () => {
  it('lists every unmarked answer of every student, grouped by question, the longest waiting first, with the model answer', async () => {
    const page = await inbox();
    expect(page.totalElements).toBe(3);
    // The essay's oldest answer (Ben's) is older than the story's: the essay group comes first,
    // and inside it Ben's answer before Ann's. Marked answers (the choice) are not listed.
    expect(page.content.map((i) => [i.question.title, i.student, i.studentAnswer])).toEqual([
      ['Essay', 'ben', 'ben on loops'],
      ['Essay', 'ann', 'ann on loops'],
      ['Story', 'ann', 'ann story'],
    ]);
    expect(page.content[0]!.question.answer).toBe(
      'Loops repeat&code:&type=python:for i in range(2): print(i)',
    );
    expect(page.content[0]!.marked).toBe(0);
    expect(await countNow()).toBe(3);
  });

  it('filters by student and by due day, and pages', async () => {
    // Among Ann's answers alone, her story waits longer than her essay.
    expect((await inbox('?student=ANN')).content.map((i) => i.question.title)).toEqual(['Story', 'Essay']);
    const storyItem = (await inbox('?student=ann')).content.find((i) => i.question.title === 'Story')!;
    const storyDay = dayOf(new Date(storyItem.targetDate), t.config.timeZone);
    expect((await inbox(`?date=${storyDay}`)).content.map((i) => i.studentAnswer)).toEqual(['ann story']);
    expect((await inbox(`?student=ben&date=${storyDay}`)).totalElements).toBe(0);
    const second = await inbox('?size=2&page=1');
    expect(second).toMatchObject({ totalElements: 3, totalPages: 2, number: 1 });
    expect(second.content.map((i) => i.studentAnswer)).toEqual(['ann story']);
  });

  it('answers 404 for a student who does not exist (or is not a student), 400 for a bad day or sort', async () => {
    const missing = await call(t, teacher, 'GET', '/api/v1/marking?student=nosuchstudent');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Student not found.');
    expect((await call(t, teacher, 'GET', `/api/v1/marking?student=${admin.user.username}`)).statusCode).toBe(
      404,
    );
    expect((await call(t, teacher, 'GET', '/api/v1/marking?date=2026-13-01')).statusCode).toBe(400);
    expect((await call(t, teacher, 'GET', '/api/v1/marking?sort=id,asc')).statusCode).toBe(400);
    expect((await call(t, teacher, 'GET', `/api/v1/marking?student=${'x'.repeat(41)}`)).statusCode).toBe(400);
  });
});

describe('PUT /api/v1/marking', () => {
  it('marks answers of several students in one request; calendars, scores and the count follow', async () => {
    const items = (await inbox()).content;
    const benEssay = items.find((i) => i.student === 'ben')!;
    const annEssay = items.find((i) => i.student === 'ann' && i.question.id === essay)!;
    expect((await calendarOf(ben, benEssay.targetDate))?.toMark).toBe(1);

    const response = await call(t, teacher, 'PUT', '/api/v1/marking', {
      [benEssay.id]: 1,
      [annEssay.id]: -1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as MarkingItem[];
    expect(updated.map((i) => [i.student, i.marked])).toEqual([
      ['ben', 1],
      ['ann', -1],
    ]);

    expect(await countNow()).toBe(1);
    expect((await inbox()).content.map((i) => i.studentAnswer)).toEqual(['ann story']);
    expect(await calendarOf(ben, benEssay.targetDate)).toMatchObject({ solved: 1, toMark: 0 });
    const benSummary = (await call(t, ben, 'GET', '/api/v1/submissions/ben')).json()
      .summary as SubmissionSummary;
    expect(benSummary).toMatchObject({ total: 1, correct: 1, unmarked: 0 });
    const annSummary = (await call(t, ann, 'GET', '/api/v1/submissions/ann')).json()
      .summary as SubmissionSummary;
    expect(annSummary).toMatchObject({ total: 3, correct: 1, wrong: 1, unmarked: 1 });
    // Ann's wrong essay is now in her review list.
    const review = (await call(t, ann, 'GET', '/api/v1/submissions/review/ann')).json();
    expect(review.content.map((s: MarkingItem) => s.question.id)).toContain(essay);
  });

  it('changes a past mark (also an automatic one): the score and topic statistics are recounted', async () => {
    const annPage = (await call(t, teacher, 'GET', '/api/v1/submissions/ann?size=10')).json();
    const autoMarked = annPage.content.find((s: MarkingItem) => s.question.id === choice)!;
    expect(autoMarked.marked).toBe(1);
    const topicsBefore = (await call(t, teacher, 'GET', '/api/v1/stats/topics/page/ann?size=10')).json();
    const java = topicsBefore.content.find((r: { topic: string }) => r.topic === 'java');
    expect(java).toMatchObject({ correctCount: 1, wrongCount: 0 });

    const response = await call(t, admin, 'PUT', '/api/v1/marking', { [autoMarked.id]: -1 });
    expect(response.statusCode, response.body).toBe(200);
    const summary = (await call(t, ann, 'GET', '/api/v1/submissions/ann')).json()
      .summary as SubmissionSummary;
    expect(summary).toMatchObject({ total: 3, correct: 0, wrong: 2, unmarked: 1 });
    const topicsAfter = (await call(t, teacher, 'GET', '/api/v1/stats/topics/page/ann?size=10')).json();
    expect(topicsAfter.content.find((r: { topic: string }) => r.topic === 'java')).toMatchObject({
      correctCount: 0,
      wrongCount: 1,
    });
    // A teacher's mark is never taken back by the automatic marking rule (it is no longer automatic).
    expect(await countNow()).toBe(1);
  });

  it('refuses ids that are no submission, changing nothing; {} changes nothing', async () => {
    const [story] = (await inbox()).content;
    const response = await call(t, teacher, 'PUT', '/api/v1/marking', { [story!.id]: 1, 999999: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('No submission 999999.');
    expect(await countNow()).toBe(1);
    expect((await call(t, teacher, 'PUT', '/api/v1/marking', {})).json()).toEqual([]);
    expect((await call(t, teacher, 'PUT', '/api/v1/marking', { [story!.id]: 2 })).statusCode).toBe(400);
  });

  it('is for teachers and admins only', async () => {
    expect((await call(t, ann, 'GET', '/api/v1/marking')).statusCode).toBe(403);
    expect((await call(t, ann, 'GET', '/api/v1/marking/count')).statusCode).toBe(403);
    expect((await call(t, ann, 'PUT', '/api/v1/marking', {})).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/v1/marking')).statusCode).toBe(401);
  });
});
