import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountCalendar, storedCalendar } from '../calendars/queries.ts';
import { recountTopicStats, storedTopicStats } from '../stats/queries.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { atOnce, noServerError, overSocket } from '../test/sockets.ts';
import { createQuestion, dueIn, questionBody } from '../test/tutoring.ts';
import { classesDifferingFromRecount } from './search.ts';

/**
 * Writes of server/questions racing each other through real sockets on PostgreSQL (READ
 * COMMITTED), for the row locks and orders the mutation run (PGlite, one transaction at a time)
 * cannot see: link topics' lock on its questions, the bulk upload's locks on its students, and
 * `ensureTopics`' sorted inserts of new topics. Each failed here with its lock or sort removed
 * (docs/testing.md, "Mutation testing").
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('race.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)');

const STUDENTS = 8;
const ROUNDS = 6;

let t: TestApp;
let base: string;
let teacher: TestUser;
let students: TestUser[];
let names: string[];
beforeAll(async () => {
  t = await startTestApp({ poolSize: 12 });
  base = await t.listen();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  students = await t.createUsers(STUDENTS);
  names = students.map((s) => s.user.username);
});
afterAll(() => t.close());

const send = async (as: TestUser, method: string, path: string, body: unknown, what = path) =>
  noServerError(await overSocket(base, method, `/api/v1/${path}`, { cookie: as.cookie, body }), what);

async function expectRecounted(round: number) {
  for (const student of students) {
    const calendar = (await storedCalendar(t.database.db, student.user.id)).map(
      ({ day, solved, unsolved, toMark }) => ({ day, solved, unsolved, toMark }),
    );
    expect(calendar, `round ${round}`).toEqual(await recountCalendar(t.database.db, student.user.id));
    expect(await storedTopicStats(t.database.db, student.user.id), `round ${round}`).toEqual(
      await recountTopicStats(t.database.db, student.user.id),
    );
  }
}

describe('writes of questions racing each other (PostgreSQL)', () => {
  /**
   * Link topics locks its questions `FOR NO KEY UPDATE` before it reads who answered them; an
   * answer reads its question `FOR SHARE`, so one waits for the other. Without the lock an answer
   * committed after link topics read the answerers, and recounted before the links were in, is
   * counted under no new topic.
   */
  it('count every answer under the topics linked while the answers arrive', {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await createQuestion(t, teacher, { students: names, topics: [] });
      const results = await atOnce(2 * STUDENTS, (i) => {
        const k = i >> 1;
        return i % 2
          ? send(students[k]!, 'POST', 'submissions/multiples', [
              { questionId: id, studentAnswer: '01', studentName: names[k] },
            ])
          : send(teacher, 'PATCH', 'questions/topics', {
              questionIds: [id],
              topics: [`r${round} link ${k}`],
            });
      });
      expect(results.map((r) => r.status)).toEqual(Array(2 * STUDENTS).fill(200));
      await expectRecounted(round);
    }
  });

  /**
   * A bulk upload recounts the calendar days of the students it assigns, under their row locks.
   * Uploads assigning the same students the same day at once: without the locks two recounts of a
   * day run side by side, each blind to the other's assignments.
   */
  it('keep the calendars of the students two bulk uploads share equal to a recount', {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const targetDate = dueIn(t, 48 + 24 * round);
      const results = await atOnce(6, (i) =>
        send(
          teacher,
          'POST',
          'questions/multiples',
          Array.from({ length: 3 }, (_, k) => ({
            ...questionBody(t, {
              title: `r${round} upload ${i} item ${k}`,
              students: i % 2 ? names : [...names].reverse(),
              topics: [`r${round} bulk`],
              targetDate,
            }),
            generatedDate: '2026-11-01T09:00:00',
          })),
          `upload ${i} of round ${round}`,
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      await expectRecounted(round);
    }
  });

  /**
   * Every assigning statement adds its (author, student) pairs to the class table: uploads, bulk
   * uploads and assignments of two teachers' questions to the same new students at once each add
   * theirs, none fails on another's pair (`ON CONFLICT DO NOTHING`; the students' locks order
   * them), and each roster lists every student once. Failed here without the conflict clause (a
   * 500 on the key) and without the class insert (pairs missing from the recount).
   */
  it("keep every teacher's class equal to a recount while their questions are assigned at once", {
    timeout: 120_000,
  }, async () => {
    const teachers = [teacher, await t.createUser({ roles: ['TEACHER'] })];
    const older = await Promise.all(
      teachers.map((author) => createQuestion(t, author, { students: [], topics: [] })),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const pupils = await t.createUsers(3);
      const pupilNames = pupils.map((p) => p.user.username);
      const targetDate = dueIn(t, 48);
      const results = await atOnce(6, (i) => {
        const author = teachers[i % 2]!;
        const way = Math.floor(i / 2);
        const question = questionBody(t, { title: `r${round} class ${i}`, students: pupilNames, topics: [] });
        if (way === 0) return send(author, 'POST', 'questions', question, `upload ${i}`);
        if (way === 1)
          return send(
            author,
            'POST',
            'questions/multiples',
            [{ ...question, generatedDate: '2026-11-01T09:00:00' }],
            `bulk upload ${i}`,
          );
        return send(
          author,
          'POST',
          'assignments',
          { questionIds: [older[i % 2]], names: [...pupilNames].reverse(), targetDate },
          `assignment ${i}`,
        );
      });
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(await classesDifferingFromRecount(t.database.db), `round ${round}`).toBe(0);
      for (const author of teachers) {
        const roster = (await send(author, 'GET', `teacher/${author.user.username}/students`, undefined))
          .body as { name: string }[];
        expect(roster.filter((s) => pupilNames.includes(s.name)).map((s) => s.name)).toEqual(
          [...pupilNames].sort(),
        );
      }
    }
  });

  /**
   * New topics are inserted in sorted order: writers naming the same new topics in opposite orders
   * wait on them in one order. Unsorted, each inserts its first titles and waits for the other's
   * (the unique index on the title), a deadlock PostgreSQL breaks by failing one (500).
   */
  it.each(['questions', 'questions/multiples'] as const)(
    'POST %s naming the same new topics in opposite orders at once: no 5xx',
    { timeout: 120_000 },
    async (path) => {
      for (let round = 0; round < 2 * ROUNDS; round++) {
        // 20 topics a question at most: an upload names 200 in ten items, so that the inserts of
        // new topics last long enough to overlap.
        const titles = Array.from(
          { length: 200 },
          (_, k) => `${path} r${round} topic ${String(k).padStart(3, '0')}`,
        );
        const results = await atOnce(8, (i) => {
          const order = i % 2 ? titles : [...titles].reverse();
          const items = Array.from({ length: 10 }, (_, k) => ({
            ...questionBody(t, { title: `r${round} writer ${i}`, topics: order.slice(20 * k, 20 * k + 20) }),
            generatedDate: '2026-11-01T09:00:00',
          }));
          return send(
            teacher,
            'POST',
            path,
            path === 'questions' ? items[0] : items,
            `${path}: writer ${i} of round ${round}`,
          );
        });
        expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      }
    },
  );
});
