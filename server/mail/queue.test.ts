import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailQueue } from '../../common/contracts/responses.ts';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { silentLog } from '../test/mailApp.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { enqueueMail, type OutgoingMail } from './service.ts';
import { startMailWorker } from './worker.ts';

const FAST = { pollMs: 25, firstRetryMs: 60_000, maxRetryMs: 60_000 };
/** A date-time in the app's zone (Seoul), as every answer writes them. */
const SEOUL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/;

let t: TestApp;
let admin: TestUser;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: (to) => to === 'gone@example.com' });
  t = await startTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Tutorfolio <noreply@tutor.example.com>' },
  });
  admin = await t.createUser({ roles: ['ADMIN'] });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mail = (to: string): OutgoingMail => ({
  to,
  subject: 'Marking',
  text: 'Three answers wait',
  html: '<p>Three answers wait</p>',
  kind: 'teacher-marking',
  userId: admin.user.id,
});

async function queue(): Promise<MailQueue> {
  const response = await t.request({ method: 'GET', url: '/api/v1/mail/outbox', as: admin });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GET /api/v1/mail/outbox', () => {
  it('is empty at first, and the mail service is configured', async () => {
    expect(await queue()).toEqual({
      configured: true,
      waiting: 0,
      failing: 0,
      abandoned: 0,
      oldestWaiting: null,
      lastFailure: null,
      lastSuccess: null,
    });
  });

  it('shows the mails waiting, the latest failure with its reason and the latest success', async () => {
    await enqueueMail(t.database.db, mail('gone@example.com'));
    await enqueueMail(t.database.db, mail('teacher@example.com'));
    const worker = startMailWorker({
      database: t.database,
      settings: t.config.mail!,
      log: silentLog,
      timing: FAST,
    });
    await smtp.waitFor(1);
    await until(async () => (await queue()).lastSuccess !== null);
    await worker.stop();
    for (const to of ['later1@example.com', 'later2@example.com']) await enqueueMail(t.database.db, mail(to));

    const seen = await queue();
    expect(seen).toMatchObject({
      configured: true,
      waiting: 2,
      failing: 0,
      abandoned: 1,
      lastFailure: {
        kind: 'teacher-marking',
        to: 'gone@example.com',
        failures: 1,
        state: 'abandoned',
        nextTry: null,
      },
      lastSuccess: { kind: 'teacher-marking', to: 'teacher@example.com' },
    });
    expect(seen.lastFailure!.reason).toMatch(/550 No such user here/);
    expect(seen.lastFailure!.at).toMatch(SEOUL_TIME);
    expect(seen.lastSuccess!.at).toMatch(SEOUL_TIME);
    expect(seen.oldestWaiting).toMatch(SEOUL_TIME);
  });

  it('shows a mail that failed and waits, with when it is tried again', async () => {
    const settings = { ...t.config.mail!, port: (await startSmtpServerAndClose()).port };
    const worker = startMailWorker({ database: t.database, settings, log: silentLog, timing: FAST });
    try {
      await until(async () => (await queue()).failing === 2);
    } finally {
      await worker.stop();
    }
    const seen = await queue();
    expect(seen).toMatchObject({
      waiting: 2,
      failing: 2,
      abandoned: 1,
      lastFailure: { state: 'waiting', failures: 1 },
    });
    expect(seen.lastFailure!.to).toMatch(/^later[12]@example\.com$/);
    expect(seen.lastFailure!.reason).toMatch(/ECONNREFUSED/);
    expect(seen.lastFailure!.nextTry).toMatch(SEOUL_TIME);
    expect(Date.parse(seen.lastFailure!.nextTry!) - Date.parse(seen.lastFailure!.at)).toBeGreaterThanOrEqual(
      59_000,
    );
  });

  it('is for administrators only', async () => {
    const teacher = await t.createUser({ roles: ['TEACHER'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/mail/outbox' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v1/mail/outbox', as: teacher })).statusCode).toBe(
      403,
    );
  });
});

describe('without SMTP_URL', () => {
  it('says mail is not configured and keeps what is enqueued waiting', async () => {
    const plain = await startTestApp();
    try {
      const owner = await plain.createUser({ roles: ['ADMIN'] });
      await enqueueMail(plain.database.db, { ...mail('x@example.com'), userId: owner.user.id });
      const response = await plain.request({ method: 'GET', url: '/api/v1/mail/outbox', as: owner });
      expect(response.json()).toMatchObject({
        configured: false,
        waiting: 1,
        lastFailure: null,
        lastSuccess: null,
      });
    } finally {
      await plain.close();
    }
  });
});

/** A port where no mail server listens any more. */
async function startSmtpServerAndClose(): Promise<{ port: number }> {
  const gone = await startSmtpServer();
  await gone.close();
  return { port: gone.port };
}
