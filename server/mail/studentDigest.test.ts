import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/open.ts';
import type { TestApp, TestUser } from '../test/harness.ts';
import { type MailTestApp, startMailTestApp } from '../test/mailApp.ts';
import { mimeParts, type TestSmtpServer } from '../test/smtp.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import type { DigestScheduler } from './scheduler.ts';

/** A student's daily digest: new work and marks since the last one, read back over SMTP. */
let t: TestApp;
let smtp: TestSmtpServer;
let mailApp: MailTestApp;
let scheduler: DigestScheduler;
let teacher: TestUser;
let jun: TestUser;
let so: TestUser;
const PUBLIC_URL = 'https://tutor.example.com';

beforeAll(async () => {
  mailApp = await startMailTestApp(PUBLIC_URL);
  ({ t, smtp, scheduler } = mailApp);
  teacher = await t.createUser({ roles: ['TEACHER'] });
  // The teacher's reminder is not what this file reads.
  await call(t, teacher, 'PUT', '/api/v1/mail/switches', { kind: 'teacher-marking', on: false });
  jun = await t.createUser({ username: 'Jun' });
  so = await t.createUser({ username: 'So' });
  await call(t, so, 'PUT', '/api/v1/users/language', { language: 'ko' });
});
afterAll(() => mailApp.close());

const subjects = async () =>
  rowsOf<{ userId: number; subject: string }>(
    await t.database.db.execute(sql`select user_id as "userId", subject from mail_outbox order by id`),
  );

/** The parts with the line ends as written (SMTP sends CRLF). */
const lf = (parts: Record<string, string>) =>
  Object.fromEntries(Object.entries(parts).map(([type, body]) => [type, body.replace(/\r\n/g, '\n')]));

describe("the student's daily digest", () => {
  let essay: number;
  it('the first tells of all open work, in each language, with links to answer it', async () => {
    await createQuestion(t, teacher, { title: 'Loops <1>', students: ['Jun', 'So'] });
    await createQuestion(t, teacher, { title: 'Arrays', students: ['Jun', 'So'] });
    essay = await createQuestion(t, teacher, { type: 's', title: 'Why', students: ['Jun', 'So'] });
    expect(await scheduler.tick()).toBe(2);
    expect(await scheduler.tick()).toBe(0);
    expect(await subjects()).toEqual([
      { userId: jun.user.id, subject: '3 new questions' },
      { userId: so.user.id, subject: '새 문제 3개' },
    ]);
    await smtp.waitFor(2);
    const [en, ko] = [jun, so].map((who) =>
      lf(mimeParts(smtp.received.find((m) => m.to[0] === who.email)!.raw)),
    );
    expect(en!['text/plain']).toContain('New work (3):\n- Loops <1> (due 2026-03-12)');
    expect(en!['text/plain']).toContain(`Answer them: ${PUBLIC_URL}/tutoring/Jun`);
    expect(en!['text/html']).toContain('<li>Loops &lt;1&gt; (due 2026-03-12)</li>');
    expect(en!['text/html']).toContain(`<a href="${PUBLIC_URL}/tutoring/Jun">Answer them</a>`);
    expect(en!['text/html']).not.toContain('Marked by your teacher');
    expect(ko!['text/plain']).toContain('새 과제 (3):');
    expect(ko!['text/html']).toContain('<html lang="ko">');
    expect(ko!['text/html']).toContain('문제 풀기');
  });

  it('sends nothing on a day with nothing new', async () => {
    t.clock.set('2026-03-10T18:00:00+09:00');
    expect(await scheduler.tick()).toBe(0);
    expect(await subjects()).toHaveLength(2);
  });

  it('then tells only what is new: work assigned and marks given since, to whom it concerns', async () => {
    const answered = await call(t, jun, 'POST', '/api/v1/submissions/multiples', [
      { questionId: essay, studentAnswer: 'because', studentName: 'Jun' },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
    const [submission] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from submissions where student_id = ${jun.user.id}`),
    );
    expect((await call(t, teacher, 'PUT', '/api/v1/marking', { [submission!.id]: -1 })).statusCode).toBe(200);
    await createQuestion(t, teacher, { title: 'Maps', students: ['Jun'] });
    t.clock.set('2026-03-11T18:00:00+09:00');
    expect(await scheduler.tick()).toBe(1);
    expect((await subjects()).at(-1)).toEqual({
      userId: jun.user.id,
      subject: '1 new question, 1 answer marked',
    });
    await smtp.waitFor(3);
    const text = lf(mimeParts(smtp.received.at(-1)!.raw))['text/plain']!;
    expect(text).toContain('New work (1):\n- Maps');
    expect(text).not.toContain('Arrays');
    expect(text).toContain('Marked by your teacher (1):\n- Why: wrong');
    expect(text).toContain(`See your submissions: ${PUBLIC_URL}/submission/Jun`);
  });
});
