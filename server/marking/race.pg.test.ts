import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkingItem } from '../../common/contracts/tutoring.ts';
import { recountCalendar, storedCalendar } from '../calendars/queries.ts';
import { recountTopicStats, storedTopicStats } from '../stats/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { atOnce, noServerError, overSocket } from '../test/sockets.ts';
import { call, createQuestion } from '../test/tutoring.ts';

/**
 * Teachers' marks racing each other and a change of their questions' topics, through real sockets
 * on PostgreSQL (READ COMMITTED). A teacher's mark changes the topic statistics by the difference
 * between the mark before and after (server/stats/queries.ts, `countMarkChanges`), not by a
 * recount: exact only if the mark before is the one the write replaces, which the students' locks
 * taken before the write guarantee. Without them two marks of the same answer both read the same
 * mark before and count it twice (this failed in its first round with the lock left out).
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('race.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)');

const STUDENTS = 5;
const ROUNDS = 5;
const MARKERS = 8;

let t: TestApp;
let base: string;
let teachers: TestUser[];
let students: TestUser[];
let questionIds: number[];
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
  teachers = [await t.createUser({ roles: ['TEACHER'] }), await t.createUser({ roles: ['ADMIN'] })];
  students = await t.createUsers(STUDENTS);
  const names = students.map((s) => s.user.username);
  questionIds = [];
  for (const topics of [['loops', 'java'], ['java'], ['arrays', 'loops']])
    questionIds.push(await createQuestion(t, teachers[0]!, { type: 's', topics, students: names }));
  for (const student of students) {
    const response = await call(
      t,
      student,
      'POST',
      '/api/v1/submissions/multiples',
      questionIds.map((questionId) => ({
        questionId,
        studentAnswer: 'an answer',
        studentName: student.user.username,
      })),
    );
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(() => t.close());

/** The same choices every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("teachers' marks racing each other and a change of topics", () => {
  it('leave every topic statistic and calendar day equal to a recount', { timeout: 120_000 }, async () => {
    const rand = random(7);
    const answers = (await call(t, teachers[0]!, 'GET', '/api/v1/marking?size=100')).json()
      .content as MarkingItem[];
    expect(answers).toHaveLength(STUDENTS * questionIds.length);
    const topicSets = [['loops'], ['java', 'arrays'], ['strings', 'java']];
    for (let round = 0; round < ROUNDS; round++) {
      // Each marker marks a random half of the answers (some the same answer, some apart); one more
      // request changes a question's topics, which recounts its answerers under the same locks.
      const marks = Array.from({ length: MARKERS }, () =>
        Object.fromEntries(
          answers
            .filter(() => rand() < 0.5)
            .map((a) => [a.id, ([1, -1, 0] as const)[Math.floor(rand() * 3)]!]),
        ),
      );
      const questionId = questionIds[round % questionIds.length]!;
      const results = await atOnce(MARKERS + 1, async (i) => {
        if (i === MARKERS)
          return overSocket(base, 'PATCH', '/api/v1/questions/multiples', {
            cookie: teachers[0]!.cookie,
            body: [{ id: questionId, topics: topicSets[round % topicSets.length] }],
          });
        await new Promise((resolve) => setTimeout(resolve, i % 3));
        return overSocket(base, 'PUT', '/api/v1/marking', {
          cookie: teachers[i % 2]!.cookie,
          body: marks[i],
        });
      });
      for (const result of results) expect(noServerError(result, 'race').status).toBe(200);
      for (const student of students) {
        const id = student.user.id;
        expect(await storedTopicStats(t.database.db, id)).toEqual(await recountTopicStats(t.database.db, id));
        const calendar = (await storedCalendar(t.database.db, id)).map(
          ({ day, solved, unsolved, toMark }) => ({
            day,
            solved,
            unsolved,
            toMark,
          }),
        );
        expect(calendar).toEqual(await recountCalendar(t.database.db, id));
      }
    }
  });
});
