import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Role } from '../../common/roles.ts';
import type { DbOrTx } from '../db/open.ts';
import { parentChildren, signInFailures, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

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

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(users.id);
}

export async function updatePasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Serialises writes to these students' tutoring data (assignments, submissions, calendar days,
 * drafts) until the transaction ends: `FOR NO KEY UPDATE` on their user rows, taken in id order so
 * two writers never wait on each other in a cycle. Foreign-key checks take `KEY SHARE`, which this
 * lock does not block. Every transaction that changes a student's rows takes it before reading what
 * it will change (DESIGN §6a); recounts are then exact under READ COMMITTED.
 */
export async function lockStudents(db: DbOrTx, ids: Iterable<number>): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} = ANY(${sql.param(sorted)}::int[])`)
    .orderBy(users.id)
    .for('no key update');
}

export async function isParentOf(db: DbOrTx, parentId: number, childId: number): Promise<boolean> {
  const rows = await db
    .select({ parentId: parentChildren.parentId })
    .from(parentChildren)
    .where(and(eq(parentChildren.parentId, parentId), eq(parentChildren.childId, childId)))
    .limit(1);
  return rows.length > 0;
}

export async function linkChild(db: DbOrTx, parentId: number, childId: number): Promise<void> {
  await db.insert(parentChildren).values({ parentId, childId }).onConflictDoNothing();
}

/** Failures per key inside the window, and the oldest one's time (for Retry-After). */
export async function countSignInFailures(
  db: DbOrTx,
  keys: string[],
  since: Date,
): Promise<{ key: string; failures: number; oldest: Date | null }[]> {
  return db
    .select({ key: signInFailures.key, failures: count(), oldest: min(signInFailures.failedAt) })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, keys), gt(signInFailures.failedAt, since)))
    .groupBy(signInFailures.key);
}

export async function recordSignInFailure(
  db: DbOrTx,
  keys: string[],
  now: Date,
  windowStart: Date,
): Promise<void> {
  await db.insert(signInFailures).values(keys.map((key) => ({ key, failedAt: now })));
  // Rows older than the window are never read again.
  await db
    .delete(signInFailures)
    .where(and(inArray(signInFailures.key, keys), lt(signInFailures.failedAt, windowStart)));
}

export async function clearSignInFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}

/** Students by name (case-insensitive), keyed by lower-cased name. */
export async function findStudentsByNames(
  db: DbOrTx,
  names: readonly string[],
): Promise<Map<string, UserRow>> {
  if (names.length === 0) return new Map();
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, lowered), sql`'STUDENT' = ANY(${users.roles})`));
  return new Map(rows.map((row) => [row.username.toLowerCase(), row]));
}
