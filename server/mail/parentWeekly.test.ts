import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Week } from '../../common/contracts/week.ts';
import { weekTexts as koWeekTexts } from '../../common/i18n/ko/weekTexts.ts';
import { weekTexts } from '../../common/weekTexts.ts';
import { rowsOf } from '../db/open.ts';
import type { TestApp, TestUser } from '../test/harness.ts';
import { type MailTestApp, startMailTestApp } from '../test/mailApp.ts';
import { mimeParts, type TestSmtpServer } from '../test/smtp.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import type { DigestScheduler } from './scheduler.ts';

/** A parent's weekly mail: each child's week as /week/{name} shows it, Sunday evening. */
let t: TestApp;
let smtp: TestSmtpServer;
let mailApp: MailTestApp;
let scheduler: DigestScheduler;
let pat: TestUser;
let pak: TestUser;
let jun: TestUser;
const PUBLIC_URL = 'https://tutor.example.com';

beforeAll(async () => {
  mailApp = await startMailTestApp(PUBLIC_URL);
  ({ t, smtp, scheduler } = mailApp);
  const admin = await t.createUser({ roles: ['ADMIN'] });
  const teacher = await t.createUser({ roles: ['TEACHER'] });
  pat = await t.createUser({ roles: ['PARENT'], username: 'Pat' });
  pak = await t.createUser({ roles: ['PARENT'], username: 'Pak' });
  await t.createUser({ roles: ['PARENT'], username: 'Alone' });
  jun = await t.createUser({ username: 'Jun' });
  await t.createUser({ username: 'So' });
  // Only the parents' mail is read here.
  await t.database.db.execute(
    sql`insert into mail_opt_outs (user_id, kind) select id, 'student-digest' from users`,
  );
  await t.database.db.execute(
    sql`insert into mail_opt_outs (user_id, kind) select id, 'teacher-marking' from users`,
  );
  await call(t, pak, 'PUT', '/api/v1/users/language', { language: 'ko' });
  expect((await call(t, admin, 'POST', '/api/v1/users/children/Pat', ['Jun', 'So'])).statusCode).toBe(200);
  expect((await call(t, admin, 'POST', '/api/v1/users/children/Pak', ['Jun'])).statusCode).toBe(200);
  const loops = await createQuestion(t, teacher, { title: 'Loops', students: ['Jun', 'So'] });
  await createQuestion(t, teacher, { title: 'Arrays', students: ['Jun'] });
  const answered = await call(t, jun, 'POST', '/api/v1/submissions/multiples', [
    { questionId: loops, studentAnswer: '01', studentName: 'Jun' },
  ]);
  expect(answered.statusCode, answered.body).toBe(200);
});
afterAll(() => mailApp.close());

const outbox = async () =>
  rowsOf<{ userId: number; subject: string }>(
    await t.database.db.execute(sql`select user_id as "userId", subject from mail_outbox order by id`),
  );
const lf = (text: string) => text.replace(/\r\n/g, '\n');

describe("the parent's weekly mail", () => {
  it('goes Sunday from 18:00 with what /week/{name} shows of each child, in the parent’s language', async () => {
    // The week before, already over when the test starts, is decided first (one catch-up mail each).
    expect(await scheduler.tick()).toBe(2);
    t.clock.set('2026-03-15T17:59:00+09:00');
    expect(await scheduler.tick()).toBe(0);
    t.clock.set('2026-03-15T18:00:00+09:00');
    expect(await scheduler.tick()).toBe(2);
    expect(await scheduler.tick()).toBe(0);
    expect((await outbox()).slice(-2)).toEqual([
      { userId: pat.user.id, subject: "Your children's week, 2026-03-09 – 2026-03-15" },
      { userId: pak.user.id, subject: '자녀의 한 주, 2026-03-09 – 2026-03-15' },
    ]);
    await smtp.waitFor(4);
    const weekOf = async (name: string) =>
      (await call(t, pat, 'GET', `/api/v1/week/${name}?start=2026-03-09`)).json() as Week;
    const [junWeek, soWeek] = [await weekOf('Jun'), await weekOf('So')];
    expect(junWeek.summary).toMatchObject({ assigned: 2, answered: 1, correct: 1, todo: 1 });
    const mailTo = (who: TestUser) =>
      mimeParts(smtp.received.filter((m) => m.to[0] === who.email).at(-1)!.raw);
    const en = mailTo(pat);
    const text = lf(en['text/plain']!);
    expect(text).toContain(
      `Jun's week\n${weekTexts.summary(junWeek.summary)}\n${weekTexts.summaryMore(junWeek.summary)}\n` +
        `See the whole week: ${PUBLIC_URL}/week/Jun?start=2026-03-09`,
    );
    expect(text).toContain(`So's week\n${weekTexts.summary(soWeek.summary)}`);
    expect(en['text/html']).toContain(
      `<a href="${PUBLIC_URL}/week/Jun?start=2026-03-09">See the whole week</a>`,
    );
    expect(en['text/html']).toContain('Jun&#39;s week');
    const ko = mimeParts(smtp.received.filter((m) => m.to[0] === pak.email).at(-1)!.raw);
    expect(lf(ko['text/plain']!)).toContain(
      `${koWeekTexts.title('Jun')}\n${koWeekTexts.summary(junWeek.summary)}`,
    );
    expect(ko['text/plain']).not.toContain('So');
    expect(ko['text/html']).toContain('<html lang="ko">');
  });

  it('after weeks of downtime sends one, for the latest week only', async () => {
    t.clock.set('2026-03-31T09:00:00+09:00');
    expect(await scheduler.tick()).toBe(2);
    expect(await scheduler.tick()).toBe(0);
    expect((await outbox()).slice(-2).map((row) => row.subject)).toEqual([
      "Your children's week, 2026-03-23 – 2026-03-29",
      '자녀의 한 주, 2026-03-23 – 2026-03-29',
    ]);
    expect(await outbox()).toHaveLength(6);
  });
});
