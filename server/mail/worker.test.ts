import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { loadConfig, type MailSettings } from '../config.ts';
import { type Database, rowsOf } from '../db/open.ts';
import { openTestDatabase } from '../test/harness.ts';
import { silentLog } from '../test/mailApp.ts';
import { countByMessageId, mimeParts, startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { html, htmlDocument } from './html.ts';
import { enqueueMail, type OutgoingMail } from './service.ts';
import { type MailWorker, retryDelay, startMailWorker } from './worker.ts';

const FAST = { pollMs: 25, firstRetryMs: 100, maxRetryMs: 400 };

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const running: { worker?: MailWorker; smtp?: TestSmtpServer }[] = [];
afterEach(async () => {
  for (const { worker, smtp } of running.splice(0)) {
    await worker?.stop();
    await smtp?.close();
  }
  await database.db.execute(sql`delete from mail_outbox`);
});

function settingsFor(port: number, userinfo = ''): MailSettings {
  return loadConfig({
    SMTP_URL: `smtp://${userinfo}127.0.0.1:${port}`,
    MAIL_FROM: 'Tutorfolio <noreply@tutor.example.com>',
  }).mail!;
}

function mail(n: number, change: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: `student${n}@example.com`,
    subject: `Your week ${n}`,
    text: `Hello ${n}`,
    html: htmlDocument({ lang: 'en', title: `Your week ${n}`, body: html`<p>Hello ${n}</p>` }),
    kind: 'student-digest',
    userId: null,
    ...change,
  };
}

type Row = {
  id: number;
  sent: boolean;
  failures: number;
  lastError: string | null;
  abandoned: boolean;
  textBody: string;
};
async function rows(): Promise<Row[]> {
  return rowsOf<Row>(
    await database.db.execute(sql`
      select id, sent_at is not null as sent, failures, last_error as "lastError",
             abandoned_at is not null as abandoned, text_body as "textBody"
      from mail_outbox order by id`),
  );
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the mail worker', () => {
  it('sends text and HTML parts, the HTML escaped, with a Message-ID of the row, through an account', async () => {
    const smtp = await startSmtpServer({ auth: { user: 'tutor@example.com', password: 'p:ss word' } });
    const worker = startMailWorker({
      database,
      settings: settingsFor(smtp.port, 'tutor%40example.com:p%3Ass%20word@'),
      log: silentLog,
      timing: FAST,
    });
    running.push({ worker, smtp });
    const name = '<b>Eve</b> & "co"';
    await database.db.transaction((tx) =>
      enqueueMail(tx, {
        ...mail(1),
        text: `Hello ${name}`,
        html: htmlDocument({ lang: 'en', title: 'Hi', body: html`<p>Hello ${name}</p>` }),
        headers: { 'X-Tutorfolio-Kind': 'digest' },
      }),
    );
    await smtp.waitFor(1);
    const [received] = smtp.received;
    expect(received!.from).toBe('noreply@tutor.example.com');
    expect(received!.to).toEqual(['student1@example.com']);
    const raw = received!.raw;
    expect(raw).toMatch(/^From: Tutorfolio <noreply@tutor\.example\.com>$/m);
    expect(raw).toMatch(/^Subject: Your week 1$/m);
    expect(raw).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(raw).toMatch(/^X-Tutorfolio-Kind: digest$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    const parts = mimeParts(raw);
    expect(parts['text/plain']).toBe('Hello <b>Eve</b> & "co"');
    expect(parts['text/html']).toContain('<p>Hello &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;</p>');
    expect(parts['text/html']).not.toContain('<b>');
    expect(parts['text/html']).not.toMatch(/<img|https?:/);
    const [row] = await rows();
    expect(received!.messageId).toMatch(
      new RegExp(`^<outbox\\.${row!.id}\\.[0-9a-z]+@tutor\\.example\\.com>$`),
    );
    await until('the mail is marked sent', async () => (await rows())[0]!.sent);
    // A sent row keeps no body: a reset link must not outlive its use.
    expect(await rows()).toEqual([
      { id: row!.id, sent: true, failures: 0, lastError: null, abandoned: false, textBody: '' },
    ]);
  });

  it('keeps mail while the mail server is down, records why, and sends it once it is back', async () => {
    const port = await freePort();
    let smtp = await startSmtpServer({ port });
    const worker = startMailWorker({ database, settings: settingsFor(port), log: silentLog, timing: FAST });
    running.push({ worker });
    await enqueueMail(database.db, mail(0));
    await smtp.waitFor(1);
    await until('the first mail is marked sent', async () => (await rows())[0]!.sent);
    await smtp.close();

    for (const n of [1, 2, 3]) await enqueueMail(database.db, mail(n));
    await until('every waiting mail failed twice', async () =>
      (await rows()).slice(1).every((row) => row.failures >= 2),
    );
    const waiting = (await rows()).slice(1);
    for (const row of waiting) {
      expect(row.sent).toBe(false);
      expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    }

    smtp = await startSmtpServer({ port });
    running.push({ smtp });
    await smtp.waitFor(3);
    await until('all are marked sent', async () => (await rows()).every((row) => row.sent));
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'student1@example.com',
      'student2@example.com',
      'student3@example.com',
    ]);
    expect([...countByMessageId(smtp.received).values()]).toEqual([1, 1, 1]);
  });

  it('gives up on a recipient the mail server refuses for good, and goes on with the rest', async () => {
    const smtp = await startSmtpServer({ refuse: (to) => to === 'gone@example.com' });
    const worker = startMailWorker({
      database,
      settings: settingsFor(smtp.port),
      log: silentLog,
      timing: FAST,
    });
    running.push({ worker, smtp });
    await enqueueMail(database.db, mail(1, { to: 'gone@example.com' }));
    await enqueueMail(database.db, mail(2));
    await smtp.waitFor(1);
    await until('both are settled', async () => (await rows()).every((row) => row.sent || row.abandoned));
    const [gone, sent] = await rows();
    expect(gone).toMatchObject({ sent: false, abandoned: true, failures: 1, textBody: '' });
    expect(gone!.lastError).toMatch(/^EENVELOPE: .*550/);
    expect(sent).toMatchObject({ sent: true, abandoned: false });
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up on mail older than its maximum age instead of sending it late', async () => {
    const smtp = await startSmtpServer();
    await enqueueMail(database.db, mail(1));
    await enqueueMail(database.db, mail(2));
    await database.db.execute(
      sql`update mail_outbox set created_at = created_at - interval '4 days' where recipient = 'student1@example.com'`,
    );
    const worker = startMailWorker({
      database,
      settings: settingsFor(smtp.port),
      log: silentLog,
      timing: FAST,
    });
    running.push({ worker, smtp });
    await smtp.waitFor(1);
    await until('both are settled', async () => (await rows()).every((row) => row.sent || row.abandoned));
    const [old, fresh] = await rows();
    expect(old).toMatchObject({
      abandoned: true,
      sent: false,
      lastError: 'not sent within 72 hours',
      textBody: '',
    });
    expect(fresh).toMatchObject({ sent: true });
    expect(smtp.received.map((m) => m.to[0])).toEqual(['student2@example.com']);
  });

  it('waits twice as long after each failure, up to its cap', () => {
    const timing = { firstRetryMs: 30_000, maxRetryMs: 3_600_000 };
    expect([1, 2, 3, 4, 7, 8, 50, 5000].map((n) => retryDelay(n, timing))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });
});
