import { loadConfig } from '../config.ts';
import { type DigestScheduler, startDigestScheduler } from '../mail/scheduler.ts';
import { type MailWorker, startMailWorker } from '../mail/worker.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

/** A log that says nothing: the tests read the mails, not the worker's lines. */
export const silentLog = { info() {}, warn() {}, error() {} };

export type MailTestApp = {
  t: TestApp;
  smtp: TestSmtpServer;
  worker: MailWorker;
  /** Ticks only when the test calls `tick()`: its hourly timer never fires within a test. */
  scheduler: DigestScheduler;
  /** Stops the scheduler, the worker, the SMTP server and the app, in that order. */
  close(): Promise<void>;
};

/**
 * An app on a test database with the mail worker sending to a real SMTP server on loopback
 * (polling every 25 ms) and a digest scheduler on the app's clock, links starting at `publicUrl`.
 */
export async function startMailTestApp(publicUrl: string): Promise<MailTestApp> {
  const t = await startTestApp();
  const smtp = await startSmtpServer();
  const settings = loadConfig({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'noreply@tutor.example.com',
  }).mail!;
  const worker = startMailWorker({ database: t.database, settings, log: silentLog, timing: { pollMs: 25 } });
  const scheduler = startDigestScheduler({
    database: t.database,
    settings: { publicUrl: new URL(publicUrl), timeZone: t.config.timeZone },
    now: t.clock.now,
    log: silentLog,
    tickMs: 3_600_000,
  });
  return {
    t,
    smtp,
    worker,
    scheduler,
    async close() {
      await scheduler.stop();
      await worker.stop();
      await smtp.close();
      await t.close();
    },
  };
}
