import { and, eq, sql } from 'drizzle-orm';
import type { ScheduleRow, ScheduleState, StoredSetting } from '../../common/reviewSchedule.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { reviewSchedule, reviewSettings, submissions } from '../db/schema.ts';

/**
 * Spaced review: SQL for the schedule rows and the tutor's settings. The rule of what is in
 * Review is `reviewStatus` (common/reviewSchedule.ts); `inReviewSql` and `dueDaySql` say the same in
 * SQL for the review list and its counts (a `submissions` row that is a latest answer, not pending,
 * LEFT JOINed with `review_schedule`).
 */

/** The row was written for this latest answer or later, so it decides. */
const current = sql`${reviewSchedule.submissionId} >= ${submissions.id}`;

export const inReviewSql = sql`(${reviewSchedule.state} IS DISTINCT FROM 'retired' AND (
  (${reviewSchedule.state} = 'active' AND ${current})
  OR (${submissions.marked} = -1 AND NOT coalesce(${current}, false))))`;

/** The day a question in Review is due from; a wrong latest answer's day, never after today (`latestDay`). */
export function dueDaySql(timeZone: string, today: string) {
  return sql<string>`to_char(CASE WHEN ${reviewSchedule.state} = 'active' AND ${current} THEN ${reviewSchedule.dueDay}
    ELSE LEAST((${submissions.submitDate} AT TIME ZONE ${timeZone})::date, ${today}::date) END, 'YYYY-MM-DD')`;
}

/** Joins a student's submissions to their questions' schedule rows. */
export const scheduleJoin = and(
  eq(reviewSchedule.studentId, submissions.studentId),
  eq(reviewSchedule.questionId, submissions.questionId),
)!;

export type ReviewCounts = { due: number; later: number; stuck: number; retired: number };

/**
 * `GET review/count/{name}`: questions due by `today`, due later, stuck (graduated, not answered
 * again since) and retired. One statement, counted from the submissions and schedule rows on read
 * (the student's answers index alone; their few pending questions hashed once, not looked up per
 * answered question).
 */
export async function reviewCounts(
  db: DbOrTx,
  studentId: number,
  today: string,
  timeZone: string,
): Promise<ReviewCounts> {
  const result = await db.execute(sql`
    WITH latest AS (
      SELECT s.id, s.question_id, s.marked, s.submit_date,
        s.question_id IN (SELECT a.question_id FROM assignments a WHERE a.student_id = ${studentId}) AS pending
      FROM submissions s
      WHERE s.student_id = ${studentId}
        AND NOT EXISTS (SELECT 1 FROM submissions later WHERE later.student_id = s.student_id AND later.question_id = s.question_id AND later.id > s.id)
    ), item AS (
      SELECT l.pending, r.state,
        (r.state IS DISTINCT FROM 'retired' AND NOT l.pending AND (
          (r.state = 'active' AND r.submission_id >= l.id) OR (l.marked = -1 AND NOT coalesce(r.submission_id >= l.id, false)))) AS in_review,
        CASE WHEN r.state = 'active' AND r.submission_id >= l.id THEN r.due_day
          ELSE LEAST((l.submit_date AT TIME ZONE ${timeZone})::date, ${today}::date) END AS due_day,
        coalesce(r.state = 'graduated' AND r.submission_id >= l.id, false) AS stuck
      FROM latest l LEFT JOIN review_schedule r ON r.student_id = ${studentId} AND r.question_id = l.question_id
    )
    SELECT count(*) FILTER (WHERE in_review AND due_day <= ${today}::date)::int AS due,
      count(*) FILTER (WHERE in_review AND due_day > ${today}::date)::int AS later,
      count(*) FILTER (WHERE stuck)::int AS stuck,
      count(*) FILTER (WHERE state = 'retired')::int AS retired
    FROM item`);
  const [row] = rowsOf<ReviewCounts>(result);
  return row ?? { due: 0, later: 0, stuck: 0, retired: 0 };
}

