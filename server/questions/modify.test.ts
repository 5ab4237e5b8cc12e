import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModifyResult } from '../../common/contracts/tutoring.ts';
import { encodeMultiAnswer, MARK } from '../../common/questions/rules.ts';
import { recountCalendar, storedCalendar } from '../calendars/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * `PATCH questions/multiples` runs a fixed number of SQL statements however many questions,
 * options, topics and re-marked students a request changes (issue 10): one transaction of batched
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
