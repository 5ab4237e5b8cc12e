import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type { ModifyResult, QuestionOnly, SubmissionQuestion } from '../../common/contracts/tutoring.ts';
import { encodeMultiAnswer, MARK } from '../../common/questions/rules.ts';
import { recountCalendar, storedCalendar } from '../calendars/queries.ts';
import { recountTopicStats, storedTopicStats } from '../stats/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';

/**
 * `PATCH questions/multiples` runs a fixed number of SQL statements however many questions,
 * options, topics and re-marked students a request changes: one transaction of batched
 * statements, not a statement per question, option or student.
 */
let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

/** `count` questions, each assigned to and answered by every one of `students` new students (right answers). */
async function answeredQuestions(count: number, students: number) {
  const people: TestUser[] = [];
  for (let i = 0; i < students; i++) people.push(await t.createUser({ roles: ['STUDENT'] }));
  const names = people.map((p) => p.user.username);
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await createQuestion(t, teacher, { students: names, candidates: ['01', '12', '012'] }));
  for (const person of people) {
    const response = await call(
      t,
      person,
      'POST',
      '/api/v1/submissions/multiples',
      ids.map((questionId) => ({ questionId, studentAnswer: '01', studentName: person.user.username })),
    );
    expect(response.statusCode).toBe(200);
  }
  return { ids, people };
}

/** The type a change gives question `i`: one in three keeps `m`, one becomes `M`, one `s`. */
const typeOf = (i: number) => (['m', 'M', 's'] as const)[i % 3]!;

/**
 * Every kind of change at once: text, hint, date, options (changed, added), topics, the answer, and
 * the type (to `M`, whose answer is a set of options, and to `s`, a short answer).
 */
function changesOf(ids: number[]) {
  return ids.map((id, i) => ({
    id,
    title: `Edited ${i}`,
    hint: i % 2 ? null : `Hint ${i}`,
    generatedDate: '2026-11-01T09:00',
    topics: [`topic ${i}`, 'shared topic'],
    ...{
      m: { candidates: ['01', `12 edited ${i}`, '012', `new ${i}`], answer: `12 edited ${i}` },
      M: {
        type: 'M',
        candidates: ['01', `12 edited ${i}`, '012', `new ${i}`],
        answer: encodeMultiAnswer([`12 edited ${i}`, `new ${i}`]),
      },
      s: { type: 's', candidates: [], answer: `twelve ${i}` },
    }[typeOf(i)],
  }));
}

async function statementsOfModify(ids: number[]): Promise<{ statements: number; result: ModifyResult }> {
  // Counted with the session looked up (a miss of the session cache, whose entries last 5 s of the
  // machine's time): the same count however long building the data took.
  t.app.sessionCache.clear();
  const before = t.database.queries.count;
  const response = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', changesOf(ids));
  expect(response.statusCode, response.body).toBe(200);
  return { statements: t.database.queries.count - before, result: response.json() as ModifyResult };
}

describe('PATCH /api/v1/questions/multiples statements', () => {
  it('stay the same for 3 changes and 2 students and for 30 changes and 6 students, type changes included', async () => {
    const small = await answeredQuestions(3, 2);
    const large = await answeredQuestions(30, 6);
    const few = await statementsOfModify(small.ids);
    const many = await statementsOfModify(large.ids);

    // Every answer '01' was right; now it is wrong (types m and M) or waits for the teacher (s).
    expect(few.result.remarked).toHaveLength(3 * 2);
    expect(many.result.remarked).toHaveLength(30 * 6);
    const position = new Map(large.ids.map((id, i) => [id, i]));
    for (const remark of many.result.remarked) {
      const expected = typeOf(position.get(remark.questionId)!) === 's' ? MARK.unmarked : MARK.wrong;
      expect(remark).toMatchObject({ from: MARK.correct, to: expected });
    }
    for (const person of large.people) {
      expect(
        (await storedCalendar(t.database.db, person.user.id)).map(({ day, solved, unsolved, toMark }) => ({
          day,
          solved,
          unsolved,
          toMark,
        })),
      ).toEqual(await recountCalendar(t.database.db, person.user.id));
    }
    const edited = await call(t, teacher, 'GET', '/api/v1/questions?field=title&q=Edited%2028&size=5');
    expect(edited.json().content[0]).toMatchObject({
      title: 'Edited 28',
      type: 'M',
      hint: `Hint 28`,
      answer: encodeMultiAnswer(['12 edited 28', 'new 28']),
      topics: ['shared topic', 'topic 28'],
    });
    expect(edited.json().content[0].candidates.map((c: { value: string }) => c.value)).toEqual([
      '01',
      '12 edited 28',
      '012',
      'new 28',
    ]);
    const short = await call(t, teacher, 'GET', '/api/v1/questions?field=title&q=Edited%2029&size=5');
    expect(short.json().content[0]).toMatchObject({
      type: 's',
      hint: null,
      answer: 'twelve 29',
      candidates: [],
    });

    expect(many.statements).toBe(few.statements);
    console.log(
      `modify: ${few.statements} SQL statements for 3 changes × 2 students and for 30 changes × 6 students (types changed)`,
    );
  });
});

