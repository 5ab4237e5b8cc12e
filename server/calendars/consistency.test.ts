import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionQuestion } from '../../common/contracts/tutoring.ts';
import { dayOf } from '../../common/dates.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion, dueIn } from '../test/tutoring.ts';
import { rebuildCalendar, storedCalendar } from './queries.ts';

/**
 * Random sequences of assign / submit / redo / mark, checked against a model of what they should
 * leave behind: stored calendar rows equal a recount (and the admin rebuild), the review list holds
 * exactly the questions whose latest answer is wrong, and the counts agree.
 */
let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
});
afterAll(() => t.close());

type Op =
  | { kind: 'assign'; question: number; days: number }
  | { kind: 'submit'; question: number; correct: boolean }
  | { kind: 'redo'; question: number; correct: boolean }
  | { kind: 'mark'; pick: number; mark: -1 | 0 | 1 };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('assign' as const),
    question: fc.nat(3),
    days: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('submit' as const), question: fc.nat(3), correct: fc.boolean() }),
  fc.record({ kind: fc.constant('redo' as const), question: fc.nat(3), correct: fc.boolean() }),
  fc.record({
    kind: fc.constant('mark' as const),
    pick: fc.nat(20),
    mark: fc.constantFrom(-1 as const, 0 as const, 1 as const),
  }),
);

// Questions 0, 1: multiple choice (answer '01'); 2: multiple answers; 3: short answer.
const types = ['m', 'm', 'M', 's'] as const;
const right = ['01', '01', '["01","012"]', 'zero then one'];
const wrong = ['12', '012', '["01"]', 'no idea'];

describe('calendars, review and counts under random sequences', () => {
  it('always equal a recount from scratch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const student = await t.createUser({ roles: ['STUDENT'] });
        const name = student.user.username;
        const ids: number[] = [];
        for (const type of types) ids.push(await createQuestion(t, teacher, { type }));
        const pending = new Map<number, string>(); // question index → due day
        type Sub = { id: number; q: number; day: string; marked: number; redo: boolean };
        const subs: Sub[] = [];
        const latest = (q: number) => subs.filter((s) => s.q === q).at(-1);

        for (const step of ops) {
          if (step.kind === 'assign') {
            const due = dueIn(t, 24 * step.days);
            const response = await call(t, teacher, 'POST', '/api/v1/assignments', {
              questionIds: [ids[step.question]],
              names: [name],
              targetDate: due,
            });
            expect(response.statusCode).toBe(200);
            pending.set(step.question, dayOf(new Date(due), t.config.timeZone));
          } else if (step.kind === 'submit') {
            const answer = step.correct ? right[step.question] : wrong[step.question];
            const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
              { questionId: ids[step.question], studentAnswer: answer, studentName: name },
            ]);
            if (!pending.has(step.question)) {
              expect(response.statusCode).toBe(400);
              continue;
            }
            expect(response.statusCode).toBe(200);
            const [created] = response.json() as SubmissionQuestion[];
            const expectedMark = types[step.question] === 's' ? 0 : step.correct ? 1 : -1;
            expect(created!.marked).toBe(expectedMark);
            subs.push({
              id: created!.id,
              q: step.question,
              day: pending.get(step.question)!,
              marked: expectedMark,
              redo: false,
            });
            pending.delete(step.question);
          } else if (step.kind === 'redo') {
            const answer = step.correct ? right[step.question] : wrong[step.question];
            const response = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
              { questionId: ids[step.question], studentAnswer: answer },
            ]);
            const last = latest(step.question);
            if (!last || last.marked !== -1) {
              expect(response.statusCode).toBe(400);
              continue;
            }
            expect(response.statusCode).toBe(200);
            const [created] = response.json() as SubmissionQuestion[];
            const expectedMark = types[step.question] === 's' ? 0 : step.correct ? 1 : -1;
            subs.push({ id: created!.id, q: step.question, day: last.day, marked: expectedMark, redo: true });
          } else {
            if (subs.length === 0) continue;
            const target = subs[step.pick % subs.length]!;
            const response = await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, {
              [target.id]: step.mark,
            });
            expect(response.statusCode).toBe(200);
            target.marked = step.mark;
          }
        }

        // The model's recount.
        const days = new Map<string, { solved: number; unsolved: number; toMark: number }>();
        const bucket = (day: string) =>
          days.get(day) ?? days.set(day, { solved: 0, unsolved: 0, toMark: 0 }).get(day)!;
        for (const day of pending.values()) bucket(day).unsolved++;
        for (const s of subs) {
          if (!s.redo) bucket(s.day).solved++;
          if (s.marked === 0) bucket(s.day).toMark++;
        }
        const expected = [...days]
          .filter(([, c]) => c.solved + c.unsolved + c.toMark > 0)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([day, c]) => ({ day, ...c }));
        const stored = (await storedCalendar(t.database.db, student.user.id)).map(
          ({ day, solved, unsolved, toMark }) => ({
            day,
            solved,
            unsolved,
            toMark,
          }),
        );
        expect(stored).toEqual(expected);
        await t.database.db.transaction((tx) => rebuildCalendar(tx, student.user.id));
        const rebuilt = (await storedCalendar(t.database.db, student.user.id)).map(
          ({ day, solved, unsolved, toMark }) => ({
            day,
            solved,
            unsolved,
            toMark,
          }),
        );
        expect(rebuilt).toEqual(expected);

        const review = await call(t, student, 'GET', `/api/v1/submissions/review/${name}?size=100`);
        const inReview = (review.json().content as SubmissionQuestion[])
          .map((s) => s.question.id)
          .sort((a, b) => a - b);
        const expectedReview = [0, 1, 2, 3].filter((q) => latest(q)?.marked === -1).map((q) => ids[q]!);
        expect(inReview).toEqual(expectedReview.sort((a, b) => a - b));
        expect((await call(t, student, 'GET', `/api/v1/submissions/count/${name}`)).json()).toBe(subs.length);
        expect((await call(t, student, 'GET', `/api/v1/assignments/count/${name}`)).json()).toBe(
          pending.size,
        );
        const unmarked = (await call(t, teacher, 'GET', `/api/v1/submissions/mark/${name}?size=100`)).json();
        expect(unmarked.totalElements).toBe(subs.filter((s) => s.marked === 0).length);
      }),
      { numRuns: 25 },
    );
  });
});
