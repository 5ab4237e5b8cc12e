import type { Database } from '../db/open.ts';
import { type DigestSettings, runDigests } from './digests.ts';

type Log = { info(message: string): void; error(object: object, message: string): void };

export type DigestScheduler = {
  /** One pass now (tests; the timer calls it every `tickMs`); answers the mails enqueued. */
  tick(): Promise<number>;
  /** Lets the pass in progress end, and stops. */
  stop(): Promise<void>;
};

/**
 * Decides every minute which digests are due (server/mail/digests.ts). Every instance runs one:
 * the `mail_digests` rows make each digest go once however many race; `now` is the app's clock.
 */
export function startDigestScheduler(options: {
  database: Database;
  settings: DigestSettings;
  now: () => Date;
  log: Log;
  tickMs?: number;
}): DigestScheduler {
  const { database, settings, now, log } = options;
  const tickMs = options.tickMs ?? 60_000;
  let running: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const tick = () => {
    running = running.then(
      () => runDigests(database.db, settings, now()),
      () => runDigests(database.db, settings, now()),
    );
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) =>
          log.error({ err: error }, 'digests: a pass failed; the next one tries again'),
        )
        .finally(schedule);
    }, tickMs);
    timer.unref();
  };
  schedule();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => 0);
    },
  };
}
