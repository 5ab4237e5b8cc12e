import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { assignments, submissions, topicStats, topics } from '../db/schema.ts';
import { orderBy } from '../http/paging.ts';

/**
 * What a topic statistic counts, in one place: first answers (redos are practice, as in the score)
 * that are marked (a short answer counts once a teacher marks it), one per topic of the question.
 */
const COUNTED = sql`NOT s.redo AND s.marked <> 0`;

/**
 * Sets the stored topic statistics of these students, for the topics of these questions (and
 * `extraTopicIds`, topics a modify has just unlinked), to a recount — one statement whatever their
 * number: counted pairs upserted, pairs left with nothing deleted.
 *
 * Exact under READ COMMITTED because every caller holds the students' row locks (`lockStudents`)
 * and, when it changes which topics a question has, a lock on the question that answers (which
 * read it `FOR SHARE`) wait for. Every write that changes marks, first answers or a question's
 * topics calls this (or, for a teacher's marks, `countMarkChanges`) inside its transaction, so
 * stored statistics always equal a recount.
 */
export async function refreshTopicStats(
  db: DbOrTx,
  studentIds: Iterable<number>,
  questionIds: Iterable<number>,
  extraTopicIds: Iterable<number> = [],
): Promise<void> {
  const students = [...new Set(studentIds)].sort((a, b) => a - b);
  const questions = [...new Set(questionIds)];
  const extra = [...new Set(extraTopicIds)];
  if (students.length === 0 || (questions.length === 0 && extra.length === 0)) return;
  await db.execute(sql`
    WITH wanted AS (
      SELECT topic_id FROM question_topics WHERE question_id = ANY(${sql.param(questions)}::int[])
      UNION SELECT unnest(${sql.param(extra)}::int[])
    ), counted AS (
      SELECT s.student_id, qt.topic_id,
        count(*) FILTER (WHERE s.marked = 1)::int AS correct,
        count(*) FILTER (WHERE s.marked = -1)::int AS wrong
      FROM submissions s JOIN question_topics qt ON qt.question_id = s.question_id
      WHERE s.student_id = ANY(${sql.param(students)}::int[])
        AND qt.topic_id IN (SELECT topic_id FROM wanted) AND ${COUNTED}
      GROUP BY s.student_id, qt.topic_id
    ), emptied AS (
      DELETE FROM topic_stats ts
      WHERE ts.student_id = ANY(${sql.param(students)}::int[]) AND ts.topic_id IN (SELECT topic_id FROM wanted)
        AND NOT EXISTS (SELECT 1 FROM counted c WHERE c.student_id = ts.student_id AND c.topic_id = ts.topic_id)
      RETURNING 1
    )
    INSERT INTO topic_stats (student_id, topic_id, correct_count, wrong_count, total_count)
    SELECT student_id, topic_id, correct, wrong, correct + wrong FROM counted ORDER BY student_id, topic_id
    ON CONFLICT (student_id, topic_id) DO UPDATE
      SET correct_count = excluded.correct_count, wrong_count = excluded.wrong_count,
          total_count = excluded.total_count`);
}

/**
 * First answers just stored, counted into their students' topic statistics without a recount: a
 * data-modifying statement for a `WITH` of the caller's statement, reading `answers` (a relation of
 * that statement with `student_id`, `question_id`, `marked` and `redo`, rows that were not there
 * before it). Each counted answer (`COUNTED`) adds one to every topic its question has — what a
 * recount would add; a pair with no row yet gets one. Exact under READ COMMITTED: `ON CONFLICT … DO
 * UPDATE` adds to the newest version of the row, the caller holds the students' locks, and the
 * questions are locked `FOR SHARE` before the statement, so their topics (which every change takes
 * a stronger lock for) are the ones its snapshot reads.
 */
export function countAnswersByTopic(answers: string): SQL {
  return sql`INSERT INTO topic_stats (student_id, topic_id, correct_count, wrong_count, total_count)
    SELECT s.student_id, qt.topic_id, (count(*) FILTER (WHERE s.marked = 1))::int,
      (count(*) FILTER (WHERE s.marked = -1))::int, count(*)::int
    FROM ${sql.identifier(answers)} s JOIN question_topics qt ON qt.question_id = s.question_id
    WHERE ${COUNTED}
    GROUP BY s.student_id, qt.topic_id ORDER BY s.student_id, qt.topic_id
    ON CONFLICT (student_id, topic_id) DO UPDATE
      SET correct_count = topic_stats.correct_count + excluded.correct_count,
          wrong_count = topic_stats.wrong_count + excluded.wrong_count,
          total_count = topic_stats.total_count + excluded.total_count`;
}

/**
 * Changed marks counted into their students' topic statistics without a recount, in one statement:
 * each first answer (`COUNTED`: redos are practice) moves from the count of its mark before to
 * that of its mark after, in every topic of its question; a pair left with nothing is deleted, as a
 * recount leaves it. Reads only the changed answers' topics and their stored pairs, never the
 * students' other answers. Exact under READ COMMITTED because the caller holds the students' locks
 * (every write of their statistics takes them), so the stored pairs its snapshot reads are current;
 * a change of a question's topics recounts its answerers under the same locks.
 */
