/**
 * The users table as every part of the server reads it: the account row, look-ups by name, the
 * parent–child check of the access rule, and the students' lock every tutoring write takes first.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { prepared, preparedStatement, unplanned } from '../db/prepared.ts';
import { parentChildren, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The accounts with these usernames (matched case-insensitively, one statement), keyed by the name
 * as asked; names with no account are absent.
 */
export async function findUsersByUsernames(
  db: DbOrTx,
  names: readonly string[],
): Promise<Map<string, UserRow>> {
  if (names.length === 0) return new Map();
  // Every named-person route runs this: prepared.
  const query = prepared(db, 'users_by_names', (name) =>
    db
      .select({ asked: sql<string>`asked.name`, user: users })
      .from(sql`unnest(${sql.placeholder('names')}::text[]) AS asked(name)`)
      .innerJoin(users, sql`lower(${users.username}) = lower(asked.name)`)
      .prepare(name),
  );
  const rows = await query.execute({ names: [...names] });
  return new Map(rows.map((row) => [row.asked, row.user]));
}

/** Which of these users are children of the parent (one statement). */
export async function childrenAmong(
  db: DbOrTx,
  parentId: number,
  childIds: readonly number[],
): Promise<Set<number>> {
  if (childIds.length === 0) return new Set();
  const rows = await db
    .select({ childId: parentChildren.childId })
    .from(parentChildren)
    .where(and(eq(parentChildren.parentId, parentId), inArray(parentChildren.childId, [...childIds])));
  return new Set(rows.map((r) => r.childId));
}

/**
 * Serialises writes to these students' tutoring data (assignments, submissions, calendar days,
 * drafts) until the transaction ends: `FOR NO KEY UPDATE` on their user rows, taken in id order so
 * two writers never wait on each other in a cycle. Foreign-key checks take `KEY SHARE`, which this
 * lock does not block. Every transaction that changes a student's rows takes it before reading what
 * it will change (docs/architecture.md, "One lock order"); recounts are then exact under READ COMMITTED.
 */
export async function lockStudents(db: DbOrTx, ids: Iterable<number>): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  // Every write of a student's rows runs it: a named statement, the ids `unplanned` (planned once per
  // connection). Written as SQL, so its text is built once per process, not in every transaction.
  await preparedStatement(
    db,
    'lock_students',
    () =>
      sql`SELECT id FROM users WHERE id = ANY(${unplanned('ids', 'int[]')}::int[]) ORDER BY id FOR NO KEY UPDATE`,
    { ids: sorted },
  );
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
