import { and, asc, count, desc, eq, inArray, max, min, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { DbOrTx } from '../db/open.ts';
import { questions, submissions, users } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';
import type { QuestionRow } from '../questions/queries.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionWithQuestion = { submission: SubmissionRow; question: QuestionRow };

export const submissionSortable = {
  id: submissions.id,
  submitDate: submissions.submitDate,
  targetDate: submissions.targetDate,
  marked: submissions.marked,
  studentAnswer: submissions.studentAnswer,
  generatedDate: questions.generatedDate,
  'question.generatedDate': questions.generatedDate,
  'question.title': questions.title,
  'question.id': questions.id,
};

export async function insertSubmissions(
  db: DbOrTx,
  rows: Omit<typeof submissions.$inferInsert, 'id'>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(submissions).values(rows).returning({ id: submissions.id });
  return inserted.map((r) => r.id);
}

/** A page of submissions joined with their questions: two statements. */
async function pageOf(
  db: DbOrTx,
  where: SQL,
  page: PageRequest,
  fallback: SQL[],
): Promise<{ rows: SubmissionWithQuestion[]; total: number }> {
  const [totalRow] = await db.select({ total: count() }).from(submissions).where(where);
  const rows = await db
    .select({ submission: submissions, question: questions })
    .from(submissions)
    .innerJoin(questions, eq(questions.id, submissions.questionId))
    .where(where)
    .orderBy(...orderBy(page, submissionSortable, fallback, submissions.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totalRow?.total ?? 0 };
}

/** All of a student's submissions (optionally those due on one day), newest question first. */
export function submissionsPage(db: DbOrTx, studentId: number, day: string | null, page: PageRequest) {
  const where = day
    ? and(eq(submissions.studentId, studentId), eq(submissions.dueDay, day))!
    : eq(submissions.studentId, studentId);
  return pageOf(db, where, page, [desc(questions.generatedDate)]);
}

export function unmarkedPage(db: DbOrTx, studentId: number, page: PageRequest) {
  return pageOf(db, and(eq(submissions.studentId, studentId), eq(submissions.marked, 0))!, page, [
    asc(submissions.submitDate),
  ]);
}

/** The latest submission of each question is the one that counts for review (index student, question, id). */
const isLatest = sql`NOT EXISTS (SELECT 1 FROM submissions later WHERE later.student_id = ${submissions.studentId} AND later.question_id = ${submissions.questionId} AND later.id > ${submissions.id})`;

/** Reassigned questions are pending (Tutoring) and leave Review until answered again (docs/api.md). */
const isNotPending = sql`NOT EXISTS (SELECT 1 FROM assignments a WHERE a.student_id = ${submissions.studentId} AND a.question_id = ${submissions.questionId})`;

/** Questions whose latest answer is wrong and that are not assigned again: the review list. */
export function reviewPage(db: DbOrTx, studentId: number, page: PageRequest) {
  return pageOf(
    db,
    and(eq(submissions.studentId, studentId), eq(submissions.marked, -1), isLatest, isNotPending)!,
    page,
    [desc(questions.generatedDate)],
  );
}

/** The latest submission for each of these questions (redo checks). */
export async function latestSubmissions(
  db: DbOrTx,
  studentId: number,
  questionIds: readonly number[],
): Promise<Map<number, SubmissionRow>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(submissions)
    .where(
      and(eq(submissions.studentId, studentId), inArray(submissions.questionId, [...questionIds]), isLatest),
    );
  return new Map(rows.map((r) => [r.questionId, r]));
}

export async function submissionsWithQuestions(
  db: DbOrTx,
  ids: readonly number[],
): Promise<SubmissionWithQuestion[]> {
  if (ids.length === 0) return [];
  return db
    .select({ submission: submissions, question: questions })
    .from(submissions)
    .innerJoin(questions, eq(questions.id, submissions.questionId))
    .where(inArray(submissions.id, [...ids]))
    .orderBy(asc(submissions.id));
}

export async function submissionsByIds(db: DbOrTx, ids: readonly number[]): Promise<SubmissionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(submissions)
    .where(inArray(submissions.id, [...ids]));
}

