import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModifyResult } from '../../common/contracts/tutoring.ts';
import { recountCalendar, storedCalendar } from '../calendars/queries.ts';
import { rowsOf } from '../db/open.ts';
import { questions, submissions } from '../db/schema.ts';
import { recountTopicStats, storedTopicStats } from '../stats/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { atOnce, noServerError, overSocket, type SocketAnswer } from '../test/sockets.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * Answers and redos racing a change of their question's answer, through real sockets on PostgreSQL
 * (READ COMMITTED). Both read the question `FOR SHARE` (server/submissions/service.ts), so a modify
 * of it waits for them, or they wait for the modify and read the new rules. Without that lock an
 * answer could read the old rules and be stored after the modify re-marked (it locks only the
 * students who had answered), and a redo could read them, then wait for its student's row while the
 * modify (which holds it) re-marks and commits: either way a mark by rules no longer in force. The
 * modify goes first and the others follow a millisecond apart, so that some read the question while
 * the modify is still writing. The mutation run (PGlite, one transaction at a time) cannot show this:
 * without the lock, each case failed in its first round here (docs/testing.md).
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('race.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)');

const STUDENTS = 10;
const ROUNDS = 4;

let t: TestApp;
let base: string;
let teacher: TestUser;
let students: TestUser[];
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  students = await t.createUsers(STUDENTS);
});
afterAll(() => t.close());

const send = async (as: TestUser, method: string, path: string, body: unknown) =>
  noServerError(await overSocket(base, method, `/api/v1/${path}`, { cookie: as.cookie, body }), path);

describe('answers and redos racing a modify of their question', () => {
  it.each(['answers', 'redos'] as const)(
    'mark all %s by the rules in force when they are stored',
    { timeout: 120_000 },
    async (kind) => {
      const names = students.map((s) => s.user.username);
      for (let round = 0; round < ROUNDS; round++) {
        const id = await createQuestion(t, teacher, { students: names });
        if (kind === 'redos') {
          // Everyone answered wrong ('12'; the answer is '01'): in Review, ready for a redo.
          const first = await call(
            t,
            teacher,
            'POST',
            '/api/v1/submissions/multiples',
            names.map((studentName) => ({ questionId: id, studentAnswer: '12', studentName })),
          );
          expect(first.statusCode).toBe(200);
        }
        // Each answers '012', which the modify makes the right answer.
        const results = await atOnce(STUDENTS + 1, async (i) => {
          if (i === 0) return send(teacher, 'PATCH', 'questions/multiples', [{ id, answer: '012' }]);
          await new Promise((resolve) => setTimeout(resolve, i));
          const name = names[i - 1]!;
          return kind === 'redos'
            ? send(students[i - 1]!, 'POST', `submissions/review/${name}`, [
                { questionId: id, studentAnswer: '012' },
              ])
            : send(students[i - 1]!, 'POST', 'submissions/multiples', [
                { questionId: id, studentAnswer: '012', studentName: name },
              ]);
        });
        expect(results.map((r) => r.status)).toEqual(Array(STUDENTS + 1).fill(200));
        const [question] = await t.database.db.select().from(questions).where(eq(questions.id, id));
        expect(question!.answer).toBe('012');
        const raced = (
          await t.database.db.select().from(submissions).where(eq(submissions.questionId, id))
        ).filter((s) => s.redo === (kind === 'redos'));
        expect(raced).toHaveLength(STUDENTS);
        // '012' is right by the rules in force, whichever came first.
        for (const s of raced) expect(s.marked, `round ${round}, student ${s.studentId}`).toBe(1);
        // The modify re-marked only those stored before it, from wrong to right (first answers of
        // the redos stay wrong).
        const modify = results[0]!.body as ModifyResult;
        for (const change of modify.remarked) {
          expect(raced.map((s) => s.id)).toContain(change.submissionId);
          expect(change).toMatchObject({ from: -1, to: 1 });
        }
      }
    },
  );
});

/**
 * A teacher's marks of one student's answers sent at once (several tabs, or the marking page
 * submitted twice): each recounts the student's calendar day and topic statistics. They take the
 * student's row lock (`markSubmissions`), so no recount reads the day while another mark of it is
 * not yet committed; without the lock the last recount written could miss a mark made meanwhile.
 */
describe("marks of one student's answers racing each other", () => {
  it('leave the calendar and topic statistics equal to a recount', { timeout: 120_000 }, async () => {
    const student = students[0]!;
    const name = student.user.username;
    for (let round = 0; round < ROUNDS; round++) {
      const ids: number[] = [];
      for (let i = 0; i < STUDENTS; i++)
        ids.push(
          await createQuestion(t, teacher, { type: 's', students: [name], topics: [`marked ${i % 3}`] }),
        );
      const answered = await call(
        t,
        student,
        'POST',
        '/api/v1/submissions/multiples',
        ids.map((questionId) => ({ questionId, studentAnswer: 'an essay', studentName: name })),
      );
      expect(answered.statusCode).toBe(200);
      const answers = answered.json() as { id: number }[];
      const results = await atOnce(answers.length, (i) =>
        send(teacher, 'PUT', `submissions/mark/${name}`, { [answers[i]!.id]: i % 2 ? 1 : -1 }),
      );
      expect(results.map((r) => r.status)).toEqual(Array(answers.length).fill(200));
      const calendar = (await storedCalendar(t.database.db, student.user.id)).map(
        ({ day, solved, unsolved, toMark }) => ({ day, solved, unsolved, toMark }),
      );
      expect(calendar, `round ${round}`).toEqual(await recountCalendar(t.database.db, student.user.id));
      expect(
        calendar.reduce((n, d) => n + d.toMark, 0),
        `round ${round}`,
      ).toBe(0);
      expect(await storedTopicStats(t.database.db, student.user.id), `round ${round}`).toEqual(
        await recountTopicStats(t.database.db, student.user.id),
      );
    }
  });
});

