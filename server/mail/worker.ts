import type { MailSettings } from '../config.ts';
import type { Database, DbOrTx } from '../db/open.ts';
import {
  abandonOlderThan,
  claimNext,
  deleteFinishedBefore,
  markAbandoned,
  markFailed,
  markSent,
} from './queries.ts';
import { type MailSender, smtpSender } from './transport.ts';

/** How the worker paces itself; tests shorten these. */
export type MailTiming = {
  /** How often an idle worker looks for due mail. */
  pollMs: number;
  /** The wait after a mail's first failure, doubled after each further one up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** Mail still unsent this long after it was written is given up on (a reset link would be dead). */
  maxAgeMs: number;
  /** Sent or abandoned rows are deleted this long after. */
  keepMs: number;
};

const HOUR = 3_600_000;
export const DEFAULT_MAIL_TIMING: MailTiming = {
  pollMs: 2_000,
  firstRetryMs: 30_000,
  maxRetryMs: HOUR,
  maxAgeMs: 72 * HOUR,
  keepMs: 30 * 24 * HOUR,
};
/** How long a stop waits for a send in progress before closing its connection. */
const STOP_GRACE_MS = 5_000;

type Log = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type MailWorker = {
  /** Looks for due mail now rather than at the next poll. */
  wake(): void;
  /** Finishes the send in progress (or abandons it after a few seconds) and stops. */
  stop(): Promise<void>;
};

/** The wait before try `failures + 1`: exponential, capped. */
export function retryDelay(
  failures: number,
  timing: Pick<MailTiming, 'firstRetryMs' | 'maxRetryMs'>,
): number {
  return Math.min(timing.maxRetryMs, timing.firstRetryMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
}

/** A refusal of this mail for good (its recipient), not of mail in general (a password, a full disk). */
function permanent(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500;
}

/** One line, bounded: it is stored and shown to the admin. */
function reasonOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = `${code ? `${code}: ` : ''}${message ?? String(error)}`;
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/**
 * Sends the outbox (docs/architecture.md, "Mail"). On PostgreSQL each mail is claimed with
 * `FOR UPDATE SKIP LOCKED` in a transaction that lasts until it is marked sent or failed, so
 * several workers (instances, cluster workers) never send one mail twice, and a worker that dies
 * leaves its mail to the others at once. PGlite has one connection, which a transaction would hold
 * through the SMTP conversation, and one process: there the mail is read, sent and marked in turn.
 * Either way only a mail in flight when the process dies (accepted by the mail server, not yet
 * marked) can be sent a second time.
 */
export function startMailWorker(options: {
  database: Database;
  settings: MailSettings;
  log: Log;
  timing?: Partial<MailTiming>;
  sender?: MailSender;
}): MailWorker {
  const { database, log } = options;
  const timing = { ...DEFAULT_MAIL_TIMING, ...options.timing };
  const sender = options.sender ?? smtpSender(options.settings);
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let lastHousekeeping = Number.NEGATIVE_INFINITY;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const attempt = async (db: DbOrTx): Promise<'none' | 'sent' | 'failed'> => {
    const row = await claimNext(db);
    if (!row) return 'none';
    let failure: unknown = null;
    try {
      await sender.send(row);
    } catch (error) {
      failure = error ?? new Error('unknown failure');
    }
    if (failure === null) {
      await markSent(db, row.id);
      return 'sent';
    }
    const reason = reasonOf(failure);
    if (permanent(failure)) {
      await markAbandoned(db, row.id, reason);
      log.warn({ mailId: row.id, kind: row.kind, reason }, 'mail refused for good by the mail server');
    } else {
      const retryInMs = retryDelay(row.failures + 1, timing);
      await markFailed(db, row.id, reason, retryInMs);
      log.warn({ mailId: row.id, kind: row.kind, reason, retryInMs }, 'mail not sent; will retry');
    }
    return 'failed';
  };

  const sendNext = () =>
    database.kind === 'postgres' ? database.db.transaction((tx) => attempt(tx)) : attempt(database.db);

  const housekeeping = async () => {
    const abandoned = await abandonOlderThan(
      database.db,
      timing.maxAgeMs,
      `not sent within ${Math.round(timing.maxAgeMs / HOUR)} hours`,
    );
    if (abandoned > 0) log.warn({ abandoned }, 'mail too old to send was given up on');
    await deleteFinishedBefore(database.db, timing.keepMs);
  };

  const run = async () => {
    while (!stopped) {
      let outcome: 'none' | 'sent' | 'failed' | 'error' = 'none';
      try {
        if (Date.now() - lastHousekeeping >= HOUR) {
          await housekeeping();
          lastHousekeeping = Date.now();
        }
        outcome = await sendNext();
      } catch (error) {
        outcome = 'error';
        if (!stopped) log.error({ err: error }, 'the mail outbox could not be read or updated');
      }
      // A sent mail is followed at once by the next; otherwise wait a poll, so a mail server that
      // is down costs one attempt per poll rather than a burst.
      if (outcome !== 'sent' && !stopped) await sleep(timing.pollMs);
    }
  };
  const running = run();

  return {
    wake() {
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(timer);
      sender.close();
      await running;
    },
  };
}
