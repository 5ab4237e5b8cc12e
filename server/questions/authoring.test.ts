import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type { ModifyResult, QuestionOnly, SubmissionQuestion } from '../../common/contracts/tutoring.ts';
import { rebuildCalendar, storedCalendar } from '../calendars/queries.ts';
import { AppError } from '../errors.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn, questionBody } from '../test/tutoring.ts';
import { createTopic } from './authoring.ts';

let t: TestApp;
let teacher: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'], username: 'mentor' });
  student = await t.createUser({ roles: ['STUDENT'], username: 'pupil' });
});
afterAll(() => t.close());

const total = async () =>
  ((await call(t, teacher, 'GET', '/api/v1/questions?size=1')).json() as Page<QuestionOnly>).totalElements;
const bulkItem = (i: number, extra: Record<string, unknown> = {}) => ({
  ...questionBody(t, { title: `Bulk ${i}`, students: ['pupil'] }),
  generatedDate: '2026-11-01T09:00:00',
  ...extra,
});

describe('POST /api/v1/questions/multiples', () => {
  it('saves nothing when any item is bad and lists every failing item (path [i], Item i+1 in the message) with the spec messages', async () => {
    const before = await total();
    const { title: _t, ...noTitle } = bulkItem(1);
    const { students: _s, ...noStudents } = bulkItem(3);
    const { candidates: _c, ...noCandidates } = bulkItem(4);
    const { generatedDate: _g, targetDate: _d, ...noDates } = bulkItem(5);
    const response = await call(t, teacher, 'POST', '/api/v1/questions/multiples', [
      bulkItem(0),
      noTitle,
      bulkItem(2, { type: 'x', answer: '', explanation: '', question: '' }),
      noStudents,
      noCandidates,
      noDates,
      bulkItem(6, { answer: 'not an option' }),
      // A known and an unknown student: only the unknown one is named.
      bulkItem(7, { students: ['pupil', 'ghost'] }),
      bulkItem(8, { targetDate: dueIn(t, 24 * 20) }),
    ]);
    expect(response.statusCode).toBe(400);
    const details = response.json().details as { path: string; message: string }[];
    const byItem = (i: number) => details.filter((d) => d.path === `[${i}]`).map((d) => d.message);
    expect(byItem(0)).toEqual([]);
    expect(byItem(1)).toEqual(['Title is missing']);
    expect(byItem(2)).toEqual([
      'Question is missing',
      'Type is missing or incorrect',
      'Answer is missing',
      'Explanation is missing',
    ]);
    expect(byItem(3)).toEqual(["'students' header is missing"]);
    expect(byItem(4)).toEqual(["'candidates' are missing"]);
    expect(byItem(5)).toEqual(['Generated date is missing', 'Target date is missing']);
    expect(byItem(6)).toEqual(['Answer: must be one of the options']);
    expect(byItem(7)).toEqual(['Unknown student "ghost"']);
    expect(byItem(8)).toEqual(['Target date must be at most 14 days ahead']);
    expect(response.json().message).toMatch(
      /^8 of 9 questions cannot be saved; nothing was saved\. Item 2: Title is missing; Item 3: /,
    );
    expect(await total()).toBe(before);
  });

  it('saves 1,000 questions in one request and transaction', async () => {
    const before = await total();
    const items = Array.from({ length: 1000 }, (_, i) => bulkItem(i, { topics: [`bulk-topic-${i % 7}`] }));
    const started = performance.now();
    const response = await call(t, teacher, 'POST', '/api/v1/questions/multiples', items);
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(1000);
    expect(await total()).toBe(before + 1000);
    expect((await call(t, student, 'GET', '/api/v1/assignments/count/pupil')).json()).toBeGreaterThanOrEqual(
      1000,
    );
    console.log(`bulk upload: 1000 questions saved in ${ms.toFixed(0)} ms (${t.database.kind})`);
  });

  it('answers 413 past the body limit and 400 for a non-array or more than 1,000 items', async () => {
    const huge = Array.from({ length: 3000 }, (_, i) => bulkItem(i, { explanation: 'x'.repeat(400) }));
    expect((await call(t, teacher, 'POST', '/api/v1/questions/multiples', huge)).statusCode).toBe(413);
    const tooMany = Array.from({ length: 1001 }, () => ({}));
    const many = await call(t, teacher, 'POST', '/api/v1/questions/multiples', tooMany);
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/At most 1000 questions/);
    expect((await call(t, teacher, 'POST', '/api/v1/questions/multiples', { title: 'x' })).statusCode).toBe(
      400,
    );
  });

  it("words a body that is not a list of questions in the upload's own terms", async () => {
    const notArray = await call(t, teacher, 'POST', '/api/v1/questions/multiples', { title: 'x' });
    expect(notArray.json().message).toBe('The body must be a JSON array of questions.');
    const empty = await call(t, teacher, 'POST', '/api/v1/questions/multiples', []);
    expect(empty.json().message).toBe('The array holds no questions.');
    const tooMany = Array.from({ length: 1001 }, () => ({}));
    const many = await call(t, teacher, 'POST', '/api/v1/questions/multiples', tooMany);
    expect(many.json().message).toBe('At most 1000 questions in one upload (this one has 1001).');
  });
});