describe("an answer's locks", () => {
  /**
   * `lockAnswerRows` takes the questions' and the students' locks in one statement; every writer
   * that takes both must take the questions first (docs/architecture.md, "One lock order"), or an
   * answer and a modify could each hold what the other waits for. Shown from outside: with the
   * student's row held, a submit waits for it while already holding its question `FOR SHARE`.
   */
  it('takes the question before the student', { timeout: 60_000 }, async () => {
    const student = students[0]!;
    const id = await createQuestion(t, teacher, { students: [student.user.username] });
    const waiting = sql`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    let answer: ReturnType<typeof overSocket> | undefined;
    await t.database.db.transaction(async (holder) => {
      await holder.execute(sql`SELECT id FROM users WHERE id = ${student.user.id} FOR UPDATE`);
      answer = overSocket(base, 'POST', '/api/v1/submissions/multiples', {
        cookie: student.cookie,
        body: [{ questionId: id, studentAnswer: '01', studentName: student.user.username }],
      });
      await vi.waitFor(
        async () => expect(rowsOf<{ n: number }>(await t.database.db.execute(waiting))[0]!.n).toBe(1),
        { timeout: 10_000, interval: 20 },
      );
      // The question is held FOR SHARE by the waiting submit: FOR UPDATE cannot have it now.
      const taken = t.database.db.transaction((probe) =>
        probe.execute(sql`SELECT id FROM questions WHERE id = ${id} FOR UPDATE NOWAIT`),
      );
      await expect(taken).rejects.toMatchObject({ cause: { code: '55P03' } });
    });
    const answered = await answer!;
    expect(answered.status, answered.text).toBe(200);
  });
});

describe("an answer's locks, in whatever order a batch names its rows", () => {
  const waiting = sql`SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  const waitersAre = (n: number) =>
    vi.waitFor(
      async () => expect(rowsOf<{ n: number }>(await t.database.db.execute(waiting))[0]!.n).toBe(n),
      { timeout: 10_000, interval: 20 },
    );

  /**
   * `lockAnswerRows` locks in id order whatever order a batch names its students and questions in:
   * the `ORDER BY id` under each `FOR …` decides it (rows are locked as the sorted scan hands them
   * over), not the order of the ids given. Shown by making two writers meet in the middle: a third
   * transaction holds a row in the middle of the id order, the first writer waits for it, the second
   * is sent once the first waits, then the row is let go. In id order the second waits for the
   * lowest row, which the first holds, and goes after it; in the order given, the second, going the
   * other way, would hold the rows past the middle one, which the first then waits for: a deadlock,
   * one of them answering 500 (checked so: the lock statement rewritten to lock in the order given
   * failed both tests, PostgreSQL logging `deadlock detected`).
   */
  async function meetInTheMiddle(
    held: SQL,
    first: () => Promise<SocketAnswer>,
    second: () => Promise<SocketAnswer>,
  ): Promise<number[]> {
    let both: Promise<SocketAnswer[]> | undefined;
    await t.database.db.transaction(async (holder) => {
      await holder.execute(held);
      const one = first();
      await waitersAre(1);
      both = Promise.all([one, second()]);
      await waitersAre(2);
    });
    return (await both!).map((a) => a.status);
  }

  it('two batches naming the same students in opposite orders', { timeout: 60_000 }, async () => {
    const group = students.slice(0, 4).toSorted((a, b) => a.user.id - b.user.id);
    const names = group.map((s) => s.user.username);
    const [up, down] = [
      await createQuestion(t, teacher, { students: names }),
      await createQuestion(t, teacher, { students: names }),
    ];
    const batch = (questionId: number, order: string[]) =>
      send(
        teacher,
        'POST',
        'submissions/multiples',
        order.map((studentName) => ({ questionId, studentAnswer: '01', studentName })),
      );
    const statuses = await meetInTheMiddle(
      sql`SELECT id FROM users WHERE id = ${group[2]!.user.id} FOR UPDATE`,
      () => batch(up!, names),
      () => batch(down!, names.toReversed()),
    );
    expect(statuses).toEqual([200, 200]);
  });

  it('a batch naming questions against the id order and a modify of them', { timeout: 60_000 }, async () => {
    const student = students[1]!;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(await createQuestion(t, teacher, { students: [student.user.username] }));
    const statuses = await meetInTheMiddle(
      sql`SELECT id FROM questions WHERE id = ${ids[1]!} FOR UPDATE`,
      () =>
        send(
          student,
          'POST',
          'submissions/multiples',
          ids.toReversed().map((questionId) => ({
            questionId,
            studentAnswer: '01',
            studentName: student.user.username,
          })),
        ),
      () =>
        send(
          teacher,
          'PATCH',
          'questions/multiples',
          ids.map((id) => ({ id, title: 'Renamed while answered' })),
        ),
    );
    expect(statuses).toEqual([200, 200]);
  });
});
