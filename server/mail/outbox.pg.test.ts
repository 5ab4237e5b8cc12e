import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase, rowsOf } from '../db/open.ts';
import { openTestDatabase } from '../test/harness.ts';
import { silentLog } from '../test/mailApp.ts';
import { countByMessageId, startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { html, htmlDocument } from './html.ts';
import { enqueueMail } from './service.ts';
import { smtpSender } from './transport.ts';
import { startMailWorker } from './worker.ts';

const MAILS = 200;

let first: Database;
let second: Database;
let smtp: TestSmtpServer;
beforeAll(async () => {
  first = await openTestDatabase();
  // A second instance: its own pool on the same database.
  const [{ name }] = rowsOf<{ name: string }>(
    await first.db.execute(sql`select current_database() as name`),
  ) as [{ name: string }];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  second = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4, migrationsFolder: null });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await second.close();
  await first.close();
});

describe('two instances sending one outbox on PostgreSQL', () => {
  it(`send each of ${MAILS} mails exactly once, sharing the work`, async () => {
    await first.db.transaction(async (tx) => {
      for (let n = 0; n < MAILS; n++) {
        await enqueueMail(tx, {
          to: `student${n}@example.com`,
          subject: `Digest ${n}`,
          text: `Mail ${n}`,
          html: htmlDocument({ lang: 'en', title: `Digest ${n}`, body: html`<p>Mail ${n}</p>` }),
          kind: 'student-digest',
          userId: null,
        });
      }
    });
    const settings = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'noreply@tutor.example.com',
    }).mail!;
    const sentBy = [0, 0];
    const workers = [first, second].map((database, i) => {
      const sender = smtpSender(settings);
      return startMailWorker({
        database,
        settings,
        log: silentLog,
        timing: { pollMs: 20 },
        sender: {
          async send(mail) {
            await sender.send(mail);
            sentBy[i]!++;
          },
          close: () => sender.close(),
        },
      });
    });
    const started = performance.now();
    try {
      await smtp.waitFor(MAILS, 60_000);
      const end = Date.now() + 10_000;
      while (
        rowsOf<{ n: number }>(
          await first.db.execute(sql`select count(*)::int as n from mail_outbox where sent_at is null`),
        )[0]!.n > 0
      ) {
        if (Date.now() > end) throw new Error('mails left unmarked');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const seconds = (performance.now() - started) / 1000;
    const counts = countByMessageId(smtp.received);
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    console.log(
      `${MAILS} mails by two instances in ${seconds.toFixed(2)} s (${sentBy.join(' + ')}), ${duplicates} sent twice`,
    );
    expect(smtp.received).toHaveLength(MAILS);
    expect(counts.size).toBe(MAILS);
    expect(duplicates).toBe(0);
    expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(MAILS);
    expect(sentBy[0]! + sentBy[1]!).toBe(MAILS);
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
  });
});