describe('PATCH /api/v1/questions/multiples', () => {
  it('re-marks automatically marked answers when the answer changes, and reports which marks changed', async () => {
    const a = await t.createUser({ roles: ['STUDENT'] });
    const b = await t.createUser({ roles: ['STUDENT'] });
    const q = await createQuestion(t, teacher, { students: [a.user.username, b.user.username] });
    const submit = async (who: TestUser, answer: string) =>
      (
        (
          await call(t, who, 'POST', '/api/v1/submissions/multiples', [
            { questionId: q, studentAnswer: answer, studentName: who.user.username },
          ])
        ).json() as SubmissionQuestion[]
      )[0]!;
    const aSub = await submit(a, '01');
    const bSub = await submit(b, '12');
    expect([aSub.marked, bSub.marked]).toEqual([1, -1]);

    const response = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [
      { id: q, answer: '12', explanation: 'Changed.' },
    ]);
    expect(response.statusCode).toBe(200);
    const result = response.json() as ModifyResult;
    expect(result.count).toBe(1);
    expect(result.remarked.sort((x, y) => x.submissionId - y.submissionId)).toEqual([
      { submissionId: aSub.id, questionId: q, student: a.user.username, from: 1, to: -1 },
      { submissionId: bSub.id, questionId: q, student: b.user.username, from: -1, to: 1 },
    ]);
    const review = (await call(t, a, 'GET', `/api/v1/submissions/review/${a.user.username}`)).json();
    expect(review.content.map((s: SubmissionQuestion) => s.question.id)).toEqual([q]);

    // A teacher's own mark is never overwritten.
    await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${a.user.username}`, { [aSub.id]: 1 });
    const again = (
      await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [{ id: q, answer: '012' }])
    ).json() as ModifyResult;
    expect(again.remarked.map((r) => r.submissionId)).toEqual([bSub.id]);

    // Turning it into a short answer sends the automatic marks back to the teacher, and the calendar follows.
    const toShort = (
      await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [{ id: q, type: 's' }])
    ).json() as ModifyResult;
    expect(toShort.remarked).toEqual([
      { submissionId: bSub.id, questionId: q, student: b.user.username, from: -1, to: 0 },
    ]);
    const stored = await storedCalendar(t.database.db, b.user.id);
    expect(stored[0]!.toMark).toBe(1);
    await t.database.db.transaction((tx) => rebuildCalendar(tx, b.user.id));
    expect(await storedCalendar(t.database.db, b.user.id)).toEqual(stored);
  });

  it('keeps option ids by position, clears a hint, replaces topics, and refuses bad edits whole', async () => {
    const q = await createQuestion(t, teacher, { candidates: ['a', 'b', 'c'], answer: 'a', topics: ['old'] });
    const before = (
      await call(t, teacher, 'GET', '/api/v1/questions?field=title&q=Loops&size=1000')
    ).json() as Page<QuestionOnly>;
    const original = before.content.find((x) => x.id === q)!;
    const edit = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [
      {
        id: q,
        candidates: ['a', 'B!', 'c', 'd'],
        hint: null,
        topics: ['New', 'other'],
        title: 'Renamed loops',
      },
    ]);
    expect(edit.statusCode).toBe(200);
    const after = (
      (
        await call(t, teacher, 'GET', '/api/v1/questions?field=title&q=Renamed%20loops&size=100')
      ).json() as Page<QuestionOnly>
    ).content.find((x) => x.id === q)!;
    expect(after.candidates.slice(0, 3).map((c) => c.id)).toEqual(original.candidates.map((c) => c.id));
    expect(after.candidates.map((c) => c.value)).toEqual(['a', 'B!', 'c', 'd']);
    expect(after.hint).toBeNull();
    expect(after.topics).toEqual(['new', 'other']);

    for (const [body, status, message] of [
      [[{ id: q, answer: 'zzz' }], 400, /^\[0\]\.answer: must be one of the options/],
      [[{ id: q, title: '  ' }], 400, /^0\.title: must not be empty/],
      [[{ id: q, students: ['pupil'] }], 400, /reassign with POST assignments/],
      [[{ id: 987654, title: 'x' }], 404, /No question with id 987654/],
      [[{ id: q, candidates: ['only'] }], 400, /2 to 5 options/],
      [[], 400, /at least one change/],
    ] as const) {
      const response = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect(
      (await call(t, student, 'PATCH', '/api/v1/questions/multiples', [{ id: q, title: 'x' }])).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/v1/questions (archive search)', () => {
  it('finds by each field, case-insensitively, across pages of all questions', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: Record<string, number[]> = {};
    const fields = {
      title: { title: `Title ${tag.toUpperCase()}` },
      question: { question: `Text with ${tag} inside` },
      answer: { type: 's' as const, answer: `answer ${tag}` },
      explanation: { explanation: `Because ${tag}.` },
      hint: { hint: `hint ${tag}` },
      choice: { candidates: [`opt ${tag}`, 'other'], answer: 'other' },
    };
    for (const [field, input] of Object.entries(fields)) {
      made[field] = [];
      for (let i = 0; i < 3; i++) made[field]!.push(await createQuestion(t, teacher, input));
    }
    for (const field of Object.keys(fields)) {
      const first = (
        await call(t, teacher, 'GET', `/api/v1/questions?field=${field}&q=${tag}&size=2`)
      ).json() as Page<QuestionOnly>;
      const second = (
        await call(t, teacher, 'GET', `/api/v1/questions?field=${field}&q=${tag}&size=2&page=1`)
      ).json() as Page<QuestionOnly>;
      expect(first.totalElements, field).toBe(3);
      expect([...first.content, ...second.content].map((q) => q.id).sort((x, y) => x - y)).toEqual(
        made[field],
      );
    }
    const all = (
      await call(t, teacher, 'GET', `/api/v1/questions?field=all&q=${tag.toUpperCase()}&size=100`)
    ).json();
    expect(all.totalElements).toBe(18);
    expect((await call(t, teacher, 'GET', '/api/v1/questions?field=everything&q=x')).statusCode).toBe(400);
    expect((await call(t, teacher, 'GET', '/api/v1/questions?sort=answer,asc')).statusCode).toBe(400);
    // % and _ are taken literally.
    expect(
      (await call(t, teacher, 'GET', '/api/v1/questions?q=%25%25_%25&size=1')).json().totalElements,
    ).toBe(0);
  });

  it('searches all fields as one lowered text: any letter case, % and _ as typed, never across two fields', async () => {
    const tag = `zl${Date.now().toString(36)}`;
    const found = async (text: string) =>
      (
        (
          await call(t, teacher, 'GET', `/api/v1/questions?field=all&q=${encodeURIComponent(text)}&size=100`)
        ).json() as Page<QuestionOnly>
      ).content
        .map((q) => q.id)
        .sort((x, y) => x - y);
    const accented = await createQuestion(t, teacher, { explanation: `Un éclair ${tag}.` });
    const percent = await createQuestion(t, teacher, { type: 's', answer: `5%_${tag}` });
    const plain = await createQuestion(t, teacher, { type: 's', answer: `5ab${tag}` });
    const split = await createQuestion(t, teacher, { title: `Ends ${tag}x`, type: 's', answer: 'y starts' });
    const each = await createQuestion(t, teacher, {
      hint: `hint ${tag}h`,
      question: `text ${tag}q`,
      candidates: [`opt ${tag}c`, 'other'],
      answer: 'other',
    });

    expect(await found(`ÉCLAIR ${tag}`)).toEqual([accented]);
    expect(await found(`Éclair ${tag}`.toLowerCase())).toEqual([accented]);
    expect(await found(`5%_${tag}`)).toEqual([percent]);
    expect(await found(`5%${tag}`)).toEqual([]);
    expect(await found(`5__${tag}`)).toEqual([]);
    expect(await found(`5AB${tag}`)).toEqual([plain]);
    for (const field of ['h', 'q', 'c', 'x']) {
      expect(await found(`${tag}${field}`), field).toEqual([field === 'x' ? split : each]);
    }
    // The end of the title and the start of the answer are two fields, whatever lies between them.
    expect(await found(`${tag}xy`)).toEqual([]);
    expect(await found(`${tag}x\u001fy`)).toEqual([]);
    expect(await found(`${tag}x\u001f`)).toEqual([]);
  });

  it("narrows to one student's pending questions, with their answers, for the worksheet's answer key", async () => {
    const pending = await t.createUser({ roles: ['STUDENT'], username: 'Keyholder' });
    const other = await t.createUser({ roles: ['STUDENT'], username: 'keyholder2' });
    const mine = await createQuestion(t, teacher, { students: ['keyholder'], answer: '12' });
    const answered = await createQuestion(t, teacher, { students: ['keyholder'] });
    const theirs = await createQuestion(t, teacher, { students: ['keyholder2'] });
    const shared = await createQuestion(t, teacher, { students: ['keyholder', 'keyholder2'] });
    const submitted = await call(t, pending, 'POST', '/api/v1/submissions/multiples', [
      { questionId: answered, studentAnswer: '01', studentName: 'keyholder' },
    ]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const idsFor = async (query: string) =>
      (
        (
          await call(t, teacher, 'GET', `/api/v1/questions?size=100&sort=id,asc&${query}`)
        ).json() as Page<QuestionOnly>
      ).content.map((q) => q.id);
    // Case-insensitive like every username; answered questions are no longer pending.
    expect(await idsFor('student=KEYHOLDER')).toEqual([mine, shared]);
    expect(await idsFor(`student=${other.user.username}`)).toEqual([theirs, shared]);
    // With a search too; the answers come along (staff only: the archive's own rule).
    const found = (
      await call(t, teacher, 'GET', '/api/v1/questions?student=keyholder&field=answer&q=12')
    ).json() as Page<QuestionOnly>;
    expect(found.content.map((q) => [q.id, q.answer])).toEqual([[mine, '12']]);
    expect(await idsFor('student=nobody-at-all')).toEqual([]);
    expect((await call(t, teacher, 'GET', `/api/v1/questions?student=${'x'.repeat(41)}`)).statusCode).toBe(
      400,
    );
    expect((await call(t, pending, 'GET', '/api/v1/questions?student=keyholder')).statusCode).toBe(403);
  });
});

/** `POST topics` takes the title as plain text. */
const postTopic = (title: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/topics',
    as: teacher,
    headers: { 'content-type': 'text/plain' },
    payload: title,
  });

describe('topics and rosters', () => {
  it('answers 409 only for a duplicate title: any other failure of the insert stays a failure (500)', async () => {
    // The route's contract lets no such title through; the database refuses a NUL in a text
    // (22021), a failure other than a unique violation, so it must not read as "exists".
    const failure = await createTopic(t.database.db, 'nul \u0000 inside').catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ cause: { code: '22021' } });
  });

  it('sorts the archive by a field and counts a title search of the topic page', async () => {
    for (const title of ['Ordered b', 'Ordered c', 'Ordered a']) await createQuestion(t, teacher, { title });
    const titles = async (sort: string) =>
      (
        (
          await call(t, teacher, 'GET', `/api/v1/questions?field=title&q=Ordered&sort=${sort}`)
        ).json() as Page<QuestionOnly>
      ).content.map((q) => q.title);
    expect(await titles('title,asc')).toEqual(['Ordered a', 'Ordered b', 'Ordered c']);
    expect(await titles('title,desc')).toEqual(['Ordered c', 'Ordered b', 'Ordered a']);
    const search = await call(t, teacher, 'GET', '/api/v1/questions/topics/search?title=Ordered&size=2');
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(search.json().content).toHaveLength(2);
  });

  it('creates topics (duplicates 409), links them to questions, and finds questions by title', async () => {
    const created = await postTopic(' Recursion ');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ title: 'recursion' });
    const duplicate = await postTopic('RECURSION');
    expect(duplicate.statusCode).toBe(409);
    const empty = await postTopic('  ');
    expect(empty.statusCode).toBe(400);
    expect(
      ((await call(t, teacher, 'GET', '/api/v1/topics')).json() as { title: string }[]).map((x) => x.title),
    ).toContain('recursion');

    const q = await createQuestion(t, teacher, { title: 'Factorial by recursion', topics: [] });
    const linked = await call(t, teacher, 'PATCH', '/api/v1/questions/topics', {
      questionIds: [q],
      topics: ['recursion', 'Maths'],
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual([expect.objectContaining({ id: q, topics: ['maths', 'recursion'] })]);
    const unknown = await call(t, teacher, 'PATCH', '/api/v1/questions/topics', {
      questionIds: [q, 999991, 999992],
      topics: ['x'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No question with id 999991, 999992.');
    const found = (await call(t, teacher, 'GET', '/api/v1/questions/topics/search?title=factorial')).json();
    expect(found.content.map((x: { id: number }) => x.id)).toContain(q);
    expect((await call(t, teacher, 'GET', '/api/v1/questions/topics/search')).statusCode).toBe(400);
  });

  it('lists every student for the pickers and a teacher her own students', async () => {
    const students = (await call(t, teacher, 'GET', '/api/v1/student')).json() as { name: string }[];
    expect(students.map((s) => s.name)).toContain('pupil');
    expect(students.map((s) => s.name)).not.toContain('mentor');
    const mine = (await call(t, teacher, 'GET', '/api/v1/teacher/mentor/students')).json() as {
      name: string;
      email: string;
    }[];
    expect(mine.map((s) => s.name)).toContain('pupil');
    const other = await t.createUser({ roles: ['TEACHER'] });
    expect((await call(t, other, 'GET', '/api/v1/teacher/mentor/students')).statusCode).toBe(403);
    expect((await call(t, other, 'GET', `/api/v1/teacher/${other.user.username}/students`)).json()).toEqual(
      [],
    );
    expect((await call(t, teacher, 'GET', '/api/v1/teacher/nobody/students')).statusCode).toBe(404);
    expect((await call(t, student, 'GET', '/api/v1/student')).statusCode).toBe(403);
  });
});