/** The question as the archive lists it (every field the teacher edits). */
async function archived(id: number): Promise<QuestionOnly> {
  const response = await call(t, teacher, 'GET', '/api/v1/questions?size=1000&sort=id,desc');
  const found = (response.json() as Page<QuestionOnly>).content.find((q) => q.id === id);
  if (!found) throw new Error(`question ${id} not in the archive`);
  return found;
}

const modify = async (changes: unknown[]) => {
  const response = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', changes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ModifyResult;
};

/** A new student, assigned question `id`, who answers it with `answer` (marked automatically). */
async function answeredBy(id: number, answer: string): Promise<{ student: TestUser; submissionId: number }> {
  const student = await t.createUser({ roles: ['STUDENT'] });
  const name = student.user.username;
  const assigned = await call(t, teacher, 'POST', '/api/v1/assignments', {
    questionIds: [id],
    names: [name],
    targetDate: dueIn(t, 48),
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const answered = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
    { questionId: id, studentAnswer: answer, studentName: name },
  ]);
  expect(answered.statusCode, answered.body).toBe(200);
  return { student, submissionId: (answered.json() as SubmissionQuestion[])[0]!.id };
}

describe('PATCH /api/v1/questions/multiples: what each change stores', () => {
  it('stores the sent texts and date (a title trimmed, a blank hint as none) and keeps what was not sent', async () => {
    const id = await createQuestion(t, teacher, { hint: 'Count the iterations.' });
    await modify([
      {
        id,
        title: '  Spaced title  ',
        question: 'What does the new loop print?',
        explanation: 'Now i takes 1 then 2.',
        generatedDate: '2026-11-01T09:00',
      },
    ]);
    expect(await archived(id)).toMatchObject({
      title: 'Spaced title',
      question: 'What does the new loop print?',
      explanation: 'Now i takes 1 then 2.',
      generatedDate: '2026-11-01T09:00:00+09:00',
      // Not sent: kept.
      hint: 'Count the iterations.',
      answer: '01',
    });
    await modify([{ id, hint: '   ' }]);
    expect(await archived(id)).toMatchObject({ hint: null, title: 'Spaced title' });
  });

  it('turning a question into a short answer without sending options removes its options', async () => {
    const id = await createQuestion(t, teacher, { candidates: ['01', '12', '012'], answer: '01' });
    await modify([{ id, type: 's', answer: 'zero then one' }]);
    expect(await archived(id)).toMatchObject({ type: 's', answer: 'zero then one', candidates: [] });
  });

  it('lists only the answers whose mark changed', async () => {
    const id = await createQuestion(t, teacher, { candidates: ['01', '12', '012'], answer: '01' });
    const right = await answeredBy(id, '01');
    const wrong = await answeredBy(id, '12');
    const stillWrong = await answeredBy(id, '012');
    const result = await modify([{ id, answer: '12' }]);
    expect(result.remarked.sort((a, b) => a.submissionId - b.submissionId)).toEqual([
      {
        submissionId: right.submissionId,
        questionId: id,
        student: right.student.user.username,
        from: 1,
        to: -1,
      },
      {
        submissionId: wrong.submissionId,
        questionId: id,
        student: wrong.student.user.username,
        from: -1,
        to: 1,
      },
    ]);
    expect(result.remarked.map((r) => r.submissionId)).not.toContain(stillWrong.submissionId);
  });

  it("an answer a short answer sent to the teacher stays the teacher's when the type changes back", async () => {
    const id = await createQuestion(t, teacher, { candidates: ['01', '12', '012'], answer: '01' });
    const { student, submissionId } = await answeredBy(id, '01');
    const toShort = await modify([{ id, type: 's' }]);
    expect(toShort.remarked).toEqual([
      { submissionId, questionId: id, student: student.user.username, from: MARK.correct, to: MARK.unmarked },
    ]);
    // Back to multiple choice: the answer is no longer an automatic mark, so it is not marked again.
    const back = await modify([{ id, type: 'm', candidates: ['01', '12', '012'], answer: '01' }]);
    expect(back.remarked).toEqual([]);
    const marking = await call(t, teacher, 'GET', `/api/v1/submissions/mark/${student.user.username}`);
    expect(marking.json().content.map((s: SubmissionQuestion) => [s.id, s.marked])).toEqual([
      [submissionId, MARK.unmarked],
    ]);
  });

  it("recounts the answerers' topic statistics when marks change and when topics change", async () => {
    const id = await createQuestion(t, teacher, {
      candidates: ['01', '12', '012'],
      answer: '01',
      topics: ['old'],
    });
    const { student } = await answeredBy(id, '01');
    const stats = () => storedTopicStats(t.database.db, student.user.id);
    const recount = () => recountTopicStats(t.database.db, student.user.id);
    expect(await stats()).toEqual([{ topic: 'old', correctCount: 1, wrongCount: 0, totalCount: 1 }]);

    // The mark changes (right → wrong): the statistics follow.
    await modify([{ id, answer: '12' }]);
    expect(await stats()).toEqual([{ topic: 'old', correctCount: 0, wrongCount: 1, totalCount: 1 }]);
    expect(await stats()).toEqual(await recount());

    // Only the topics change: the answer moves from the old topic to the new one.
    await modify([{ id, topics: ['new'] }]);
    expect(await stats()).toEqual([{ topic: 'new', correctCount: 0, wrongCount: 1, totalCount: 1 }]);
    expect(await stats()).toEqual(await recount());
  });
});

