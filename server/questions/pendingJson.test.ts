import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageRequest, toPage } from '../../common/contracts/paging.ts';
import type { QuestionStudent } from '../../common/contracts/responses.ts';
import { formatDateTime, timeLeft } from '../../common/dates.ts';
import { assignments, questions } from '../db/schema.ts';
import { multipartBody, startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';
import { loadQuestionDetails, toQuestionOnly } from './queries.ts';

/**
 * The student's pending questions are written as JSON by the database (`pendingQuestionsJson`) and
 * sent as they are. Their text must be the very text Node wrote before (`JSON.stringify` of the page
 * built here the way service.ts built it: `toQuestionOnly`, `formatDateTime`, `timeLeft`, `toPage`),
 * for strings that need escaping, pictures of the text (never of the explanation), a missing hint, no options or topics, stored times finer than a
 * millisecond, times overdue by less than a minute, before 1970, and a zone with a half-hour offset
 * and daylight saving time.
 */
const ZONE = 'America/St_Johns';
let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await startTestApp({ env: { APP_TIME_ZONE: ZONE } });
  const teacher = await t.createUser({ roles: ['TEACHER'] });
  student = await t.createUser({ roles: ['STUDENT'], username: 'json_reader' });
  const students = ['json_reader'];
  const awkward =
    'Quote " back \\ slash / tab \t line \n ctrl \u0001\u001f del \u007f 한글 𝄞😀 </script> %s %%';
  const picture = async (width: number) => {
    const data = await sharp({ create: { width, height: 30, channels: 3, background: 'navy' } })
      .png()
      .toBuffer();
    const body = multipartBody({}, { image: { name: 'p.png', type: 'image/png', data } });
    return (await t.request({ method: 'POST', url: '/api/v1/pictures', as: teacher, ...body })).json()
      .id as string;
  };
  await createQuestion(t, teacher, {
    // The text's pictures in order; the explanation's are left out of a pending question.
    pictures: [
      { id: await picture(41), part: 'question', alt: `alt ${awkward}` },
      { id: await picture(42), part: 'explanation', alt: 'not shown yet' },
      { id: await picture(43), part: 'question', alt: '2' },
    ],
    title: awkward,
    question: `${awkward}&code:int x = "1";\r\n`,
    candidates: [`a ${awkward}`, 'b', '"c"'],
    answer: 'b',
    hint: `hint ${awkward}`,
    topics: ['Zeta', 'alpha', '한글', 'Ärger', awkward],
    students,
    targetDate: dueIn(t, 30),
    generatedDate: '1969-12-31T20:29:59.500',
  });
  await createQuestion(t, teacher, {
    title: 'No hint, no options, no topics',
    type: 's',
    candidates: [],
    answer: 'anything',
    hint: null,
    topics: [],
    students,
    targetDate: dueIn(t, 50),
  });
  for (let i = 0; i < 5; i++)
    await createQuestion(t, teacher, { title: `Plain ${i}`, students, targetDate: dueIn(t, 24 * (i + 1)) });
  // Stored times no client could send: finer than a millisecond, overdue by less than a minute (a
  // time left of -0 in JavaScript), long past, and across the zone's change to daylight saving time.
  const ids = (await t.database.db.select({ id: questions.id }).from(questions).orderBy(questions.id)).map(
    (r) => r.id,
  );
  const now = t.clock.now().getTime();
  const at = (ms: number) => new Date(ms).toISOString();
  const times: [number, string][] = [
    [ids[0]!, `${at(now + 86_400_000).slice(0, 19)}.123456Z`],
    [ids[1]!, at(now - 59_999)],
    [ids[2]!, '1969-07-20T20:17:40.9999Z'],
    [ids[3]!, at(now + 59_999)],
    [ids[4]!, '2026-03-08T05:29:59.9996Z'],
    [ids[5]!, '2026-03-08T05:30:00.0004Z'],
  ];
  for (const [id, time] of times)
    await t.database.db
      .update(assignments)
      .set({ targetDate: sql`${time}::timestamptz` })
      .where(eq(assignments.questionId, id));
  await t.database.db.update(questions).set({ hint: null }).where(eq(questions.id, ids[1]!));
  await t.database.db
    .update(questions)
    .set({ generatedDate: sql`'2026-11-01T04:30:00.5Z'::timestamptz` })
    .where(eq(questions.id, ids[6]!));
});
afterAll(() => t.close());

