import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import type { SubmissionQuestion } from '../../common/contracts/tutoring.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { linkChild } from '../users/queries.ts';
import { recountTopicStats, storedTopicStats, type TopicStatRow } from './queries.ts';

let t: TestApp;
let teacher: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.createUser({ roles: ['TEACHER'] });
  admin = await t.createUser({ roles: ['ADMIN'] });
});
afterAll(() => t.close());

const byTopic = (rows: TopicStatRow[]) => [...rows].sort((a, b) => a.topic.localeCompare(b.topic));

async function statsPage(as: TestUser, name: string, query = 'size=100') {
  const response = await call(t, as, 'GET', `/api/v1/stats/topics/page/${encodeURIComponent(name)}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<TopicStatRow>;
}

/** The page, the stored rows and a recount from scratch agree, and equal what the test expects. */
async function expectStats(student: TestUser, expected: Record<string, [correct: number, wrong: number]>) {
  const rows = Object.entries(expected)
    .filter(([, [c, w]]) => c + w > 0)
    .map(([topic, [correctCount, wrongCount]]) => ({
      topic,
      correctCount,
      wrongCount,
      totalCount: correctCount + wrongCount,
    }));
  const page = await statsPage(student, student.user.username);
  expect(byTopic(page.content)).toEqual(byTopic(rows));
  expect(await storedTopicStats(t.database.db, student.user.id)).toEqual(byTopic(rows));
  expect(await recountTopicStats(t.database.db, student.user.id)).toEqual(byTopic(rows));
}

describe('GET /api/v1/stats/topics/page/{name}', () => {
  it('counts marked first answers per topic through every write, always equal to a recount', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const loops = await createQuestion(t, teacher, { students: [name], topics: ['Loops', 'Java'] });
    const arrays = await createQuestion(t, teacher, { students: [name], topics: ['Arrays'] });
    const essay = await createQuestion(t, teacher, { type: 's', students: [name], topics: ['Loops'] });
    const answer = async (questionId: number, studentAnswer: string) => {
      const response = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
        { questionId, studentAnswer, studentName: name },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as SubmissionQuestion[])[0]!;
    };
    await answer(loops, '01');
    await answer(arrays, '12');
    const short = await answer(essay, 'my essay');
    // The short answer waits for a teacher: not counted yet.
    await expectStats(student, { loops: [1, 0], java: [1, 0], arrays: [0, 1] });

    await call(t, teacher, 'PUT', `/api/v1/submissions/mark/${name}`, { [short.id]: -1 });
    await expectStats(student, { loops: [1, 1], java: [1, 0], arrays: [0, 1] });

    // A redo is practice: the statistics keep the first answer (as the score does).
    const redo = await call(t, student, 'POST', `/api/v1/submissions/review/${name}`, [
      { questionId: arrays, studentAnswer: '01' },
    ]);
    expect(redo.statusCode).toBe(200);
    await expectStats(student, { loops: [1, 1], java: [1, 0], arrays: [0, 1] });

    // A topic linked to an answered question counts its answers at once.
    await call(t, teacher, 'PATCH', '/api/v1/questions/topics', {
      questionIds: [arrays],
      topics: ['Basics'],
    });
    await expectStats(student, { loops: [1, 1], java: [1, 0], arrays: [0, 1], basics: [0, 1] });

    // Replacing a question's topics moves its answers; a new answer re-marks them.
    const modify = await call(t, teacher, 'PATCH', '/api/v1/questions/multiples', [
      { id: loops, topics: ['Recursion'], answer: '12' },
    ]);
    expect(modify.statusCode, modify.body).toBe(200);
    await expectStats(student, { loops: [0, 1], recursion: [0, 1], arrays: [0, 1], basics: [0, 1] });

    // Reassigning the answered question and answering it again counts the new first answer too.
    await call(t, teacher, 'POST', '/api/v1/assignments', {
      questionIds: [loops],
      names: [name],
      targetDate: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    await answer(loops, '12');
    await expectStats(student, { loops: [0, 1], recursion: [1, 1], arrays: [0, 1], basics: [0, 1] });
  });

  it('pages the top topics by totalCount (the stats page asks for 6), sorted as asked', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    // Topic n is on n + 1 answered questions, so the counts differ.
    const topics = Array.from({ length: 8 }, (_, i) => `topic ${String.fromCharCode(97 + i)}`);
    const ids: number[] = [];
    for (let q = 0; q < 8; q++)
      ids.push(
        await createQuestion(t, teacher, { students: [name], topics: topics.filter((_, i) => i >= 7 - q) }),
      );
    const submitted = await call(
      t,
      student,
      'POST',
      '/api/v1/submissions/multiples',
      ids.map((questionId, i) => ({ questionId, studentAnswer: i % 2 ? '01' : '12', studentName: name })),
    );
    expect(submitted.statusCode).toBe(200);
    const top = await statsPage(student, name, 'page=0&size=6&sort=totalCount,desc');
    expect(top.content.map((r) => r.topic)).toEqual(topics.slice(2).reverse());
    expect(top.content.map((r) => r.totalCount)).toEqual([8, 7, 6, 5, 4, 3]);
    expect(top).toMatchObject({ totalElements: 8, totalPages: 2, size: 6, number: 0 });
    const byName = await statsPage(student, name, 'size=3&sort=topic,asc');
    expect(byName.content.map((r) => r.topic)).toEqual(topics.slice(0, 3));
    expect(
      (await call(t, student, 'GET', `/api/v1/stats/topics/page/${name}?sort=secret,desc`)).statusCode,
    ).toBe(400);
  });

  it('is shown to the student, staff and a linked parent; a parent of another child gets 403', async () => {
    const child = await t.createUser();
    const otherChild = await t.createUser();
    const parent = await t.createUser({ roles: ['PARENT'] });
    await linkChild(t.database.db, parent.user.id, otherChild.user.id);
    const url = `/api/v1/stats/topics/page/${child.user.username}`;
    expect((await call(t, parent, 'GET', url)).statusCode).toBe(403);
    await linkChild(t.database.db, parent.user.id, child.user.id);
    expect((await call(t, parent, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, teacher, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, otherChild, 'GET', url)).statusCode).toBe(403);
  });
});

describe('PATCH /api/v1/stats/topics/reload/{name}', () => {
  it('rebuilds stored statistics from scratch (admin only) and answers the number of topics', async () => {
    const student = await t.createUser();
    const name = student.user.username;
    const id = await createQuestion(t, teacher, { students: [name], topics: ['Loops', 'Java'] });
    await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: id, studentAnswer: '01', studentName: name },
    ]);
    // Damage the cache as a bug or a hand edit might.
    await t.database.db.execute(
      sql`UPDATE topic_stats SET correct_count = 40, total_count = 41 WHERE student_id = ${student.user.id}`,
    );
    expect((await call(t, teacher, 'PATCH', `/api/v1/stats/topics/reload/${name}`)).statusCode).toBe(403);
    const reload = await call(t, admin, 'PATCH', `/api/v1/stats/topics/reload/${name}`);
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toBe(2);
    await expectStats(student, { loops: [1, 0], java: [1, 0] });
    expect((await call(t, admin, 'PATCH', '/api/v1/stats/topics/reload/nobody-here')).statusCode).toBe(404);
  });
});
