import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DraftsPatchResponse,
  DraftsResponse,
  SubmissionQuestion,
} from '../../common/contracts/tutoring.ts';
import { questionLimits } from '../../common/limits.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * Drafts per question with versions: two tabs of one student never overwrite each
 * other's answers, a tab typing over an older version loses to the newer copy, and a stale tab's
 * submit is refused instead of storing an answer the student has since replaced.
 */
let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

async function studentWith(count: number, type: 'm' | 's' = 's') {
  const student = await t.createUser({ roles: ['STUDENT'] });
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await createQuestion(t, teacher, { type, students: [student.user.username] }));
  return { student, name: student.user.username, ids };
}

const patch = async (
  as: TestUser,
  name: string,
  changes: Record<string, { answer: string; version: number }>,
) => {
  const response = await call(t, as, 'PATCH', `/api/v1/drafts/${name}`, { changes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DraftsPatchResponse;
};
const drafts = async (as: TestUser, name: string) =>
  (await call(t, as, 'GET', `/api/v1/drafts/${name}`)).json() as DraftsResponse;

describe('drafts per question', () => {
  it("a tab saving one answer leaves another tab's answer to another question alone", async () => {
    const { student, name, ids } = await studentWith(2);
    const [q1, q2] = ids as [number, number];
    // Tab A typed both; tab B then changed question 1.
    await patch(student, name, {
      [q1]: { answer: 'A one', version: 0 },
      [q2]: { answer: 'A two', version: 0 },
    });
    expect((await patch(student, name, { [q1]: { answer: 'B one', version: 1 } })).saved).toEqual({
      [q1]: 2,
    });
    // Tab A, still showing its old copy, types in question 2 only.
    const fromA = await patch(student, name, { [q2]: { answer: 'A two, longer', version: 1 } });
    expect(fromA).toEqual({ saved: { [q2]: 2 }, conflicts: {}, closed: [] });
    expect(await drafts(student, name)).toMatchObject({
      answers: { [q1]: 'B one', [q2]: 'A two, longer' },
      versions: { [q1]: 2, [q2]: 2 },
    });
  });

  it('a change typed over an older version loses, and the tab gets the newer copy back', async () => {
    const { student, name, ids } = await studentWith(1);
    const [q] = ids as [number];
    await patch(student, name, { [q]: { answer: 'first', version: 0 } });
    await patch(student, name, { [q]: { answer: 'from tab B', version: 1 } });
    // Tab A saw version 1 only.
    const stale = await patch(student, name, { [q]: { answer: 'stale tab A', version: 1 } });
    expect(stale).toEqual({
      saved: {},
      conflicts: { [q]: { answer: 'from tab B', version: 2 } },
      closed: [],
    });
    // A tab that saw no draft at all does not overwrite one either.
    const blind = await patch(student, name, { [q]: { answer: 'new tab', version: 0 } });
    expect(blind.conflicts).toEqual({ [q]: { answer: 'from tab B', version: 2 } });
    expect((await drafts(student, name)).answers).toEqual({ [q]: 'from tab B' });
  });

  it('clearing an answer keeps its version, so a stale tab cannot bring the old text back', async () => {
    const { student, name, ids } = await studentWith(1);
    const [q] = ids as [number];
    await patch(student, name, { [q]: { answer: 'typed', version: 0 } });
    expect((await patch(student, name, { [q]: { answer: '', version: 1 } })).saved).toEqual({ [q]: 2 });
    expect(await drafts(student, name)).toMatchObject({ answers: {}, versions: { [q]: 2 } });
    expect((await patch(student, name, { [q]: { answer: 'typed', version: 1 } })).conflicts).toEqual({
      [q]: { answer: '', version: 2 },
    });
  });

  it('drops changes to questions that are no longer open, and keeps drafts of review redos', async () => {
    const { student, name, ids } = await studentWith(2, 'm');
    const [q1, q2] = ids as [number, number];
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: q1, studentAnswer: '12', studentName: name },
    ]);
    // q1 is in review now (wrong); q2 is pending; a question never assigned is closed.
    const other = await createQuestion(t, teacher);
    const result = await patch(student, name, {
      [q1]: { answer: '01', version: 0 },
      [q2]: { answer: '01', version: 0 },
      [other]: { answer: '01', version: 0 },
    });
    expect(result).toEqual({ saved: { [q1]: 1, [q2]: 1 }, conflicts: {}, closed: [other] });
    // A redo clears the draft it answered.
    const redo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: q1, studentAnswer: '01', draftVersion: 1 },
    ]);
    expect(redo.statusCode).toBe(200);
    expect(Object.keys((await drafts(student, name)).answers)).toEqual([String(q2)]);
  });

  it('refuses an over-long answer naming the question, and a parent or another student', async () => {
    const { student, name, ids } = await studentWith(1);
    const [q] = ids as [number];
    const long = await call(t, student, 'PATCH', `/api/v1/drafts/${name}`, {
      changes: { [q]: { answer: 'x'.repeat(questionLimits.studentAnswerMax + 1), version: 0 } },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].path).toBe(`changes.${q}.answer`);
    const other = await t.createUser({ roles: ['STUDENT'] });
    expect(
      (
        await call(t, other, 'PATCH', `/api/v1/drafts/${name}`, {
          changes: { [q]: { answer: 'x', version: 0 } },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('a submit from a stale tab', () => {
  it('is refused with a 409 naming the answer when its draft changed since, and nothing is stored', async () => {
    const { student, name, ids } = await studentWith(2, 'm');
    const [q1, q2] = ids as [number, number];
    await patch(student, name, { [q1]: { answer: '12', version: 0 }, [q2]: { answer: '01', version: 0 } });
    // Tab B changes question 2; tab A still knows version 1 of both.
    await patch(student, name, { [q2]: { answer: '012', version: 1 } });
    const fromA = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: q1, studentAnswer: '12', studentName: name, draftVersion: 1 },
      { questionId: q2, studentAnswer: '01', studentName: name, draftVersion: 1 },
    ]);
    expect(fromA.statusCode).toBe(409);
    expect(fromA.json().details).toEqual([
      { path: '[1].draftVersion', message: expect.stringContaining('another tab') },
    ]);
    expect((await call(t, student, 'GET', `/api/v1/submissions/count/${name}`)).json()).toBe(0);
    expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(2);

    // With the versions it now knows, the same tab submits what the student last typed.
    const fresh = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: q1, studentAnswer: '12', studentName: name, draftVersion: 1 },
      { questionId: q2, studentAnswer: '012', studentName: name, draftVersion: 2 },
    ]);
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as SubmissionQuestion[]).map((s) => s.studentAnswer)).toEqual(['12', '012']);
  });

  it('is accepted without versions (the original client sends none)', async () => {
    const { student, name, ids } = await studentWith(1, 'm');
    await patch(student, name, { [ids[0]!]: { answer: '12', version: 0 } });
    const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: ids[0], studentAnswer: '01', studentName: name },
    ]);
    expect(response.statusCode).toBe(200);
  });
});
