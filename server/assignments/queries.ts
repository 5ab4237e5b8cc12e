import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SortOrder } from '../../common/contracts/paging.ts';
import type { DbOrTx } from '../db/open.ts';
import { assignments, questions } from '../db/schema.ts';
import { pendingOrder } from '../shared/questions.ts';

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
      and(
        sql`${assignments.studentId} = ANY(${sql.param([...studentIds])}::int[])`,
        sql`${assignments.questionId} = ANY(${sql.param([...questionIds])}::int[])`,
      ),
    );
}

/**
 * The students' places in the classes of the questions' authors, written in the statement that
 * assigns (a data-modifying WITH over its RETURNING): the roster is never without a student who
 * has a question pending. `ON CONFLICT DO NOTHING` keeps concurrent assignments of one pair to one
 * row without an error (the second waits for the first's commit, then finds it).
 */
const joinClasses = (assigned: SQL) => sql`
    WITH assigned AS (${assigned} RETURNING question_id, student_id)
    INSERT INTO teacher_students (teacher_id, student_id)
    SELECT DISTINCT q.created_by, a.student_id FROM assigned a JOIN questions q ON q.id = a.question_id
    WHERE q.created_by IS NOT NULL
    ON CONFLICT DO NOTHING`;

/**
 * Makes every question pending for every student with one due date, in one statement with four
 * parameters however many pairs (500 students × 1,000 questions would overflow a VALUES list).
 */
export async function assignEveryone(
  db: DbOrTx,
  questionIds: readonly number[],
  studentIds: readonly number[],
  due: { at: Date; day: string },
): Promise<void> {
  if (questionIds.length === 0 || studentIds.length === 0) return;
  await db.execute(
    joinClasses(sql`
    INSERT INTO assignments (question_id, student_id, target_date, due_day)
    SELECT q, s, ${due.at.toISOString()}::timestamptz, ${due.day}::date
    FROM unnest(${sql.param([...questionIds])}::int[]) AS q CROSS JOIN unnest(${sql.param([...studentIds])}::int[]) AS s
    ON CONFLICT (question_id, student_id) DO UPDATE
      SET target_date = excluded.target_date, due_day = excluded.due_day`),
  );
}

/**
 * Makes each (question, student) pending with the given due date: a new assignment, or a new due date
 * for one already pending (never a second row: the unique index holds it). One statement, four
 * array parameters.
 */
export async function upsertAssignments(
  db: DbOrTx,
  rows: { questionId: number; studentId: number; targetDate: Date; dueDay: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    joinClasses(sql`
    INSERT INTO assignments (question_id, student_id, target_date, due_day)
    SELECT * FROM unnest(${sql.param(rows.map((r) => r.questionId))}::int[],
      ${sql.param(rows.map((r) => r.studentId))}::int[],
      ${sql.param(rows.map((r) => r.targetDate.toISOString()))}::timestamptz[],
      ${sql.param(rows.map((r) => r.dueDay))}::date[])
    ON CONFLICT (question_id, student_id) DO UPDATE
      SET target_date = excluded.target_date, due_day = excluded.due_day`),
  );
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

/**
 * Pending question ids in the order the tutoring page lists them for `sort`, optionally one due
 * day. Without a sort, by question id: the original client sends none here and pairs box n with
 * the nth question of its `sort=id,asc` page.
 */
export async function pendingQuestionIds(
  db: DbOrTx,
  studentId: number,
  day: string | null,
  sort: SortOrder[],
): Promise<number[]> {
  const rows = await db
    .select({ questionId: assignments.questionId })
    .from(assignments)
    .innerJoin(questions, eq(questions.id, assignments.questionId))
    .where(
      day
        ? and(eq(assignments.studentId, studentId), eq(assignments.dueDay, day))
        : eq(assignments.studentId, studentId),
    )
    .orderBy(...(sort.length > 0 ? pendingOrder(sort) : [asc(questions.id)]));
  return rows.map((r) => r.questionId);
}