/** One question a student has answered, with what decides its place in Review (the tutor's schedule page). */
export type ScheduleItemRow = {
  questionId: number;
  title: string;
  topics: string[];
  latestId: number;
  marked: number;
  submitDate: Date;
  pending: boolean;
  row: ScheduleRow | undefined;
};

/** Every question the student has answered, with its latest answer and schedule row: one statement. */
export async function scheduleItems(db: DbOrTx, studentId: number): Promise<ScheduleItemRow[]> {
  const result = await db.execute(sql`
    SELECT s.question_id, q.title, s.id AS latest_id, s.marked, s.submit_date,
      EXISTS (SELECT 1 FROM assignments a WHERE a.student_id = s.student_id AND a.question_id = s.question_id) AS pending,
      coalesce((SELECT array_agg(t.title ORDER BY t.title) FROM question_topics qt JOIN topics t ON t.id = qt.topic_id WHERE qt.question_id = q.id), '{}'::text[]) AS topics,
      r.step, to_char(r.due_day, 'YYYY-MM-DD') AS due_day, r.state, r.pinned, r.submission_id
    FROM submissions s
    JOIN questions q ON q.id = s.question_id
    LEFT JOIN review_schedule r ON r.student_id = s.student_id AND r.question_id = s.question_id
    WHERE s.student_id = ${studentId}
      AND NOT EXISTS (SELECT 1 FROM submissions later WHERE later.student_id = s.student_id AND later.question_id = s.question_id AND later.id > s.id)
    ORDER BY q.title, s.question_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    questionId: r.question_id as number,
    title: r.title as string,
    topics: r.topics as string[],
    latestId: r.latest_id as number,
    marked: r.marked as number,
    submitDate: new Date(r.submit_date as string),
    pending: r.pending as boolean,
    row:
      r.state === null || r.state === undefined
        ? undefined
        : {
            step: r.step as number,
            dueDay: r.due_day as string,
            state: r.state as ScheduleState,
            pinned: r.pinned as boolean,
            submissionId: (r.submission_id as number | null) ?? null,
          },
  }));
}

/** The schedule rows of these questions of one student (the caller holds the student's lock). */
export async function scheduleRows(
  db: DbOrTx,
  studentId: number,
  questionIds: readonly number[],
): Promise<Map<number, ScheduleRow>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(reviewSchedule)
    .where(
      and(
        eq(reviewSchedule.studentId, studentId),
        sql`${reviewSchedule.questionId} = ANY(${sql.param([...questionIds])}::int[])`,
      ),
    );
  return new Map(
    rows.map((r) => [
      r.questionId,
      { step: r.step, dueDay: r.dueDay, state: r.state, pinned: r.pinned, submissionId: r.submissionId },
    ]),
  );
}

/** Stores schedule rows (insert or replace) and deletes those given as null, in two statements at most. */
export async function writeScheduleRows(
  db: DbOrTx,
  studentId: number,
  writes: readonly { questionId: number; row: ScheduleRow | null }[],
): Promise<void> {
  const stored = writes.filter((w): w is { questionId: number; row: ScheduleRow } => w.row !== null);
  const dropped = writes.filter((w) => w.row === null).map((w) => w.questionId);
  if (stored.length > 0) {
    await db.execute(sql`
      INSERT INTO review_schedule (student_id, question_id, step, due_day, state, pinned, submission_id)
      SELECT ${studentId}, v.question_id, v.step, v.due_day, v.state, v.pinned, v.submission_id
      FROM unnest(${sql.param(stored.map((w) => w.questionId))}::int[], ${sql.param(stored.map((w) => w.row.step))}::smallint[],
        ${sql.param(stored.map((w) => w.row.dueDay))}::date[], ${sql.param(stored.map((w) => w.row.state))}::text[],
        ${sql.param(stored.map((w) => w.row.pinned))}::boolean[], ${sql.param(stored.map((w) => w.row.submissionId))}::int[])
        AS v(question_id, step, due_day, state, pinned, submission_id)
      ON CONFLICT (student_id, question_id) DO UPDATE SET step = excluded.step, due_day = excluded.due_day,
        state = excluded.state, pinned = excluded.pinned, submission_id = excluded.submission_id`);
  }
  if (dropped.length > 0) {
    await db.execute(sql`
      DELETE FROM review_schedule
      WHERE student_id = ${studentId} AND question_id = ANY(${sql.param(dropped)}::int[])`);
  }
}

/** A student's stored settings (own and per topic, by topic title), and the topics of these questions: two statements. */
export async function settingsOf(db: DbOrTx, studentId: number): Promise<StoredSetting[]> {
  const result = await db.execute(sql`
    SELECT t.title AS topic, s.enabled, s.ladder
    FROM review_settings s LEFT JOIN topics t ON t.id = s.topic_id
    WHERE s.student_id = ${studentId}
    ORDER BY t.title NULLS FIRST`);
  return rowsOf<{ topic: string | null; enabled: boolean; ladder: number[] }>(result).map((r) => ({
    topic: r.topic,
    enabled: r.enabled,
    ladder: r.ladder.map(Number),
  }));
}

/** The topics (titles) of each of these questions. */
export async function topicsOfQuestions(
  db: DbOrTx,
  questionIds: readonly number[],
): Promise<Map<number, string[]>> {
  if (questionIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT q.id, coalesce(array_agg(t.title ORDER BY t.title) FILTER (WHERE t.id IS NOT NULL), '{}'::text[]) AS topics
    FROM unnest(${sql.param([...questionIds])}::int[]) AS q(id)
    LEFT JOIN question_topics qt ON qt.question_id = q.id LEFT JOIN topics t ON t.id = qt.topic_id
    GROUP BY q.id`);
  return new Map(rowsOf<{ id: number; topics: string[] }>(result).map((r) => [r.id, r.topics]));
}