/** The page as service.ts built it in Node, from the stored rows. */
async function expectedPage(request: PageRequest, day: string | null, order: 'due' | 'id desc') {
  const rows = await t.database.db
    .select({ question: questions, targetDate: assignments.targetDate, dueDay: assignments.dueDay })
    .from(assignments)
    .innerJoin(questions, eq(questions.id, assignments.questionId))
    .where(eq(assignments.studentId, student.user.id));
  const pending = rows
    .filter((r) => day === null || r.dueDay === day)
    .sort((a, b) =>
      order === 'id desc'
        ? b.question.id - a.question.id
        : a.targetDate.getTime() - b.targetDate.getTime() || a.question.id - b.question.id,
    );
  const shown = pending.slice(request.page * request.size, (request.page + 1) * request.size);
  const details = await loadQuestionDetails(
    t.database.db,
    shown.map((r) => r.question.id),
  );
  const content = shown.map((row): QuestionStudent => {
    const {
      answer: _answer,
      explanation: _explanation,
      ...rest
    } = toQuestionOnly(row.question, details.get(row.question.id)!, ZONE);
    return {
      ...rest,
      pictures: rest.pictures.filter((p) => p.part === 'question'),
      targetDate: formatDateTime(row.targetDate, ZONE),
      ...timeLeft(row.targetDate, t.clock.now()),
    };
  });
  return { text: JSON.stringify(toPage(content, request, pending.length)), pending };
}

describe('GET questions/student/{name}: the JSON PostgreSQL writes', () => {
  // A sort of three fields is built unnamed each time (not one named statement per variant): two
  // such sorts must not share one statement.
  it('answers each sort of three fields in its own order', async () => {
    const ids = async (sort: string) =>
      (
        (await call(t, student, 'GET', `/api/v1/questions/student/json_reader?size=100&${sort}`)).json() as {
          content: { id: number }[];
        }
      ).content.map((q) => q.id);
    const ascending = await ids('sort=id,asc&sort=title,asc&sort=generatedDate,asc');
    const descending = await ids('sort=id,desc&sort=title,asc&sort=generatedDate,asc');
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(descending).toEqual([...ascending].reverse());
  });

  it('is byte for byte what Node wrote, page by page, sorted and filtered by day', async () => {
    const cases: { query: string; request: PageRequest; day: string | null; order: 'due' | 'id desc' }[] = [
      { query: 'size=100', request: { page: 0, size: 100, sort: [] }, day: null, order: 'due' },
      { query: 'page=0&size=3', request: { page: 0, size: 3, sort: [] }, day: null, order: 'due' },
      { query: 'page=2&size=3', request: { page: 2, size: 3, sort: [] }, day: null, order: 'due' },
      { query: 'page=5&size=3', request: { page: 5, size: 3, sort: [] }, day: null, order: 'due' },
      {
        query: 'size=4&sort=id,desc',
        request: { page: 0, size: 4, sort: [{ field: 'id', direction: 'desc' }] },
        day: null,
        order: 'id desc',
      },
    ];
    const { pending } = await expectedPage({ page: 0, size: 1, sort: [] }, null, 'due');
    const day = pending[0]!.dueDay;
    cases.push({ query: `date=${day}&size=20`, request: { page: 0, size: 20, sort: [] }, day, order: 'due' });
    cases.push({
      query: 'date=2030-01-01&size=20',
      request: { page: 0, size: 20, sort: [] },
      day: '2030-01-01',
      order: 'due',
    });
    for (const { query, request, day, order } of cases) {
      const response = await call(t, student, 'GET', `/api/v1/questions/student/json_reader?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['content-type'], query).toBe('application/json; charset=utf-8');
      expect(response.body, query).toBe((await expectedPage(request, day, order)).text);
    }
  });

  it('answers every field of the awkward question as sent, and -0 minutes as 0', async () => {
    const page = (await call(t, student, 'GET', '/api/v1/questions/student/json_reader?size=100')).json();
    const overdue = page.content.find((q: QuestionStudent) => q.title === 'No hint, no options, no topics');
    expect(overdue).toMatchObject({
      hint: null,
      candidates: [],
      topics: [],
      minLeft: 0,
      hourLeft: 0,
      dayLeft: 0,
    });
    const awkward = page.content.find((q: QuestionStudent) => q.title.startsWith('Quote'));
    expect(awkward.title).toContain('\u0001\u001f del \u007f 한글 𝄞😀 </script> %s %%');
    expect(awkward.generatedDate).toBe('1969-12-31T20:29:59-03:30');
    expect(awkward.topics).toHaveLength(5);
  });
});
