import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/open.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { runDigests } from './digests.ts';

/**
 * Several instances deciding the same digests at once, on PostgreSQL where their transactions
 * really overlap: each person still gets exactly one mail per kind per period.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ poolSize: 8 });
});
afterAll(() => t.close());

describe('digests decided by racing schedulers', () => {
  it('enqueue exactly one reminder per teacher per day, however many passes run at once', async () => {
    const teachers = await t.createUsers(12, { roles: ['TEACHER'] });
    const student = await t.createUser();
    const id = await createQuestion(t, teachers[0]!, { type: 's', students: [student.user.username] });
    const answered = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: id, studentAnswer: 'an essay', studentName: student.user.username },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
    const settings = { publicUrl: new URL('https://tutor.example.com'), timeZone: t.config.timeZone };
    for (const at of ['2026-03-10T18:00:00+09:00', '2026-03-11T18:00:05+09:00']) {
      t.clock.set(at);
      const passes = await Promise.all(
        Array.from({ length: 6 }, () => runDigests(t.database.db, settings, t.clock.now())),
      );
      expect(passes.reduce((a, b) => a + b, 0)).toBe(teachers.length);
    }
    const perTeacher = rowsOf<{ userId: number; n: number }>(
      await t.database.db.execute(
        sql`select user_id as "userId", count(*)::int as n from mail_outbox group by user_id order by user_id`,
      ),
    );
    expect(perTeacher).toEqual(teachers.map((teacher) => ({ userId: teacher.user.id, n: 2 })));
  });
});
