import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { assignments } from '../db/schema.ts';

export type AssignmentRow = typeof assignments.$inferSelect;

/** Pending assignments of these students for these questions (one statement). */
export async function pendingAssignments(
  db: DbOrTx,
  studentIds: readonly number[],
  questionIds: readonly number[],
): Promise<AssignmentRow[]> {
  if (studentIds.length === 0 || questionIds.length === 0) return [];
  return db
    .select()
    .from(assignments)
    .where(
      and(inArray(assignments.studentId, [...studentIds]), inArray(assignments.questionId, [...questionIds])),
    );
}

/**
 * Makes each (question, student) pending with the given due date: a new assignment, or a new due date
 * for one already pending (never a second row: the unique index holds it).
 */
export async function upsertAssignments(
  db: DbOrTx,
  rows: { questionId: number; studentId: number; targetDate: Date; dueDay: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(assignments)
    .values(rows)
    .onConflictDoUpdate({
      target: [assignments.questionId, assignments.studentId],
      set: { targetDate: sql`excluded.target_date`, dueDay: sql`excluded.due_day` },
    });
}

export async function deleteAssignments(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(assignments).where(inArray(assignments.id, [...ids]));
}

export async function latestPendingDueDay(db: DbOrTx, studentId: number): Promise<string | null> {
  const [row] = await db
    .select({ dueDay: assignments.dueDay })
    .from(assignments)
    .where(eq(assignments.studentId, studentId))
    .orderBy(desc(assignments.targetDate))
    .limit(1);
  return row?.dueDay ?? null;
}

export async function countPending(db: DbOrTx, studentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assignments).where(eq(assignments.studentId, studentId));
  return row?.n ?? 0;
}

/** Pending question ids in the order the tutoring page lists them (due date, then id), optionally one due day. */
export async function pendingQuestionIds(
  db: DbOrTx,
  studentId: number,
  day: string | null = null,
): Promise<number[]> {
  const rows = await db
    .select({ questionId: assignments.questionId })
    .from(assignments)
    .where(
      day
        ? and(eq(assignments.studentId, studentId), eq(assignments.dueDay, day))
        : eq(assignments.studentId, studentId),
    )
    .orderBy(assignments.targetDate, assignments.questionId);
  return rows.map((r) => r.questionId);
}
