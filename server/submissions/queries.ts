import { and, asc, count, desc, eq, inArray, max, min, type SQL, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { prepared, preparedStatement, unplanned } from '../db/prepared.ts';
import { questions, reviewSchedule, submissions, users } from '../db/schema.ts';
import { orderBy, sortVariant } from '../http/paging.ts';
import { countAnswersByTopic, countFirstAnswers } from '../shared/answerCounts.ts';
import {
  candidatesOf,
  picturesOf,
  type QuestionDetails,
  type QuestionRow,
  questionColumns,
  topicsOf,
} from '../shared/questions.ts';
import { dueDaySql, inReviewSql, scheduleJoin } from '../shared/reviewSchedule.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionWithQuestion = { submission: SubmissionRow; question: QuestionRow };
/** A submission with its question, the question's options and topics included (a page's rows). */
export type SubmissionWithDetails = { submission: SubmissionRow; question: QuestionRow & QuestionDetails };

export const submissionSortable = {
  id: submissions.id,
  submitDate: submissions.submitDate,
  targetDate: submissions.targetDate,
  marked: submissions.marked,
  studentAnswer: submissions.studentAnswer,
  // The answer's copy of its question's date: the (student, date) index gives a page in order.
  generatedDate: submissions.questionGeneratedDate,
  'question.generatedDate': submissions.questionGeneratedDate,
  'question.title': questions.title,
  'question.id': questions.id,
};

/** Stores submissions (redos) and answers the stored rows, so the caller needs no read-back. */
export async function insertSubmissions(
  db: DbOrTx,
  rows: Omit<typeof submissions.$inferInsert, 'id'>[],
): Promise<SubmissionRow[]> {
  if (rows.length === 0) return [];
  return db.insert(submissions).values(rows).returning();
}

/**
 * The locks an answer or a redo takes, in one statement (one round trip fewer on the hottest
 * write): its questions `FOR SHARE` (a concurrent modify of their rules waits, and waits for them),
 * then its students `FOR NO KEY UPDATE` (`lockStudents`' lock), each in id order. `UNION ALL` runs
 * its parts in the order written, so questions are locked before students, as every other
 * transaction that takes both does. Answers which of the questions exist; the caller reads them in
 * its next statement, whose snapshot sees a modify that was waited for whole (`loadQuestions`).
 */
export async function lockAnswerRows(
  db: DbOrTx,
  questionIds: readonly number[],
  studentIds: readonly number[],
): Promise<number[]> {
  const result = await preparedStatement(
    db,
    'lock_answer_rows',
    () => sql`WITH q AS MATERIALIZED (
        SELECT id FROM questions WHERE id = ANY(${unplanned('questions', 'int[]')}::int[]) ORDER BY id FOR SHARE
      ), s AS MATERIALIZED (
        SELECT id FROM users WHERE id = ANY(${unplanned('students', 'int[]')}::int[]) ORDER BY id FOR NO KEY UPDATE
      )
      SELECT id, true AS question FROM q UNION ALL SELECT id, false AS question FROM s`,
    {
      questions: [...new Set(questionIds)].sort((a, b) => a - b),
      students: [...new Set(studentIds)].sort((a, b) => a - b),
    },
  );
  return rowsOf<{ id: number; question: boolean }>(result)
    .filter((row) => row.question)
    .map((row) => row.id);
}

/** A first answer to a pending question, marked by the caller. */
export type FirstAnswer = { studentId: number; questionId: number; studentAnswer: string; marked: number };

/**
 * Answers pending questions in one atomic statement: consumes the assignments of these (student,
 * question) pairs with `DELETE … RETURNING`, stores an answer for each assignment really consumed
 * (due date and day taken from it), drops those questions' drafts, and counts the stored answers
 * into their calendar days and topic statistics (increments, not recounts: `countFirstAnswers`,
 * `countAnswersByTopic`). Answers the stored rows in the order given, and how many calendar days
 * the increments found (fewer than the stored answers' days: the caller recounts them). A pair
 * missing from the result was not pending, or a concurrent answer consumed it first: the caller
 * must refuse it and roll back, so no question is ever answered twice. The caller holds the
 * students' locks and the questions' share locks (the increments' conditions).
 */
export async function answerPending(
  db: DbOrTx,
  answers: readonly FirstAnswer[],
  submitDate: Date,
): Promise<{ stored: SubmissionRow[]; daysCounted: number }> {
  if (answers.length === 0) return { stored: [], daysCounted: 0 };
  // Every submit runs it: prepared, every value `unplanned` (PostgreSQL plans it once per connection;
  // planned anew each time, planning cost it more than running it).
  const result = await preparedStatement(
    db,
    'answer_pending',
    () => sql`
    WITH item AS (
      SELECT * FROM unnest(${unplanned('studentIds', 'int[]')}, ${unplanned('questionIds', 'int[]')},
        ${unplanned('answers', 'text[]')}, ${unplanned('marks', 'smallint[]')})
        WITH ORDINALITY AS i(student_id, question_id, student_answer, marked, n)
    ), consumed AS (
      DELETE FROM assignments a USING item
      WHERE a.student_id = item.student_id AND a.question_id = item.question_id
      RETURNING a.student_id, a.question_id, a.target_date, a.due_day
    ), dropped AS (
      DELETE FROM answer_drafts d USING consumed c
      WHERE d.student_id = c.student_id AND d.question_id = c.question_id
    ), stored AS (
      INSERT INTO submissions (question_id, student_id, student_answer, submit_date, target_date, due_day, marked, auto_marked, redo, question_generated_date)
      SELECT c.question_id, c.student_id, item.student_answer, ${unplanned('submitDate', 'timestamptz')}, c.target_date, c.due_day,
        item.marked, item.marked <> 0, false, q.generated_date
      FROM consumed c JOIN item ON item.student_id = c.student_id AND item.question_id = c.question_id
      JOIN questions q ON q.id = c.question_id
      ORDER BY item.n
      RETURNING id, question_id, student_id, student_answer, submit_date, target_date, due_day, marked, auto_marked, redo, question_generated_date
    ), days AS (
      ${countFirstAnswers('stored')}
    ), topics AS (
      ${countAnswersByTopic('stored')}
    )
    SELECT stored.*, (SELECT count(*) FROM days)::int AS days_counted FROM stored`,
    {
      studentIds: answers.map((a) => a.studentId),
      questionIds: answers.map((a) => a.questionId),
      answers: answers.map((a) => a.studentAnswer),
      marks: answers.map((a) => a.marked),
      submitDate: submitDate.toISOString(),
    },
  );
  const rows = rowsOf<Record<string, unknown>>(result);
  return {
    stored: rows.map(submissionOf).sort((a, b) => a.id - b.id),
    daysCounted: (rows[0]?.days_counted as number | undefined) ?? 0,
  };
}

/** A row of `submissions` as the driver gives it for raw SQL (snake_case, dates as text) in Drizzle's shape. */
function submissionOf(raw: Record<string, unknown>): SubmissionRow {
  return {
    id: raw.id as number,
    questionId: raw.question_id as number,
    studentId: raw.student_id as number,
    studentAnswer: raw.student_answer as string,
    submitDate: submissions.submitDate.mapFromDriverValue(raw.submit_date as string) as Date,
    targetDate: submissions.targetDate.mapFromDriverValue(raw.target_date as string) as Date,
    dueDay: submissions.dueDay.mapFromDriverValue(raw.due_day as string) as string,
    marked: raw.marked as number,
    autoMarked: raw.auto_marked as boolean,
    redo: raw.redo as boolean,
    questionGeneratedDate: submissions.questionGeneratedDate.mapFromDriverValue(
      raw.question_generated_date as string,
    ) as Date,
  };
}

/**
 * A page of submissions joined with their questions (with options and topics): one statement.
 * With `counted`, each row also carries the total (an uncorrelated subquery PostgreSQL runs once),
 * and a page past the end (no rows to carry it) counts on its own. With `named`, `where` holds
 * placeholders for its values and the statement is built once per sort and prepared
 * (server/db/prepared.ts); without, it is built each time.
 */
async function pageOf<Counted extends boolean>(
  db: DbOrTx,
  where: SQL,
  page: PageRequest,
  fallback: SQL[],
  counted: Counted,
  named?: { key: string; values: Record<string, unknown> },
): Promise<{ rows: SubmissionWithDetails[]; total: Counted extends true ? number : null }> {
  const variant = named ? sortVariant(page.sort) : null;
  const countAll = () => db.select({ total: count() }).from(submissions).where(where);
  const query = prepared(db, named && variant !== null ? `${named.key}:${variant}` : null, (name) =>
    db
      .select({
        submission: submissions,
        question: questionColumns,
        candidates: candidatesOf,
        topics: topicsOf,
        pictures: picturesOf,
        total: counted ? sql<number>`(${countAll()})`.mapWith(Number) : sql<null>`NULL`,
      })
      .from(submissions)
      .innerJoin(questions, eq(questions.id, submissions.questionId))
      .where(where)
      .orderBy(...orderBy(page, submissionSortable, fallback, submissions.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const values = { ...named?.values, limit: page.size, offset: page.page * page.size };
  const rows = await query.execute(values);
  let total: number | null = null;
  if (counted) {
    total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page.page > 0)
      total = (await countAll().prepare('').execute(values))[0]?.total ?? 0;
  }
  return {
    rows: rows.map((r) => ({
      submission: r.submission,
      question: { ...r.question, candidates: r.candidates, topics: r.topics, pictures: r.pictures },
    })),
    total: total as Counted extends true ? number : null,
  };
}

/** A student's submissions, optionally those due on one day: placeholders `studentId`, `day`. */
function studentSubmissions(day: string | null): SQL {
  return and(
    eq(submissions.studentId, sql.placeholder('studentId')),
    day ? eq(submissions.dueDay, sql.placeholder('day')) : undefined,
  )!;
}

/**
 * One page of a student's submissions (optionally those due on one day), newest question first,
 * without their total: the summary (`submissionSummary`) counts the same answers anyway.
 */
export async function submissionsPage(db: DbOrTx, studentId: number, day: string | null, page: PageRequest) {
  const { rows } = await pageOf(
    db,
    studentSubmissions(day),
    page,
    [desc(submissions.questionGeneratedDate)],
    false,
    {
      key: `submissions_page:${day ? 'day' : 'all'}`,
      values: { studentId, day },
    },
  );
  return rows;
}

export function unmarkedPage(db: DbOrTx, studentId: number, page: PageRequest) {
  return pageOf(
    db,
    and(eq(submissions.studentId, studentId), eq(submissions.marked, 0))!,
    page,
    [asc(submissions.submitDate)],
    true,
  );
}

/** The latest submission of each question is the one that counts for review (index student, question, id). */
const isLatest = sql`NOT EXISTS (SELECT 1 FROM submissions later WHERE later.student_id = ${submissions.studentId} AND later.question_id = ${submissions.questionId} AND later.id > ${submissions.id})`;

/** Reassigned questions are pending (Tutoring) and leave Review until answered again (docs/api.md). */
const isNotPending = sql`NOT EXISTS (SELECT 1 FROM assignments a WHERE a.student_id = ${submissions.studentId} AND a.question_id = ${submissions.questionId})`;

/** A column of the answer's question, one look-up by its key per row. */
const questionColumn = (column: string) =>
  sql`(SELECT q.${sql.identifier(column)} FROM questions q WHERE q.id = ${submissions.questionId})`;

/**
 * The orders of a student's answers for statements that do not join their questions: the date is
 * the answer's own copy (in the index); a title is looked up per row by key, not by a hash of every
 * question in the school.
 */
const lookedUpSortable = {
  ...submissionSortable,
  'question.title': questionColumn('title'),
  'question.id': submissions.questionId,
};

/** A question of the review list with where it stands. */
export type ReviewRow = SubmissionWithDetails & {
  review: { dueDay: string; step: number; pinned: boolean };
};

/**
 * The review list: questions in Review (`reviewStatus`, common/reviewSchedule.ts: latest answer wrong,
 * or scheduled by a redo or a tutor's pin; never retired) and not assigned again. What is due by
 * `today` comes first, then the rest by the day it comes back; inside each, the requested order (by
 * default newest question first). Two statements: the page's ids and the total, from the student's
 * answers index alone (the question's date is the answer's copy), then the page's rows with their
 * questions by id.
 */
export async function reviewPage(
  db: DbOrTx,
  studentId: number,
  page: PageRequest,
  today: string,
  timeZone: string,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = and(eq(submissions.studentId, studentId), isLatest, isNotPending, inReviewSql)!;
  const dueDay = dueDaySql(timeZone, today);
  const notDue = sql`(${dueDay} > ${today})`;
  const listed = await db
    .select({ id: submissions.id, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(submissions)
    .leftJoin(reviewSchedule, scheduleJoin)
    .where(where)
    .orderBy(
      asc(notDue),
      sql`CASE WHEN ${notDue} THEN ${dueDay} END ASC`,
      ...orderBy(page, lookedUpSortable, [desc(lookedUpSortable.generatedDate)], submissions.id),
    )
    .limit(page.size)
    .offset(page.page * page.size);
  if (listed.length === 0) {
    if (page.page === 0) return { rows: [], total: 0 };
    // Past the end: no row carries the total.
    const [counted] = await db
      .select({ total: count() })
      .from(submissions)
      .leftJoin(reviewSchedule, scheduleJoin)
      .where(where);
    return { rows: [], total: counted?.total ?? 0 };
  }
  const ids = listed.map((r) => r.id);
  const rows = await db
    .select({
      submission: submissions,
      question: questionColumns,
      candidates: candidatesOf,
      topics: topicsOf,
      pictures: picturesOf,
      dueDay,
      step: sql<number>`coalesce(CASE WHEN ${reviewSchedule.state} = 'active' AND ${reviewSchedule.submissionId} >= ${submissions.id} THEN ${reviewSchedule.step} END, 0)::int`,
      pinned: sql<boolean>`coalesce(${reviewSchedule.state} = 'active' AND ${reviewSchedule.submissionId} >= ${submissions.id} AND ${reviewSchedule.pinned}, false)`,
    })
    .from(submissions)
    .innerJoin(questions, eq(questions.id, submissions.questionId))
    .leftJoin(reviewSchedule, scheduleJoin)
    .where(sql`${submissions.id} = ANY(${sql.param(ids)}::int[])`);
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.submission.id)! - position.get(b.submission.id)!);
  return {
    rows: rows.map((r) => ({
      submission: r.submission,
      question: { ...r.question, candidates: r.candidates, topics: r.topics, pictures: r.pictures },
      review: { dueDay: r.dueDay, step: r.step, pinned: r.pinned },
    })),
    total: listed[0]!.total,
  };
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

/**
 * Statements about one student's answers name the student (`studentId`), as well as the answers'
 * ids: each reads that student's rows only, which is what would let the tables be split by student.
 */
function ofStudent(studentId: number | null) {
  return studentId === null ? undefined : eq(submissions.studentId, studentId);
}

export async function submissionsWithQuestions(
  db: DbOrTx,
  ids: readonly number[],
  studentId: number | null = null,
): Promise<SubmissionWithQuestion[]> {
  if (ids.length === 0) return [];
  return db
    .select({ submission: submissions, question: questionColumns })
    .from(submissions)
    .innerJoin(questions, eq(questions.id, submissions.questionId))
    .where(and(ofStudent(studentId), inArray(submissions.id, [...ids])))
    .orderBy(asc(submissions.id));
}

export async function submissionsByIds(
  db: DbOrTx,
  ids: readonly number[],
  studentId: number | null = null,
): Promise<SubmissionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(submissions)
    .where(and(ofStudent(studentId), inArray(submissions.id, [...ids])));
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

/** A submission whose mark a teacher changed: the mark before and after. */
export type MarkChange = {
  id: number;
  studentId: number;
  questionId: number;
  dueDay: string;
  redo: boolean;
  before: number;
  after: number;
};

/**
 * A teacher's marks, in one statement: stored as the teacher's (no longer automatic), answering each
 * row's mark before and after, so what counts them can change by the difference rather than
 * recount. The marks before are read in the statement's snapshot; exact because the caller holds
 * the students' locks, which every write of their marks takes first.
 */
export async function setTeacherMarks(
  db: DbOrTx,
  marks: Map<number, number>,
  studentId: number | null = null,
): Promise<MarkChange[]> {
  if (marks.size === 0) return [];
  const ofTheStudent = studentId === null ? sql`` : sql` AND s.student_id = ${studentId}`;
  const result = await db.execute(sql`
    WITH v AS (
      SELECT * FROM unnest(${sql.param([...marks.keys()])}::int[], ${sql.param([...marks.values()])}::int[]) AS v(id, mark)
    ), old AS (
      SELECT s.id, s.marked FROM submissions s JOIN v ON v.id = s.id WHERE true${ofTheStudent}
    )
    UPDATE submissions s SET marked = v.mark::smallint, auto_marked = false
    FROM v JOIN old ON old.id = v.id
    WHERE s.id = v.id${ofTheStudent}
    RETURNING s.id, s.student_id, s.question_id, to_char(s.due_day, 'YYYY-MM-DD') AS due_day, s.redo,
      old.marked::int AS before, s.marked::int AS after`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: r.id as number,
    studentId: r.student_id as number,
    questionId: r.question_id as number,
    dueDay: r.due_day as string,
    redo: r.redo as boolean,
    before: r.before as number,
    after: r.after as number,
  }));
}

/**
 * Totals for the Results header (optionally one due day): first answers decide the score, so
 * total/correct/wrong/unmarked leave redos out; redos and the questions they corrected are counted
 * apart. Also the mark of every submission in the page's order (all pages: the jump grid colours
 * every box). One statement, from the student's answers index alone (the question's date is the
 * answer's copy: looking up a thousand questions cost ten times the rest).
 */
export async function submissionSummary(
  db: DbOrTx,
  studentId: number,
  day: string | null,
  page: PageRequest,
) {
  const variant = sortVariant(page.sort);
  const query = prepared(
    db,
    variant === null ? null : `submissions_summary:${day ? 'day' : 'all'}:${variant}`,
    (name) => {
      const order = orderBy(page, lookedUpSortable, [desc(lookedUpSortable.generatedDate)], submissions.id);
      return db
        .select({
          total: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo})::int`,
          correct: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} = 1)::int`,
          wrong: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} = -1)::int`,
          unmarked: sql<number>`count(*) FILTER (WHERE NOT ${submissions.redo} AND ${submissions.marked} = 0)::int`,
          redos: sql<number>`count(*) FILTER (WHERE ${submissions.redo})::int`,
          corrected: sql<number>`count(DISTINCT ${submissions.questionId}) FILTER (WHERE ${submissions.redo} AND ${submissions.marked} = 1)::int`,
          first: min(submissions.targetDate),
          last: max(submissions.targetDate),
          // One character an answer ('1' correct, '2' wrong, '0' unmarked): a thousand marks come
          // as a short text rather than an array the driver parses element by element.
          marks: sql<
            string | null
          >`string_agg(CASE ${submissions.marked} WHEN 1 THEN '1' WHEN -1 THEN '2' ELSE '0' END, '' ORDER BY ${sql.join(order, sql`, `)})`,
        })
        .from(submissions)
        .where(studentSubmissions(day))
        .prepare(name);
    },
  );
  const [row] = await query.execute({ studentId, day });
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

/** One exported answer; `key` is PostgreSQL's own text of `submit_date`, so the keyset loses no microsecond. */
export type ExportRow = {
  id: number;
  key: string;
  submitDate: Date;
  title: string;
  topics: string;
  answer: string;
  marked: number;
  redo: boolean;
};

/**
 * A keyset page of a student's answers submitted in [`from`, `until`), oldest first, each with its
 * question's title and topics (by name): one statement per page on the (student, submit time, id)
 * index, however far into the student's answers.
 */
export async function exportPage(
  db: DbOrTx,
  studentId: number,
  bounds: { from: Date | null; until: Date | null },
  after: { key: string; id: number } | null,
  limit: number,
): Promise<ExportRow[]> {
  const result = await db.execute(sql`
    SELECT s.id, s.submit_date::text AS key, s.submit_date AS "submitDate", q.title, s.student_answer AS answer,
      s.marked::int AS marked, s.redo,
      coalesce((SELECT string_agg(t.title, ', ' ORDER BY t.title) FROM question_topics qt
        JOIN topics t ON t.id = qt.topic_id WHERE qt.question_id = s.question_id), '') AS topics
    FROM submissions s JOIN questions q ON q.id = s.question_id
    WHERE s.student_id = ${studentId}
      ${bounds.from ? sql`AND s.submit_date >= ${bounds.from.toISOString()}::timestamptz` : sql``}
      ${bounds.until ? sql`AND s.submit_date < ${bounds.until.toISOString()}::timestamptz` : sql``}
      ${after ? sql`AND (s.submit_date, s.id) > (${after.key}::timestamptz, ${after.id}::int)` : sql``}
    ORDER BY s.submit_date, s.id
    LIMIT ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    key: String(row.key),
    submitDate: new Date(row.submitDate as string | Date),
    title: String(row.title),
    topics: String(row.topics),
    answer: String(row.answer),
    marked: Number(row.marked),
    redo: row.redo === true,
  }));
}
