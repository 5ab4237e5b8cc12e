import { and, eq, inArray, sql } from 'drizzle-orm';
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
 * (a draft for anything else has nothing to be submitted to). Two statements.
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
    WHERE EXISTS (SELECT 1 FROM assignments a WHERE a.student_id = ${studentId} AND a.question_id = v.question_id)`);
}

export async function deleteDrafts(
  db: DbOrTx,
  studentId: number,
  questionIds: readonly number[],
): Promise<void> {
  if (questionIds.length === 0) return;
  await db
    .delete(answerDrafts)
    .where(and(eq(answerDrafts.studentId, studentId), inArray(answerDrafts.questionId, [...questionIds])));
}
