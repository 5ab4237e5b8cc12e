import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { answerDrafts } from '../db/schema.ts';

export async function getDrafts(
  db: DbOrTx,
  studentId: number,
): Promise<{ answers: Record<string, string>; updatedAt: Date | null }> {
  const rows = await db.select().from(answerDrafts).where(eq(answerDrafts.studentId, studentId));
  const answers: Record<string, string> = {};
  let updatedAt: Date | null = null;
  for (const row of rows) {
    answers[String(row.questionId)] = row.answer;
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { answers, updatedAt };
}

/**
 * Replaces a student's drafts with these answers. Only questions pending for the student are kept
 * (a draft for anything else has nothing to be submitted to). Two statements; the caller holds the
 * student's lock, so two tabs saving at once end with one tab's whole set, never a mixture.
 */
export async function replaceDrafts(
  db: DbOrTx,
  studentId: number,
  answers: Record<string, string>,
  now: Date,
): Promise<void> {
  await db.delete(answerDrafts).where(eq(answerDrafts.studentId, studentId));
  const entries = Object.entries(answers).filter(([, answer]) => answer !== '');
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(([id, answer]) => sql`(${Number(id)}::int, ${answer}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO answer_drafts (student_id, question_id, answer, updated_at)
    SELECT ${studentId}, v.question_id, v.answer, ${now.toISOString()}::timestamptz
    FROM (VALUES ${values}) AS v(question_id, answer)
    WHERE EXISTS (SELECT 1 FROM assignments a WHERE a.student_id = ${studentId} AND a.question_id = v.question_id)
    ON CONFLICT (student_id, question_id) DO UPDATE SET answer = excluded.answer, updated_at = excluded.updated_at`);
}

/** Deletes the drafts of these (student, question) pairs (answered questions), in one statement. */
export async function deleteDrafts(
  db: DbOrTx,
  pairs: readonly { studentId: number; questionId: number }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .delete(answerDrafts)
    .where(
      sql`(${answerDrafts.studentId}, ${answerDrafts.questionId}) IN (SELECT * FROM unnest(${sql.param(pairs.map((p) => p.studentId))}::int[], ${sql.param(pairs.map((p) => p.questionId))}::int[]))`,
    );
}
