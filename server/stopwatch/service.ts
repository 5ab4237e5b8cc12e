import { type Page, type PageRequest, toPage } from '../../common/contracts/paging.ts';
import type { StopwatchRecordRequest } from '../../common/contracts/portfolio.ts';
import { formatDateTime, type WallClock, wallClock } from '../../common/dates.ts';
import { portfolioLimits, serverLimits } from '../../common/limits.ts';
import { portfolioApiMessages } from '../../common/messages.ts';
import { agoBetween, formatElapsedSeconds, type StopwatchRecord } from '../../common/portfolio/stopwatch.ts';
import type { Db } from '../db/open.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import {
  insertStopwatchRecord,
  lastEventOfRun,
  lockRun,
  type StopwatchRow,
  stopwatchPage,
} from './queries.ts';

/** What the history may sort by (its route declares it). */
export { stopwatchSortable } from './queries.ts';

/**
 * Records one stopwatch event (start, resume, pause, reset) and answers its id. The server owns the
 * time: the record's date is the server's clock, a resume carries the elapsed time of the pause it
 * resumes, and a pause or reset of a running run may not report more than the server measured since
 * the run last started (plus the time the start's request took to arrive) nor less than before. A run goes
 * s → (p → r)* → [p] → d, continued only by the browser that started it (`ownerHash`).
 */
export async function recordStopwatch(
  db: Db,
  input: StopwatchRecordRequest,
  { ownerHash, now }: { ownerHash: string | null; now: Date },
): Promise<number> {
  if (input.type === 's') {
    return insertStopwatchRecord(db, {
      runId: null,
      name: input.name,
      type: 's',
      elapsed: 0,
      recordedAt: now,
      ownerHash,
    });
  }
  const runId = input.relatedID!;
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) throw notFound(portfolioApiMessages.stopwatchRunNotFound);
    if (!ownerHash || run.ownerHash !== ownerHash)
      throw forbidden(portfolioApiMessages.stopwatchOtherBrowser);
    if (input.name !== run.name) throw badRequest(portfolioApiMessages.stopwatchNameChanged);
    const last = (await lastEventOfRun(tx, runId)) ?? run;
    if (last.type === 'd') throw conflict(portfolioApiMessages.stopwatchEnded);
    const running = last.type === 's' || last.type === 'r';
    if (input.type === 'r' && running) throw conflict(portfolioApiMessages.stopwatchAlreadyRunning);
    if (input.type === 'p' && !running) throw conflict(portfolioApiMessages.stopwatchAlreadyPaused);
    const elapsed = running ? boundedElapsed(input.elapsedTime, last, now) : last.elapsed;
    return insertStopwatchRecord(tx, {
      runId,
      name: run.name,
      type: input.type,
      elapsed,
      recordedAt: now,
    });
  });
}

/** What a running run's pause or reset may report: between the last value and the server's measure. */
function boundedElapsed(reported: number, last: StopwatchRow, now: Date): number {
  const measured = last.elapsed + Math.floor((now.getTime() - last.recordedAt.getTime()) / 10);
  const ceiling = Math.min(
    measured + serverLimits.stopwatchLatencyAllowance,
    portfolioLimits.stopwatchElapsedMax,
  );
  return Math.min(Math.max(reported, last.elapsed), ceiling);
}

/** A stored record as the history shows it (the original's shape, with the server's *Ago fields). */
export function toStopwatchRecord(row: StopwatchRow, now: WallClock, timeZone: string): StopwatchRecord {
  return {
    id: row.id,
    relatedID: row.runId,
    name: row.name,
    type: row.type,
    generatedDate: formatDateTime(row.recordedAt, timeZone),
    elapsedTime: row.elapsed,
    time: formatElapsedSeconds(row.elapsed),
    ...agoBetween(wallClock(row.recordedAt, timeZone), now),
  };
}

/** `GET stopwatch`: one page of the history, everyone's, each record's "ago" read on `now`. */
export async function stopwatchHistory(
  db: Db,
  page: PageRequest,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<Page<StopwatchRecord>> {
  const { rows, total } = await stopwatchPage(db, page);
  const current = wallClock(now, timeZone);
  return toPage(
    rows.map((row) => toStopwatchRecord(row, current, timeZone)),
    page,
    total,
  );
}
