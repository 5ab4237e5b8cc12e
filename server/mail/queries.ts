import { and, asc, count, desc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { mailOptOuts, mailOutbox } from '../db/schema.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof mailOutbox.$inferInsert,
  'kind' | 'userId' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'headers'
>;

/** Times of this table are the database's (`clock_timestamp()`: also right inside a long transaction). */
const NOW = sql`clock_timestamp()`;
const waiting = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.abandonedAt));

export async function insertMail(db: DbOrTx, row: NewOutboxRow): Promise<void> {
  await db.insert(mailOutbox).values(row);
}

/**
 * The next mail due, locked: another sender's claim skips it while this transaction lasts (on
 * PostgreSQL; PGlite runs one statement at a time and one process sends).
 */
export async function claimNext(db: DbOrTx): Promise<OutboxRow | null> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(waiting, lte(mailOutbox.dueAt, NOW)))
    .orderBy(asc(mailOutbox.dueAt), asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** Sent: the bodies are dropped (a reset link must not outlive its use in a table). */
export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: NOW, textBody: '', htmlBody: '' }).where(eq(mailOutbox.id, id));
}

/** A failed try: its reason, and the next try `retryInMs` later. */
export async function markFailed(db: DbOrTx, id: number, reason: string, retryInMs: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      failures: sql`${mailOutbox.failures} + 1`,
      failedAt: NOW,
      lastError: reason,
      dueAt: sql`clock_timestamp() + ${retryInMs} * interval '1 millisecond'`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Given up on (a recipient the mail server refuses for good): kept for the admin, without bodies. */
export async function markAbandoned(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      failures: sql`${mailOutbox.failures} + 1`,
      failedAt: NOW,
      lastError: reason,
      abandonedAt: NOW,
      textBody: '',
      htmlBody: '',
    })
    .where(eq(mailOutbox.id, id));
}

/** Mail still unsent `maxAgeMs` after it was written is given up on; answers how many. */
export async function abandonOlderThan(db: DbOrTx, maxAgeMs: number, reason: string): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ abandonedAt: NOW, lastError: reason, textBody: '', htmlBody: '' })
    .where(
      and(waiting, lt(mailOutbox.createdAt, sql`clock_timestamp() - ${maxAgeMs} * interval '1 millisecond'`)),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Rows sent or given up on more than `keepMs` ago are deleted; answers how many. */
export async function deleteFinishedBefore(db: DbOrTx, keepMs: number): Promise<number> {
  const before = sql`clock_timestamp() - ${keepMs} * interval '1 millisecond'`;
  const rows = await db
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, before), lt(mailOutbox.abandonedAt, before)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** The queue for the admin: counts, the latest failure and the latest success (three statements). */
export async function outboxSummary(db: DbOrTx) {
  const [counts] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      failing: sql<number>`count(*) filter (where ${waiting} and ${mailOutbox.failures} > 0)`.mapWith(Number),
      abandoned: count(mailOutbox.abandonedAt),
      oldestWaiting: sql<Date | null>`min(${mailOutbox.createdAt}) filter (where ${waiting})`.mapWith(
        (value) => (value === null ? null : new Date(value)),
      ),
    })
    .from(mailOutbox);
  const [lastFailure] = await db
    .select({
      at: mailOutbox.failedAt,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      reason: mailOutbox.lastError,
      failures: mailOutbox.failures,
      sentAt: mailOutbox.sentAt,
      abandonedAt: mailOutbox.abandonedAt,
      dueAt: mailOutbox.dueAt,
    })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt))
    .orderBy(desc(mailOutbox.failedAt), desc(mailOutbox.id))
    .limit(1);
  const [lastSuccess] = await db
    .select({ at: mailOutbox.sentAt, kind: mailOutbox.kind, recipient: mailOutbox.recipient })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.sentAt))
    .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id))
    .limit(1);
  return {
    waiting: counts?.waiting ?? 0,
    failing: counts?.failing ?? 0,
    abandoned: counts?.abandoned ?? 0,
    oldestWaiting: counts?.oldestWaiting ?? null,
    lastFailure: lastFailure ?? null,
    lastSuccess: lastSuccess ?? null,
  };
}

/** The notification kinds a person switched off. */
export async function optedOutKinds(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.userId, userId));
  return rows.map((row) => row.kind);
}

/** Switches one kind off (a row) or on (none); either twice is the same. */
export async function setOptOut(db: DbOrTx, userId: number, kind: string, off: boolean): Promise<void> {
  if (off) await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
  else await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)));
}

/**
 * Switches one kind off for the account `userId`, if it still exists; answers whether it does. One
 * statement, so an account deleted meanwhile is never written for.
 */
export async function optOutIfAccount(db: DbOrTx, userId: number, kind: string): Promise<boolean> {
  const [row] = rowsOf<{ found: number }>(
    await db.execute(sql`
      with account as (select id from users where id = ${userId}),
           switched as (
             insert into mail_opt_outs (user_id, kind) select id, ${kind} from account
             on conflict do nothing)
      select count(*)::int as found from account`),
  );
  return (row?.found ?? 0) > 0;
}

/** Whether the account `userId` exists. */
export async function accountExists(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from users where id = ${userId}`));
  return rows.length > 0;
}