export async function countMarkChanges(
  db: DbOrTx,
  changes: readonly { studentId: number; questionId: number; redo: boolean; before: number; after: number }[],
): Promise<void> {
  const counted = changes.filter((c) => !c.redo && c.before !== c.after);
  if (counted.length === 0) return;
  await db.execute(sql`
    WITH c AS (
      SELECT * FROM unnest(${sql.param(counted.map((c) => c.studentId))}::int[], ${sql.param(counted.map((c) => c.questionId))}::int[],
        ${sql.param(counted.map((c) => c.before))}::int[], ${sql.param(counted.map((c) => c.after))}::int[])
        AS c(student_id, question_id, before, after)
    ), delta AS (
      SELECT c.student_id, qt.topic_id,
        sum((c.after = 1)::int - (c.before = 1)::int)::int AS correct,
        sum((c.after = -1)::int - (c.before = -1)::int)::int AS wrong
      FROM c JOIN question_topics qt ON qt.question_id = c.question_id
      GROUP BY c.student_id, qt.topic_id
    ), next AS (
      SELECT d.student_id, d.topic_id, coalesce(ts.correct_count, 0) + d.correct AS correct,
        coalesce(ts.wrong_count, 0) + d.wrong AS wrong
      FROM delta d LEFT JOIN topic_stats ts ON ts.student_id = d.student_id AND ts.topic_id = d.topic_id
      WHERE d.correct <> 0 OR d.wrong <> 0
    ), emptied AS (
      DELETE FROM topic_stats ts USING next n
      WHERE ts.student_id = n.student_id AND ts.topic_id = n.topic_id AND n.correct + n.wrong = 0
      RETURNING 1
    )
    INSERT INTO topic_stats (student_id, topic_id, correct_count, wrong_count, total_count)
    SELECT student_id, topic_id, correct, wrong, correct + wrong FROM next
    WHERE correct + wrong > 0 ORDER BY student_id, topic_id
    ON CONFLICT (student_id, topic_id) DO UPDATE
      SET correct_count = excluded.correct_count, wrong_count = excluded.wrong_count,
          total_count = excluded.total_count`);
}

/** A student's topic statistics counted from scratch (what the stored rows must equal). */
function recountOf(studentId: number) {
  return sql`
    SELECT qt.topic_id,
      count(*) FILTER (WHERE s.marked = 1)::int AS correct,
      count(*) FILTER (WHERE s.marked = -1)::int AS wrong
    FROM submissions s JOIN question_topics qt ON qt.question_id = s.question_id
    WHERE s.student_id = ${studentId} AND ${COUNTED}
    GROUP BY qt.topic_id`;
}

/** Rebuilds a student's statistics from scratch; answers the number of topics. The caller holds the student's lock. */
export async function rebuildTopicStats(db: DbOrTx, studentId: number): Promise<number> {
  await db.delete(topicStats).where(eq(topicStats.studentId, studentId));
  const result = await db.execute(sql`
    INSERT INTO topic_stats (student_id, topic_id, correct_count, wrong_count, total_count)
    SELECT ${studentId}, topic_id, correct, wrong, correct + wrong FROM (${recountOf(studentId)}) AS recount
    RETURNING topic_id`);
  return rowsOf(result).length;
}

export type TopicStatRow = { topic: string; correctCount: number; wrongCount: number; totalCount: number };

/** A recount of a student's statistics by topic title, without writing (tests compare it with the stored rows). */
export async function recountTopicStats(db: DbOrTx, studentId: number): Promise<TopicStatRow[]> {
  const result = await db.execute(sql`
    SELECT t.title AS topic, r.correct AS "correctCount", r.wrong AS "wrongCount", (r.correct + r.wrong) AS "totalCount"
    FROM (${recountOf(studentId)}) AS r JOIN topics t ON t.id = r.topic_id ORDER BY t.title`);
  return rowsOf<TopicStatRow>(result);
}

const statColumns = {
  topic: topics.title,
  correctCount: topicStats.correctCount,
  wrongCount: topicStats.wrongCount,
  totalCount: topicStats.totalCount,
};

/** All stored rows of a student by topic title (tests compare them with a recount). */
export async function storedTopicStats(db: DbOrTx, studentId: number): Promise<TopicStatRow[]> {
  return db
    .select(statColumns)
    .from(topicStats)
    .innerJoin(topics, eq(topics.id, topicStats.topicId))
    .where(eq(topicStats.studentId, studentId))
    .orderBy(asc(topics.title));
}

export const topicStatSortable = {
  totalCount: topicStats.totalCount,
  correctCount: topicStats.correctCount,
  wrongCount: topicStats.wrongCount,
  topic: topics.title,
};

/** One page of a student's statistics (default: most answered first): two statements. */
export async function topicStatsPage(
  db: DbOrTx,
  studentId: number,
  page: PageRequest,
): Promise<{ rows: TopicStatRow[]; total: number }> {
  const [totalRow] = await db
    .select({ total: count() })
    .from(topicStats)
    .where(eq(topicStats.studentId, studentId));
  const rows = await db
    .select(statColumns)
    .from(topicStats)
    .innerJoin(topics, eq(topics.id, topicStats.topicId))
    .where(eq(topicStats.studentId, studentId))
    .orderBy(...orderBy(page, topicStatSortable, [desc(topicStats.totalCount)], topicStats.topicId))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * The profile card's figures (docs/api.md), in one statement: pending assignments; first answers
 * (each answers one assignment) and their marks; every answer, redos included.
 */
export async function learnerFigures(
  db: DbOrTx,
  userId: number,
): Promise<{ pending: number; answered: number; submissions: number; correct: number; marked: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`(SELECT count(*) FROM ${assignments} WHERE ${assignments.studentId} = ${userId})::int`,
      answered: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo})::int`,
      submissions: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} = 1)::int`,
      marked: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} <> 0)::int`,
    })
    .from(submissions)
    .where(eq(submissions.studentId, userId));
  return row!;
}
