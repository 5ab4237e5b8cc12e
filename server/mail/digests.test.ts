import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/open.ts';
import type { TestApp, TestUser } from '../test/harness.ts';
import { type MailTestApp, startMailTestApp } from '../test/mailApp.ts';
import { mimeParts, type TestSmtpServer } from '../test/smtp.ts';
import { call, createQuestion } from '../test/tutoring.ts';
import { dailyPeriod, weeklyPeriod } from './digests.ts';
import type { DigestScheduler } from './scheduler.ts';

/** Digest mails against seeded data, read back from a real SMTP server (docs/product.md, "Mail"). */
let t: TestApp;
let smtp: TestSmtpServer;
let mailApp: MailTestApp;
let scheduler: DigestScheduler;
let english: TestUser;
let korean: TestUser;
let quiet: TestUser;
let student: TestUser;
const PUBLIC_URL = 'https://tutor.example.com/school';

beforeAll(async () => {
  mailApp = await startMailTestApp(PUBLIC_URL);
  ({ t, smtp, scheduler } = mailApp);
  english = await t.createUser({ roles: ['TEACHER'], username: 'Eun' });
  korean = await t.createUser({ roles: ['TEACHER'], username: 'Kim' });
  quiet = await t.createUser({ roles: ['TEACHER'], username: 'Quiet' });
  student = await t.createUser({ username: 'Mina' });
  expect((await call(t, korean, 'PUT', '/api/v1/users/language', { language: 'ko' })).statusCode).toBe(200);
  const off = await call(t, quiet, 'PUT', '/api/v1/mail/switches', { kind: 'teacher-marking', on: false });
  expect(off.statusCode).toBe(200);
});
afterAll(() => mailApp.close());

const outbox = async () =>
  rowsOf<{ userId: number; kind: string; subject: string }>(
    await t.database.db.execute(sql`select user_id as "userId", kind, subject from mail_outbox order by id`),
  );

async function answerEssays(count: number) {
  for (let i = 0; i < count; i++) {
    const id = await createQuestion(t, english, { type: 's', title: `Essay ${i}`, students: ['Mina'] });
    const answered = await call(t, student, 'POST', '/api/v1/submissions/multiples', [
      { questionId: id, studentAnswer: `my essay ${i}`, studentName: 'Mina' },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
  }
}

describe('the periods', () => {
  it('a day is due from 18:00 in APP_TIME_ZONE, a week from Sunday 18:00; only the latest', () => {
    const zone = 'Asia/Seoul';
    expect(dailyPeriod(new Date('2026-03-10T17:59:59+09:00'), zone)).toBe('2026-03-09');
    expect(dailyPeriod(new Date('2026-03-10T18:00:00+09:00'), zone)).toBe('2026-03-10');
    expect(dailyPeriod(new Date('2026-03-11T00:30:00+09:00'), zone)).toBe('2026-03-10');
    // Sunday 15 March 2026
    expect(weeklyPeriod(new Date('2026-03-15T17:59:00+09:00'), zone)).toBe('2026-03-02');
    expect(weeklyPeriod(new Date('2026-03-15T18:00:00+09:00'), zone)).toBe('2026-03-09');
    expect(weeklyPeriod(new Date('2026-03-20T09:00:00+09:00'), zone)).toBe('2026-03-09');
  });
});

describe("the teacher's daily reminder", () => {
  it('sends nothing while no answer waits, and decides the day all the same', async () => {
    expect(await scheduler.tick()).toBe(0);
    expect(await outbox()).toEqual([]);
    // Answers arriving later that day do not reopen it.
    await answerEssays(1);
    expect(await scheduler.tick()).toBe(0);
  });

  it('at 18:00 tells each teacher in their language how many wait, with the inbox link, once', async () => {
    await answerEssays(2);
    t.clock.set('2026-03-10T18:00:00+09:00');
    expect(await scheduler.tick()).toBe(2);
    expect(await scheduler.tick()).toBe(0);
    expect(await outbox()).toEqual([
      { userId: english.user.id, kind: 'teacher-marking', subject: '3 answers are waiting to be marked' },
      { userId: korean.user.id, kind: 'teacher-marking', subject: '채점을 기다리는 답안이 3개 있습니다' },
    ]);
    await smtp.waitFor(2);
    const byRecipient = new Map(smtp.received.map((mail) => [mail.to[0], mail]));
    const en = byRecipient.get(english.email)!;
    const ko = byRecipient.get(korean.email)!;
    expect(byRecipient.has(quiet.email)).toBe(false);
    const enParts = mimeParts(en.raw);
    expect(enParts['text/plain']).toContain('Hello Eun,');
    expect(enParts['text/plain']).toContain(`Open the marking inbox: ${PUBLIC_URL}/marking`);
    expect(enParts['text/html']).toContain(`<a href="${PUBLIC_URL}/marking">Open the marking inbox</a>`);
    expect(enParts['text/html']).toContain('<html lang="en">');
    expect(enParts['text/html']).not.toMatch(/<img/);
    const koParts = mimeParts(ko.raw);
    expect(koParts['text/plain']).toContain('Kim님, 안녕하세요.');
    expect(koParts['text/html']).toContain('<html lang="ko">');
    expect(koParts['text/html']).toContain('채점함 열기');
    // One-click unsubscribe for that person and that kind (RFC 8058), and the link in both parts.
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(en.raw.replace(/\r\n([ \t])/g, '$1'))?.[1];
    expect(unsubscribe).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/v1/mail/unsubscribe\\?token=${english.user.id}\\.teacher-marking\\.`),
    );
    expect(en.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(enParts['text/plain']).toContain(unsubscribe);
    // The link works for that teacher, and only for the marking reminder.
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    const done = await t.request({
      method: 'POST',
      url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const switches = await call(t, english, 'GET', '/api/v1/mail/switches');
    expect(switches.json()).toEqual([{ kind: 'teacher-marking', on: false }]);
    await call(t, english, 'PUT', '/api/v1/mail/switches', { kind: 'teacher-marking', on: true });
  });

  it('after days of downtime sends one reminder, for the latest day only, not one per day missed', async () => {
    t.clock.set('2026-03-15T09:00:00+09:00');
    expect(await scheduler.tick()).toBe(2);
    expect(await scheduler.tick()).toBe(0);
    const periods = rowsOf<{ period: string; n: number }>(
      await t.database.db.execute(
        sql`select period::text, count(*)::int as n from mail_digests where user_id = ${english.user.id} group by period order by period`,
      ),
    );
    expect(periods).toEqual([
      { period: '2026-03-09', n: 1 },
      { period: '2026-03-10', n: 1 },
      { period: '2026-03-14', n: 1 },
    ]);
    expect((await outbox()).filter((row) => row.userId === english.user.id)).toHaveLength(2);
    expect((await outbox()).filter((row) => row.userId === quiet.user.id)).toEqual([]);
  });

  it("says '1 answer is' for one", async () => {
    const ids = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from submissions order by id`),
    );
    const marks = Object.fromEntries(ids.slice(1).map(({ id }) => [id, 1]));
    expect((await call(t, english, 'PUT', '/api/v1/marking', marks)).statusCode).toBe(200);
    t.clock.set('2026-03-15T18:00:00+09:00');
    // The two teachers, and the student told of her two marks.
    expect(await scheduler.tick()).toBe(3);
    const latest = (await outbox()).slice(-3);
    expect(latest.find((row) => row.userId === english.user.id)?.subject).toBe(
      '1 answer is waiting to be marked',
    );
    expect(latest.find((row) => row.userId === student.user.id)?.subject).toBe('2 answers marked');
  });
});