/**
 * The statements `run` sends, each named by its verb and first table, with the session looked up
 * (cleared from the cache first, however long the last request was ago).
 */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const logged: { query: string; params: unknown[] }[] = [];
  t.app.sessionCache.clear();
  t.database.queries.log = logged;
  try {
    await run();
  } finally {
    t.database.queries.log = null;
  }
  // Transaction control is the driver's (node-postgres sends BEGIN and COMMIT as statements,
  // PGlite does not log them), not the request's.
  const own = logged.filter(({ query }) => !/^\s*(?:BEGIN|COMMIT|ROLLBACK)\b/i.test(query));
  return own.map(({ query }) => {
    const verb = query.trim().split(/\s+/)[0]!.toUpperCase();
    // Drizzle quotes its tables (the options and topics aggregated beside a question are not).
    const table = (/\b(?:from|into|update)\s+"(\w+)"/i.exec(query) ??
      /\b(?:from|into|update)\s+(\w+)/i.exec(query))?.[1];
    return `${verb} ${table}`;
  });
}

describe('PATCH /api/v1/questions/multiples: statements of each kind of change', () => {
  // Each kind of change runs only the statements it needs (named here by their verb and first
  // table): a change of texts reads no answers and recounts nothing; a change of options rewrites
  // only the options that differ, and re-marks and recounts the question's answerers.
  it('runs only what the change needs', async () => {
    const id = await createQuestion(t, teacher, {
      candidates: ['01', '12', '012'],
      answer: '01',
      topics: ['loops'],
    });
    await answeredBy(id, '12');
    const statements = (change: Record<string, unknown>) => statementsOf(() => modify([{ id, ...change }]));
    const session = 'SELECT sessions';
    // The questions locked, then read with their options.
    const question = ['SELECT questions', 'SELECT questions'];
    const fields = 'UPDATE questions';
    // Options changed: the answerers are found and locked, re-marked (no mark changes here, so no
    // mark or calendar is written) and their topic statistics recounted.
    const before = [
      session,
      ...question,
      'SELECT question_topics',
      'SELECT submissions',
      'SELECT users',
      fields,
    ];
    const after = ['SELECT submissions', 'WITH question_topics'];

    expect(await statements({ title: 'Texts only' })).toEqual([session, ...question, fields]);
    // A new date is copied to the question's answers, which sort by it.
    expect(await statements({ generatedDate: '2026-01-02T10:00' })).toEqual([
      session,
      ...question,
      fields,
      'UPDATE submissions',
    ]);
    expect(await statements({ candidates: ['01', '12', '012', '0123'] })).toEqual([
      ...before,
      'INSERT candidates',
      ...after,
    ]);
    expect(await statements({ candidates: ['01', '12', '0 1 2', '0123'] })).toEqual([
      ...before,
      'UPDATE candidates',
      ...after,
    ]);
    expect(await statements({ candidates: ['01', '12', '0 1 2'] })).toEqual([
      ...before,
      'DELETE candidates',
      ...after,
    ]);
  });

  it('questions that do not exist: locked, none found, and not read again', async () => {
    // The lock (`existingQuestionIds`, an answer's `lockAnswerRows`) found none of the ids:
    // `loadQuestions` answers at once, with no read of their rows and options.
    const student = await t.createUser({ roles: ['STUDENT'] });
    const name = student.user.username;
    const missing = 999_999;
    let modified: Awaited<ReturnType<typeof call>> | undefined;
    let answered: Awaited<ReturnType<typeof call>> | undefined;
    expect(
      await statementsOf(async () => {
        modified = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [
          { id: missing, title: 'Nobody' },
        ]);
      }),
    ).toEqual(['SELECT sessions', 'SELECT questions']);
    expect(modified!.statusCode).toBe(404);
    expect(modified!.json().message).toBe(`No question with id ${missing}.`);
    expect(
      await statementsOf(async () => {
        answered = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
          { questionId: missing, studentAnswer: '01', studentName: name },
        ]);
      }),
      // The questions and the student locked in one statement (`lockAnswerRows`), then the pending
      // pairs read, for the refusal's message.
    ).toEqual(['SELECT sessions', 'WITH questions', 'SELECT assignments']);
    expect(answered!.statusCode).toBe(400);
  });
});