/** Stores a setting: the student's own (`topicId` null) or one topic's, replacing the one there. */
export async function upsertSetting(
  db: DbOrTx,
  studentId: number,
  topicId: number | null,
  enabled: boolean,
  ladder: readonly number[],
): Promise<void> {
  await db.execute(sql`
    INSERT INTO review_settings (student_id, topic_id, enabled, ladder)
    VALUES (${studentId}, ${topicId}, ${enabled}, ${sql.param([...ladder])}::smallint[])
    ON CONFLICT (student_id, coalesce(topic_id, 0)) DO UPDATE SET enabled = excluded.enabled, ladder = excluded.ladder`);
}

/** Removes one topic's setting of a student (the student's own setting applies again); whether there was one. */
export async function deleteSetting(db: DbOrTx, studentId: number, topicId: number): Promise<boolean> {
  const result = await db
    .delete(reviewSettings)
    .where(and(eq(reviewSettings.studentId, studentId), eq(reviewSettings.topicId, topicId)))
    .returning({ id: reviewSettings.id });
  return result.length > 0;
}

/** A topic's id by its (trimmed, lower-cased) title. */
export async function topicIdOf(db: DbOrTx, title: string): Promise<number | null> {
  const result = await db.execute(sql`SELECT id FROM topics WHERE title = ${title}`);
  return rowsOf<{ id: number }>(result)[0]?.id ?? null;
}

/**
 * Active, unpinned rows of a student's questions redone right (a schedule, not a wrong answer), with
 * each question's topics: what turning scheduling off may drop. One statement.
 */
export async function scheduledRightRows(
  db: DbOrTx,
  studentId: number,
): Promise<{ questionId: number; topics: string[] }[]> {
  const result = await db.execute(sql`
    SELECT r.question_id,
      coalesce((SELECT array_agg(t.title ORDER BY t.title) FROM question_topics qt JOIN topics t ON t.id = qt.topic_id WHERE qt.question_id = r.question_id), '{}'::text[]) AS topics
    FROM review_schedule r
    WHERE r.student_id = ${studentId} AND r.state = 'active' AND NOT r.pinned`);
  return rowsOf<{ question_id: number; topics: string[] }>(result).map((r) => ({
    questionId: r.question_id,
    topics: r.topics,
  }));
}
