import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { prepared } from '../db/prepared.ts';
import { serverSecrets, sessions, users } from '../db/schema.ts';

export type SessionRow = {
  sessionId: number;
  lastUsedAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  /** The signed-in person's whole row: a request naming its caller needs no second look-up. */
  user: typeof users.$inferSelect;
};

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; userId: number; now: Date; expiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
    absoluteExpiresAt: values.absoluteExpiresAt,
  });
}

/** The live session for a token hash, with its user, in one statement (every signed-in request: prepared). */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date): Promise<SessionRow | null> {
  const query = prepared(db, 'live_session', (name) =>
    db
      .select({
        sessionId: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        user: users,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          gt(sessions.absoluteExpiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const rows = await query.execute({ tokenHash, now: now.toISOString() });
  return rows[0] ?? null;
}

export async function extendSession(
  db: DbOrTx,
  sessionId: number,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Drops a user's sessions that can no longer be used (run at sign-in, so the table does not grow). */
export async function deleteDeadSessions(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now))),
    );
}

/**
 * The server's secret of this name, made from `candidate` if there is none yet. The first insert
 * wins (a racing one does nothing, having waited for it to commit) and everyone reads the winner,
 * so every instance ends up with the same secret.
 */
export async function serverSecret(db: DbOrTx, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} was not stored`);
  return row.value;
}
