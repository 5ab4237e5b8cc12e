import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { openDatabase, rowsOf } from '../db/open.ts';
import { migratedDataDir } from '../test/dataDir.ts';
import { countByMessageId, startSmtpServer } from '../test/smtp.ts';
import { html, htmlDocument } from './html.ts';
import { enqueueMail } from './service.ts';

/** The real process (`node server/main.ts`) killed with SIGKILL while a mail is in flight. */
const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-mail-'));
const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

const MAILS = 20;
/** The mail whose DATA the mail server receives but never answers: in flight when the kill comes. */
const HELD = 7;

async function startServer(
  dataDir: string,
  smtpPort: number,
): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const { DATABASE_URL: _omit, ...env } = process.env;
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(scratch, 'no-web'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Tutorfolio <noreply@tutor.example.com>',
    },
    stdio: 'ignore',
  });
  spawned.push(child);
  return { child, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

describe('the mail worker killed with SIGKILL mid-send', () => {
  it('sends every mail after a restart, repeating none but the one in flight', {
    timeout: 180_000,
  }, async () => {
    const dataDir = migratedDataDir(path.join(scratch, 'data'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    for (let n = 0; n < MAILS; n++) {
      await database.db.transaction((tx) =>
        enqueueMail(tx, {
          to: `parent${n}@example.com`,
          subject: `Weekly ${n}`,
          text: `Week ${n}`,
          html: htmlDocument({ lang: 'en', title: `Weekly ${n}`, body: html`<p>Week ${n}</p>` }),
          kind: 'parent-weekly',
          userId: null,
        }),
      );
    }
    await database.close();

    let holding = true;
    let heldArrived: () => void = () => {};
    const held = new Promise<void>((resolve) => (heldArrived = resolve));
    const smtp = await startSmtpServer({
      hold: (_mail, index) => {
        if (!holding || index !== HELD) return false;
        heldArrived();
        return true;
      },
    });
    try {
      const crashed = await startServer(dataDir, smtp.port);
      await held;
      crashed.child.kill('SIGKILL');
      await crashed.exited;
      holding = false;
      const before = smtp.received.length;
      expect(before).toBe(HELD + 1);

      const started = performance.now();
      const restarted = await startServer(dataDir, smtp.port);
      await smtp.waitFor(MAILS + 1, 120_000);
      const seconds = (performance.now() - started) / 1000;
      restarted.child.kill('SIGTERM');
      await restarted.exited;

      const counts = countByMessageId(smtp.received);
      const repeated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
      console.log(
        `killed with ${before} of ${MAILS} received; after the restart all arrived in ${seconds.toFixed(1)} s, repeated: ${repeated.join(', ')}`,
      );
      expect(smtp.received).toHaveLength(MAILS + 1);
      expect(counts.size).toBe(MAILS);
      // The held mail went twice, with the same Message-ID; every other mail once.
      expect(repeated).toEqual([smtp.received[HELD]!.messageId]);
      expect(smtp.received[HELD]!.to).toEqual([`parent${HELD}@example.com`]);

      const reopened = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const [{ unsent }] = rowsOf<{ unsent: number }>(
          await reopened.db.execute(
            sql`select count(*)::int as unsent from mail_outbox where sent_at is null`,
          ),
        ) as [{ unsent: number }];
        expect(unsent).toBe(0);
      } finally {
        await reopened.close();
      }
    } finally {
      await smtp.close();
    }
  });
});
