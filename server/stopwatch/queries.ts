import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { StopwatchType } from '../../common/portfolio/stopwatch.ts';
import type { DbOrTx } from '../db/open.ts';
import { stopwatchRecords } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';

export type StopwatchRow = {
  id: number;
  runId: number | null;
  name: string;
  type: StopwatchType;
  elapsed: number;
  recordedAt: Date;
};

const rowColumns = {
  id: stopwatchRecords.id,
  runId: stopwatchRecords.runId,
  name: stopwatchRecords.name,
  type: stopwatchRecords.type,
  elapsed: stopwatchRecords.elapsed,
  recordedAt: stopwatchRecords.recordedAt,
};

export async function insertStopwatchRecord(
  db: DbOrTx,
  record: Omit<StopwatchRow, 'id'> & { ownerHash?: string | null },
): Promise<number> {
  const [row] = await db.insert(stopwatchRecords).values(record).returning({ id: stopwatchRecords.id });
  return row!.id;
}

/**
 * A run's start record, locked until the transaction ends (FOR UPDATE), so the events of one run
 * are decided one at a time: of two pauses sent at once, the second sees the first.
 */
export async function lockRun(
  tx: DbOrTx,
  runId: number,
): Promise<(StopwatchRow & { ownerHash: string | null }) | null> {
  const [row] = await tx
    .select({ ...rowColumns, ownerHash: stopwatchRecords.ownerHash })
    .from(stopwatchRecords)
    .where(sql`${stopwatchRecords.id} = ${runId} AND ${stopwatchRecords.type} = 's'`)
    .for('update');
  return row ?? null;
}

/** The newest record of a run after its start, if any (index on run_id, id). */
export async function lastEventOfRun(tx: DbOrTx, runId: number): Promise<StopwatchRow | null> {
  const [row] = await tx
    .select(rowColumns)
    .from(stopwatchRecords)
    .where(eq(stopwatchRecords.runId, runId))
    .orderBy(desc(stopwatchRecords.id))
    .limit(1);
  return row ?? null;
}

export const stopwatchSortable = {
  id: stopwatchRecords.id,
  generatedDate: stopwatchRecords.recordedAt,
  name: stopwatchRecords.name,
};

/** One page of the history (default: newest first): two statements. */
export async function stopwatchPage(
  db: DbOrTx,
  page: PageRequest,
): Promise<{ rows: StopwatchRow[]; total: number }> {
  const [totalRow] = await db.select({ total: count() }).from(stopwatchRecords);
  const rows = await db
    .select(rowColumns)
    .from(stopwatchRecords)
    .orderBy(...orderBy(page, stopwatchSortable, [desc(stopwatchRecords.id)], stopwatchRecords.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Every record of a run in order (tests). */
export async function recordsOfRun(db: DbOrTx, runId: number): Promise<StopwatchRow[]> {
  return db
    .select(rowColumns)
    .from(stopwatchRecords)
    .where(sql`${stopwatchRecords.id} = ${runId} OR ${stopwatchRecords.runId} = ${runId}`)
    .orderBy(asc(stopwatchRecords.id));
}