/** The students who answered these questions (whose marks and topic statistics a change of them may change). */
export async function studentsWhoAnswered(db: DbOrTx, questionIds: readonly number[]): Promise<number[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ studentId: submissions.studentId })
    .from(submissions)
    .where(sql`${submissions.questionId} = ANY(${sql.param([...questionIds])}::int[])`);
  return rows.map((r) => r.studentId);
}

/** Automatically marked answers to these questions, with the student's name (one statement). */
export async function autoMarkedSubmissions(db: DbOrTx, questionIds: readonly number[]) {
  if (questionIds.length === 0) return [];
  return db
    .select({
      id: submissions.id,
      questionId: submissions.questionId,
      studentId: submissions.studentId,
      studentAnswer: submissions.studentAnswer,
      marked: submissions.marked,
      dueDay: submissions.dueDay,
      student: users.username,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .where(
      and(
        sql`${submissions.questionId} = ANY(${sql.param([...questionIds])}::int[])`,
        eq(submissions.autoMarked, true),
      ),
    )
    .orderBy(asc(submissions.id));
}

/** Sets marks in one statement; `automatic` says whether they came from automatic marking or a teacher. */
export async function setMarks(db: DbOrTx, marks: Map<number, number>, automatic: boolean): Promise<void> {
  if (marks.size === 0) return;
  await db.execute(sql`
    UPDATE submissions s SET marked = v.mark::smallint, auto_marked = ${automatic}
    FROM unnest(${sql.param([...marks.keys()])}::int[], ${sql.param([...marks.values()])}::int[]) AS v(id, mark)
    WHERE s.id = v.id`);
}

/**
 * Totals for the Results header (optionally one due day): first answers decide the score, so
 * total/correct/wrong/unmarked leave redos out; redos and the questions they corrected are counted
 * apart. One statement.
 */
export async function submissionSummary(db: DbOrTx, studentId: number, day: string | null) {
  const where = day
    ? and(eq(submissions.studentId, studentId), eq(submissions.dueDay, day))
    : eq(submissions.studentId, studentId);
  const [row] = await db
    .select({
      total: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo})::int`,
      correct: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} = 1)::int`,
      wrong: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} = -1)::int`,
      unmarked: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} = 0)::int`,
      redos: sql<number>`count(*) FILTER (WHERE ${submissions.redo})::int`,
      corrected: sql<number>`count(DISTINCT ${submissions.questionId}) FILTER (WHERE ${submissions.redo} AND ${submissions.marked} = 1)::int`,
      first: min(submissions.targetDate),
      last: max(submissions.targetDate),
    })
    .from(submissions)
    .where(where);
  return row!;
}

export async function countSubmissions(db: DbOrTx, studentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(submissions).where(eq(submissions.studentId, studentId));
  return row?.n ?? 0;
}

/** Submissions per day of submitting (in the app's zone), newest day first. */
export async function dayCounts(db: DbOrTx, studentId: number, timeZone: string, latestOnly: boolean) {
  const day = sql<string>`to_char((${submissions.submitDate} AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`;
  const query = db
    .select({
      date: day,
      correct: sql<number>`count(*) FILTER (WHERE ${submissions.marked} = 1)::int`,
      wrong: sql<number>`count(*) FILTER (WHERE ${submissions.marked} = -1)::int`,
      unmarked: sql<number>`count(*) FILTER (WHERE ${submissions.marked} = 0)::int`,
    })
    .from(submissions)
    .where(eq(submissions.studentId, studentId))
    // By position: the zone is a bound parameter, so the expression would not match itself textually.
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`);
  return latestOnly ? query.limit(1) : query;
}
