import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { questions, submissions, users } from '../db/schema.ts';
import { questionColumns } from '../shared/questions.ts';
import type { SubmissionWithQuestion } from '../shared/submissions.ts';

export type InboxFilter = { studentId: number | null; day: string | null };
export type InboxRow = SubmissionWithQuestion & { student: string };

function unmarkedWhere(filter: InboxFilter): SQL {
  const parts = [eq(submissions.marked, 0)];
  if (filter.studentId !== null) parts.push(eq(submissions.studentId, filter.studentId));
  if (filter.day !== null) parts.push(eq(submissions.dueDay, filter.day));
  return and(...parts)!;
}

/**
 * A page of the marking inbox: unmarked answers grouped by question, the group whose oldest answer
 * waits longest first, and within a group oldest first. Two statements; both read the partial index
 * of unmarked answers, so they do not grow with the answers already marked. The page is chosen
 * among the answers alone and only its rows are joined to their questions and students: joining
 * first built a hash of every question in the school for a few hundred answers.
 */
export async function inboxPage(
  db: DbOrTx,
  filter: InboxFilter,
  page: { page: number; size: number },
): Promise<{ rows: InboxRow[]; total: number }> {
  const where = unmarkedWhere(filter);
  const [totalRow] = await db.select({ total: count() }).from(submissions).where(where);
  // The oldest waiting answer of the question (among those the filter keeps) orders the groups.
  const waitingSince = sql<Date>`min(${submissions.submitDate}) OVER (PARTITION BY ${submissions.questionId})`;
  const chosen = db
    .select({ id: submissions.id, waitingSince: waitingSince.as('waiting_since') })
    .from(submissions)
    .where(where)
    .orderBy(waitingSince, asc(submissions.questionId), asc(submissions.submitDate), asc(submissions.id))
    .limit(page.size)
    .offset(page.page * page.size)
    .as('chosen');
  const rows = await db
    .select({ submission: submissions, question: questionColumns, student: users.username })
    .from(chosen)
    .innerJoin(submissions, eq(submissions.id, chosen.id))
    .innerJoin(questions, eq(questions.id, submissions.questionId))
    .innerJoin(users, eq(users.id, submissions.studentId))
    .orderBy(
      asc(chosen.waitingSince),
      asc(submissions.questionId),
      asc(submissions.submitDate),
      asc(submissions.id),
    );
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * The teacher's marks so far on answers to these questions, for the suggested marks: each distinct
 * answer text with its mark and how many answers got it. One statement over the question index;
 * automatic marks are left out (they are no teacher's judgement).
 */
export async function earlierMarks(
  db: DbOrTx,
  questionIds: readonly number[],
): Promise<{ questionId: number; studentAnswer: string; marked: number; count: number }[]> {
  if (questionIds.length === 0) return [];
  return db
    .select({
      questionId: submissions.questionId,
      studentAnswer: submissions.studentAnswer,
      marked: submissions.marked,
      count: sql<number>`count(*)::int`,
    })
    .from(submissions)
    .where(
      and(
        sql`${submissions.questionId} = ANY(${sql.param([...new Set(questionIds)])}::int[])`,
        sql`${submissions.marked} <> 0`,
        eq(submissions.autoMarked, false),
      ),
    )
    .groupBy(submissions.questionId, submissions.studentAnswer, submissions.marked);
}

/** How many answers wait for a teacher's mark, over every student. */
export async function countUnmarked(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(submissions).where(eq(submissions.marked, 0));
  return row?.n ?? 0;
}

/** The submissions with these ids and whose they are (what marking them touches). */
export async function submissionsToMark(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: submissions.id,
      studentId: submissions.studentId,
      questionId: submissions.questionId,
      dueDay: submissions.dueDay,
    })
    .from(submissions)
    .where(sql`${submissions.id} = ANY(${sql.param([...ids])}::int[])`);
}

/** The usernames of these people, by id. */
export async function usernamesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.id} = ANY(${sql.param([...new Set(ids)])}::int[])`);
  return new Map(rows.map((r) => [r.id, r.username]));
}
