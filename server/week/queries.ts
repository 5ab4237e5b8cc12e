import { type SQL, sql } from 'drizzle-orm';
import type { QuestionPicture } from '../../common/contracts/responses.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { preparedStatement, unplanned } from '../db/prepared.ts';

/**
 * What a week counts, as the subquery `w`: the first answers to questions due from `first` to `last`
 * (redos are practice and stay out, as in the score) and the assignments still pending (`marked`
 * null). The week page and the overview export both read it, so their numbers agree.
 */
function dueIn(student: SQL, first: SQL, last: SQL): SQL {
  return sql`(
      SELECT s.student_id, s.question_id, s.due_day, s.target_date, s.marked::int AS marked, s.student_answer AS answer, s.submit_date
      FROM submissions s
      WHERE s.student_id ${student} AND NOT s.redo AND s.due_day BETWEEN ${first} AND ${last}
      UNION ALL
      SELECT a.student_id, a.question_id, a.due_day, a.target_date, NULL, NULL, NULL
      FROM assignments a
      WHERE a.student_id ${student} AND a.due_day BETWEEN ${first} AND ${last}
    ) w`;
}

export type WeekItemRow = {
  questionId: number;
  title: string;
  type: 'm' | 'M' | 's';
  dueDay: string;
  targetDate: Date;
  /** 1 correct, −1 wrong, 0 unmarked; null: still to do (a pending assignment). */
  marked: number | null;
  answer: string | null;
  submitDate: Date | null;
  modelAnswer: string | null;
  explanation: string | null;
  pictures: QuestionPicture[];
};

/**
 * The questions due from `first` to `last` (days in APP_TIME_ZONE): the first answers given to them
 * (redos are practice and stay out, as in the score) and the assignments still pending, in due order.
 * One statement, prepared with every value unplanned: its plan (the student's index ranges, then
 * questions by key) is the same for any student and week, and planning it each time cost more
 * than running it. A pending question's model answer and explanation are not read: a page showing
 * the week must not give the answer away before it is given.
 */
export async function weekItems(
  db: DbOrTx,
  studentId: number,
  first: string,
  last: string,
): Promise<WeekItemRow[]> {
  const result = await preparedStatement(
    db,
    'week_items',
    () => sql`
    SELECT q.id AS "questionId", q.title, q.type, w.due_day::text AS "dueDay", w.target_date AS "targetDate",
      w.marked, w.answer, w.submit_date AS "submitDate",
      CASE WHEN w.marked IS NULL THEN NULL ELSE q.answer END AS "modelAnswer",
      CASE WHEN w.marked IS NULL THEN NULL ELSE q.explanation END AS "explanation",
      CASE WHEN w.marked IS NULL THEN '[]'::json ELSE coalesce((
        SELECT json_agg(json_build_object('id', qp.picture, 'part', qp.part, 'alt', qp.alt, 'width', p.width, 'height', p.height) ORDER BY qp.position)
        FROM question_pictures qp JOIN pictures p ON p.hash = qp.picture
        WHERE qp.question_id = q.id AND qp.part = 'explanation'), '[]'::json) END AS "pictures"
    FROM ${dueIn(sql`= ${unplanned('studentId', 'int')}`, unplanned('first', 'date'), unplanned('last', 'date'))}
    JOIN questions q ON q.id = w.question_id
    ORDER BY w.target_date, q.id`,
    { studentId, first, last },
  );
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    questionId: Number(row.questionId),
    title: String(row.title),
    type: row.type as WeekItemRow['type'],
    dueDay: String(row.dueDay),
    targetDate: new Date(row.targetDate as string | Date),
    marked: row.marked === null ? null : Number(row.marked),
    answer: row.answer === null ? null : String(row.answer),
    submitDate: row.submitDate === null ? null : new Date(row.submitDate as string | Date),
    modelAnswer: row.modelAnswer === null ? null : String(row.modelAnswer),
    explanation: row.explanation === null ? null : String(row.explanation),
    // node-postgres parses json; PGlite too.
    pictures: row.pictures as QuestionPicture[],
  }));
}

/**
 * The drill's days from `first` to `last` with their counts, and how many pending assignments are
 * due on `tomorrow` (whichever week is shown): one statement, prepared as `weekItems` is.
 */
export async function weekDrillAndTomorrow(
  db: DbOrTx,
  studentId: number,
  first: string,
  last: string,
  tomorrow: string,
): Promise<{ drill: { day: string; correct: number; wrong: number }[]; dueTomorrow: number }> {
  const student = unplanned('studentId', 'int');
  const result = await preparedStatement(
    db,
    'week_drill_and_tomorrow',
    () => sql`
    SELECT d.day::text AS day, d.correct, d.wrong,
      (SELECT count(*)::int FROM assignments a WHERE a.student_id = ${student} AND a.due_day = ${unplanned('tomorrow', 'date')}) AS "dueTomorrow"
    FROM (SELECT 1) one
    LEFT JOIN math_days d ON d.student_id = ${student} AND d.day BETWEEN ${unplanned('first', 'date')} AND ${unplanned('last', 'date')}
      AND d.correct + d.wrong > 0
    ORDER BY d.day`,
    { studentId, first, last, tomorrow },
  );
  const rows = rowsOf<{
    day: string | null;
    correct: number | null;
    wrong: number | null;
    dueTomorrow: number;
  }>(result);
  return {
    drill: rows
      .filter((row) => row.day !== null)
      .map((row) => ({ day: String(row.day), correct: Number(row.correct), wrong: Number(row.wrong) })),
    dueTomorrow: Number(rows[0]?.dueTomorrow ?? 0),
  };
}

/** One student's counts in one week (Monday `week`), as the week page's summary counts them. */
export type WeekTotalsRow = {
  studentId: number;
  week: string;
  assigned: number;
  answered: number;
  correct: number;
};

/** The weeks from `first` (a Monday) to `last` (a Sunday) of several students, with anything due: one statement. */
export async function weekTotals(
  db: DbOrTx,
  studentIds: number[],
  first: string,
  last: string,
): Promise<WeekTotalsRow[]> {
  if (studentIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT w.student_id AS "studentId", date_trunc('week', w.due_day::timestamp)::date::text AS week,
      count(*)::int AS assigned, count(w.marked)::int AS answered,
      count(*) FILTER (WHERE w.marked > 0)::int AS correct
    FROM ${dueIn(sql`= ANY(${sql.param(studentIds)}::int[])`, sql`${first}::date`, sql`${last}::date`)}
    GROUP BY 1, 2`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    studentId: Number(row.studentId),
    week: String(row.week),
    assigned: Number(row.assigned),
    answered: Number(row.answered),
    correct: Number(row.correct),
  }));
}
