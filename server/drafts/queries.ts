import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { answerDrafts } from '../db/schema.ts';

export type DraftRow = { questionId: number; answer: string; version: number };

/** Every draft of a student (cleared ones too, with their versions), and when the newest was saved. */
export async function getDrafts(
  db: DbOrTx,
  studentId: number,
): Promise<{ rows: DraftRow[]; updatedAt: Date | null }> {
  const rows = await db.select().from(answerDrafts).where(eq(answerDrafts.studentId, studentId));
  let updatedAt: Date | null = null;
  for (const row of rows) if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  return {
    rows: rows.map((r) => ({ questionId: r.questionId, answer: r.answer, version: r.version })),
    updatedAt,
  };
}

/**
 * Of these questions, those the student can still answer: pending (Tutoring) or whose latest answer
 * is wrong (Review). One statement.
 */
export async function openQuestionIds(
  db: DbOrTx,
  studentId: number,
  questionIds: readonly number[],
): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const result = await db.execute(sql`
    SELECT q.id AS "questionId" FROM unnest(${sql.param([...questionIds])}::int[]) AS q(id)
    WHERE EXISTS (SELECT 1 FROM assignments a WHERE a.student_id = ${studentId} AND a.question_id = q.id)
       OR EXISTS (
         SELECT 1 FROM submissions s
         WHERE s.student_id = ${studentId} AND s.question_id = q.id AND s.marked = -1
           AND NOT EXISTS (SELECT 1 FROM submissions later
                           WHERE later.student_id = s.student_id AND later.question_id = s.question_id
                             AND later.id > s.id))`);
  return new Set(rowsOf<{ questionId: number }>(result).map((r) => r.questionId));
}

/**
 * Saves each change only if the draft still has the version the change was typed over: one
 * `INSERT … ON CONFLICT … DO UPDATE … WHERE version = base`, so of two tabs saving over the same
 * version exactly one wins, on PostgreSQL's READ COMMITTED too (the conflicting row is locked and
 * its condition re-checked). A new draft starts at the base + 1 (1 for a tab that saw none).
 * Answers the saved question ids with their new versions.
 */
export async function saveDraftChanges(
  db: DbOrTx,
  studentId: number,
  changes: readonly { questionId: number; answer: string; base: number }[],
  now: Date,
): Promise<Map<number, number>> {
  if (changes.length === 0) return new Map();
  const result = await db.execute(sql`
    INSERT INTO answer_drafts (student_id, question_id, answer, version, updated_at)
    SELECT ${studentId}, c.question_id, c.answer, c.base + 1, ${now.toISOString()}::timestamptz
    FROM unnest(${sql.param(changes.map((c) => c.questionId))}::int[],
                ${sql.param(changes.map((c) => c.answer))}::text[],
                ${sql.param(changes.map((c) => c.base))}::int[]) AS c(question_id, answer, base)
    ON CONFLICT (student_id, question_id) DO UPDATE
      SET answer = excluded.answer, version = excluded.version, updated_at = excluded.updated_at
      WHERE answer_drafts.version = excluded.version - 1
    RETURNING question_id AS "questionId", version`);
  return new Map(
    rowsOf<{ questionId: number; version: number }>(result).map((r) => [r.questionId, r.version]),
  );
}

/** The stored drafts of some questions (the newer copies a stale tab lost to). */
export async function draftsOf(
  db: DbOrTx,
  studentId: number,
  questionIds: readonly number[],
): Promise<DraftRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .select({
      questionId: answerDrafts.questionId,
      answer: answerDrafts.answer,
      version: answerDrafts.version,
    })
    .from(answerDrafts)
    .where(
      and(
        eq(answerDrafts.studentId, studentId),
        sql`${answerDrafts.questionId} = ANY(${sql.param([...questionIds])}::int[])`,
      ),
    );
}

/** The draft versions of these (student, question) pairs, keyed `student:question` (one statement). */
/**
 * These (student, question) pairs. When they are one student's (as almost always), the statement
 * names the student plainly, so it reads that student's rows only (what would let the table be split
 * by student).
 */
function ofPairs(pairs: readonly { studentId: number; questionId: number }[]): SQL {
  const students = new Set(pairs.map((p) => p.studentId));
  const questionIds = sql.param(pairs.map((p) => p.questionId));
  if (students.size === 1)
    return sql`${answerDrafts.studentId} = ${[...students][0]} AND ${answerDrafts.questionId} = ANY(${questionIds}::int[])`;
  return sql`(${answerDrafts.studentId}, ${answerDrafts.questionId}) IN (SELECT * FROM unnest(${sql.param(pairs.map((p) => p.studentId))}::int[], ${questionIds}::int[]))`;
}

export async function draftVersions(
  db: DbOrTx,
  pairs: readonly { studentId: number; questionId: number }[],
): Promise<Map<string, number>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select({
      studentId: answerDrafts.studentId,
      questionId: answerDrafts.questionId,
      version: answerDrafts.version,
    })
    .from(answerDrafts)
    .where(ofPairs(pairs));
  return new Map(rows.map((r) => [`${r.studentId}:${r.questionId}`, r.version]));
}

/** Deletes the drafts of these (student, question) pairs (answered questions), in one statement. */
export async function deleteDrafts(
  db: DbOrTx,
  pairs: readonly { studentId: number; questionId: number }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db.delete(answerDrafts).where(ofPairs(pairs));
}
