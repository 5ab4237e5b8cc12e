import { and, eq, gt, sql } from 'drizzle-orm';
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

/**
 * Stores a new session and, in the same statement, deletes the account's dead ones (idle or past
 * their cap) and the one it replaces (the browser's previous session, of whichever account), so a
 * sign-in waits on one statement, not three.
 */
export async function insertSession(
  db: DbOrTx,
  values: {
    tokenHash: string;
    userId: number;
    now: Date;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    replacesHash: string | null;
  },
): Promise<void> {
  const now = values.now.toISOString();
  await db.execute(sql`
    WITH ended AS (
      DELETE FROM ${sessions}
      WHERE (${sessions.userId} = ${values.userId}
             AND (${sessions.expiresAt} < ${now}::timestamptz OR ${sessions.absoluteExpiresAt} < ${now}::timestamptz))
         OR ${sessions.tokenHash} = ${values.replacesHash})
    INSERT INTO ${sessions} (token_hash, user_id, created_at, last_used_at, expires_at, absolute_expires_at)
    VALUES (${values.tokenHash}, ${values.userId}, ${now}::timestamptz, ${now}::timestamptz,
            ${values.expiresAt.toISOString()}::timestamptz, ${values.absoluteExpiresAt.toISOString()}::timestamptz)`);
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
