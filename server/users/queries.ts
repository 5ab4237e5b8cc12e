import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Language } from '../../common/i18n/translation.ts';
import type { Role } from '../../common/roles.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import {
  oauthIdentities,
  parentChildren,
  passwordResets,
  services,
  sessions,
  subscriptions,
  throttles,
  users,
} from '../db/schema.ts';
import type { UserRow } from '../shared/users.ts';

/** A new account's row (`insertAccount` in service.ts also subscribes a student). */
export async function insertUser(
  db: DbOrTx,
  values: { email: string; username: string; passwordHash: string | null; roles: Role[] },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

/** Usernames are unique and matched case-insensitively (index on lower(username)). */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/** One statement: the user's interface language, answering the value stored. */
export async function setUserLanguage(
  db: DbOrTx,
  id: number,
  language: Language | null,
): Promise<Language | null> {
  const rows = await db
    .update(users)
    .set({ language })
    .where(eq(users.id, id))
    .returning({ language: users.language });
  return rows[0]?.language ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(users.id);
}

/** Sets a new username and/or email (null keeps it) in one statement; answers the updated row. */
export async function updateNameAndEmail(
  db: DbOrTx,
  userId: number,
  change: { username: string | null; email: string | null },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      ...(change.username ? { username: change.username } : {}),
      ...(change.email ? { email: change.email.toLowerCase() } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/**
 * Points a user's picture at a new URL and answers the URL it replaced, under the row's lock, so of
 * two uploads at once each learns exactly the picture it replaced (and deletes it).
 */
export async function replaceImageUrl(
  db: Db,
  userId: number,
  url: string,
  /** More to write in the same transaction (an admin's change is audited with it). */
  also?: (tx: DbOrTx) => Promise<void>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ imageUrl: users.imageUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    await tx.update(users).set({ imageUrl: url }).where(eq(users.id, userId));
    await also?.(tx);
    return before?.imageUrl ?? null;
  });
}

/** A parent's children by name, each with their subscriptions (two statements). */
export async function childrenWithSubscriptions(db: DbOrTx, parentId: number) {
  const children = await db
    .select({ id: users.id, name: users.username, imageURL: users.imageUrl })
    .from(parentChildren)
    .innerJoin(users, eq(users.id, parentChildren.childId))
    .where(eq(parentChildren.parentId, parentId))
    .orderBy(sql`lower(${users.username})`);
  if (children.length === 0) return [];
  const rows = await db
    .select({
      id: subscriptions.id,
      studentId: subscriptions.studentId,
      serviceId: services.id,
      name: services.name,
    })
    .from(subscriptions)
    .innerJoin(services, eq(services.id, subscriptions.serviceId))
    .where(
      inArray(
        subscriptions.studentId,
        children.map((c) => c.id),
      ),
    )
    .orderBy(services.id);
  return children.map((child) => ({
    ...child,
    subscriptions: rows
      .filter((r) => r.studentId === child.id)
      .map((r) => ({ id: r.id, service: { id: r.serviceId, name: r.name } })),
  }));
}

export async function updatePasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function linkChild(db: DbOrTx, parentId: number, childId: number): Promise<void> {
  await db.insert(parentChildren).values({ parentId, childId }).onConflictDoNothing();
}

export type ThrottleRow = typeof throttles.$inferSelect;

/**
 * The throttle rows of these keys, created when missing, locked until the transaction ends: two
 * attempts on one key are decided one after the other. One upsert does both: its no-op update takes
 * the row lock, and the rows are locked in key order (the order of VALUES), so two attempts on
 * overlapping keys cannot deadlock.
 */
export async function lockThrottles(db: DbOrTx, keys: readonly string[], now: Date): Promise<ThrottleRow[]> {
  const sorted = [...new Set(keys)].sort();
  return db
    .insert(throttles)
    .values(sorted.map((key) => ({ key, lastAt: now, windowStart: now })))
    .onConflictDoUpdate({ target: throttles.key, set: { count: sql`${throttles.count}` } })
    .returning();
}

/** Writes back rows decided under `lockThrottles` (one statement). */
export async function saveThrottles(
  db: DbOrTx,
  rows: readonly { key: string; count: number; inFlight: number; lastAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE throttles t SET count = v.count, in_flight = v.in_flight, last_at = v.last_at
    FROM unnest(${sql.param(rows.map((r) => r.key))}::text[], ${sql.param(rows.map((r) => r.count))}::int[],
                ${sql.param(rows.map((r) => r.inFlight))}::int[], ${sql.param(rows.map((r) => r.lastAt.toISOString()))}::timestamptz[])
      AS v(key, count, in_flight, last_at)
    WHERE t.key = v.key`);
}

/**
 * Ends attempts begun with `saveThrottles` (one statement): each key's attempt leaves the in-flight
 * count; keys in `failed` count one more failure, keys in `cleared` start again from zero.
 */
export async function endThrottledAttempts(
  db: DbOrTx,
  keys: readonly string[],
  outcome: { failed: readonly string[]; cleared: readonly string[] },
): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    UPDATE throttles SET
      count = CASE
        WHEN key = ANY(${sql.param([...outcome.cleared])}::text[]) THEN 0
        WHEN key = ANY(${sql.param([...outcome.failed])}::text[]) THEN count + 1
        ELSE count END,
      in_flight = greatest(in_flight - 1, 0)
    WHERE key = ANY(${sql.param([...keys])}::text[])`);
}

/**
 * Counts one attempt in a fixed window, atomically (one upsert: the row lock of `ON CONFLICT`
 * serialises parallel attempts). Answers the count including this attempt and the window's start.
 */
export async function countInWindow(
  db: DbOrTx,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStart: Date }> {
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const at = now.toISOString();
  const result = await db.execute(sql`
    INSERT INTO throttles (key, count, in_flight, last_at, window_start)
    VALUES (${key}, 1, 0, ${at}::timestamptz, ${at}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN throttles.window_start <= ${cutoff}::timestamptz THEN 1 ELSE throttles.count + 1 END,
      window_start = CASE WHEN throttles.window_start <= ${cutoff}::timestamptz THEN ${at}::timestamptz ELSE throttles.window_start END,
      last_at = ${at}::timestamptz
    RETURNING count, window_start AS "windowStart"`);
  const [row] = (result as unknown as { rows: { count: number; windowStart: Date | string }[] }).rows;
  return { count: row!.count, windowStart: new Date(row!.windowStart) };
}

/** Drops counters untouched since `before` (they would be treated as zero anyway). */
export async function deleteStaleThrottles(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(throttles).where(and(lt(throttles.lastAt, before), eq(throttles.inFlight, 0)));
}

/**
 * The account of an email with the providers it signs in with, in one statement (a reset request
 * runs the same statements whether or not the email has an account).
 */
export async function findAccountForReset(
  db: DbOrTx,
  email: string,
): Promise<(UserRow & { providers: string[] }) | null> {
  const rows = await db
    .select({
      user: users,
      providers: sql<string[]>`array(SELECT ${oauthIdentities.provider} FROM ${oauthIdentities}
        WHERE ${oauthIdentities.userId} = ${users.id} ORDER BY ${oauthIdentities.provider})`,
    })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.user, providers: row.providers } : null;
}

export async function insertPasswordReset(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/**
 * A write of a reset request's cost that changes nothing (the hash is of a token never stored): what
 * a request for an email without an account runs in place of storing a link.
 */
export async function touchNoReset(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
}

/** The account of a reset link that still works (unused, not expired), without using it up. */
export async function findResetAccount(db: DbOrTx, tokenHash: string, now: Date): Promise<UserRow | null> {
  const rows = await db
    .select({ user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0]?.user ?? null;
}

/**
 * Uses a reset link up, atomically: of parallel attempts exactly one gets the account's id (the row
 * lock of the UPDATE makes the others re-check `used_at` and find it set); null for a link that is
 * unknown, used or expired.
 */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId ?? null;
}

/** Ends every link of the account not used yet (its password was just set). */
export async function endPasswordResets(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Ends the account's sessions, all of them or all but `keep` (the one changing the password). */
export async function deleteSessionsOf(db: DbOrTx, userId: number, keep: number | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)),
    );
}
