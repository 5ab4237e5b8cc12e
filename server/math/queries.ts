import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PageRequest } from '../../common/contracts/paging.ts';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { mathAnswers, mathDays } from '../db/schema.ts';

export type MathAnswerRow = typeof mathAnswers.$inferSelect;
export type DayRow = { date: string; correct: number; wrong: number };

/**
 * The student's open (issued, unanswered) question, issued now with these operands when there is
 * none: one statement. The partial unique index allows one open question per student, and the
 * no-op update on conflict hands back the one already open, so drawing again never changes it.
 */
export async function issueQuestion(
  db: DbOrTx,
  studentId: number,
  operands: { a: number; b: number },
  now: Date,
): Promise<{ id: number; a: number; b: number; issuedAt: Date }> {
  const result = await db.execute(sql`
    INSERT INTO math_answers (student_id, a, b, issued_at)
    VALUES (${studentId}, ${operands.a}, ${operands.b}, ${now.toISOString()}::timestamptz)
    ON CONFLICT (student_id) WHERE answer IS NULL DO UPDATE SET student_id = excluded.student_id
    RETURNING id, a, b, issued_at AS "issuedAt"`);
  const row = rowsOf<{ id: number; a: number; b: number; issuedAt: string | Date }>(result)[0]!;
  return { id: row.id, a: row.a, b: row.b, issuedAt: new Date(row.issuedAt) };
}

/**
 * Answers an open question of the student and marks it (answer = a + b): one statement that only
 * changes a question still open, so of two requests answering it one does. Null when it was not open.
 */
export async function answerIssued(
  db: DbOrTx,
  studentId: number,
  questionId: number,
  answer: number,
  at: { now: Date; day: string },
): Promise<{ id: number; correct: boolean } | null> {
  const [row] = await db
    .update(mathAnswers)
    .set({
      answer,
      // A timeout (−1) can never equal a sum of two operands from 99 up.
      correct: sql`(${mathAnswers.a} + ${mathAnswers.b} = ${answer})`,
      submitDate: at.now,
      day: at.day,
    })
    .where(
      and(
        eq(mathAnswers.id, questionId),
        eq(mathAnswers.studentId, studentId),
        sql`${mathAnswers.answer} IS NULL`,
      ),
    )
    .returning({ id: mathAnswers.id, correct: mathAnswers.correct });
  return row ? { id: row.id, correct: row.correct === true } : null;
}

export async function findMathAnswer(
  db: DbOrTx,
  studentId: number,
  id: number,
): Promise<MathAnswerRow | null> {
  const [row] = await db
    .select()
    .from(mathAnswers)
    .where(and(eq(mathAnswers.id, id), eq(mathAnswers.studentId, studentId)));
  return row ?? null;
}

/**
 * Counts one answer on its day unless the day already holds `cap`: one upsert. On PostgreSQL's READ
 * COMMITTED the conflicting row is locked and its condition re-checked against the newest count, so
 * of any number of racing answers exactly those below the cap are counted. False when refused.
 */
export async function countAnswer(
  db: DbOrTx,
  studentId: number,
  day: string,
  correct: boolean,
  cap: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO math_days (student_id, day, correct, wrong)
    VALUES (${studentId}, ${day}::date, ${correct ? 1 : 0}, ${correct ? 0 : 1})
    ON CONFLICT (student_id, day) DO UPDATE
      SET correct = math_days.correct + excluded.correct, wrong = math_days.wrong + excluded.wrong
      WHERE math_days.correct + math_days.wrong < ${cap}
    RETURNING 1 AS counted`);
  return rowsOf(result).length === 1;
}

/** Stores an answer to a question the client brought (marked and counted by the caller). */
export async function insertAnswered(
  db: DbOrTx,
  studentId: number,
  values: { a: number; b: number; answer: number; correct: boolean; now: Date; day: string },
): Promise<number> {
  const [row] = await db
    .insert(mathAnswers)
    .values({
      studentId,
      a: values.a,
      b: values.b,
      answer: values.answer,
      correct: values.correct,
      submitDate: values.now,
      day: values.day,
    })
    .returning({ id: mathAnswers.id });
  return row!.id;
}

const dayColumns = { date: mathDays.day, correct: mathDays.correct, wrong: mathDays.wrong };

/** One day's counts (zeros when the student answered nothing that day): a primary-key lookup. */
export async function dayRow(db: DbOrTx, studentId: number, day: string): Promise<DayRow> {
  const [row] = await db
    .select(dayColumns)
    .from(mathDays)
    .where(and(eq(mathDays.studentId, studentId), eq(mathDays.day, day)));
  return row ?? { date: day, correct: 0, wrong: 0 };
}

/** Every day's counts added up: one aggregate over the student's rows of the primary key. */
export async function totals(db: DbOrTx, studentId: number): Promise<{ correct: number; wrong: number }> {
  const [row] = await db
    .select({
      correct: sql<number>`coalesce(sum(${mathDays.correct}), 0)::int`,
      wrong: sql<number>`coalesce(sum(${mathDays.wrong}), 0)::int`,
    })
    .from(mathDays)
    .where(eq(mathDays.studentId, studentId));
  return row ?? { correct: 0, wrong: 0 };
}

/**
 * Sortable fields of `day_counts/page`: `submitDate` is the original client's name for the day
 * (`sort=submitDate,desc`), `totalCount` the demo's.
 */
export const dayCountSortable = {
  date: mathDays.day,
  submitDate: mathDays.day,
  correctCounts: mathDays.correct,
  wrongCounts: mathDays.wrong,
  totalCount: sql`(${mathDays.correct} + ${mathDays.wrong})`,
};

/** A page of days, newest first unless sorted otherwise (then newest first among equals). */
export async function dayPage(
  db: DbOrTx,
  studentId: number,
  page: PageRequest,
): Promise<{ rows: DayRow[]; total: number }> {
  const order = page.sort.map((s) => {
    const column = dayCountSortable[s.field as keyof typeof dayCountSortable];
    return s.direction === 'desc' ? desc(column) : asc(column);
  });
  const rows = await db
    .select(dayColumns)
    .from(mathDays)
    .where(eq(mathDays.studentId, studentId))
    .orderBy(...order, desc(mathDays.day))
    .limit(page.size)
    .offset(page.page * page.size);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mathDays)
    .where(eq(mathDays.studentId, studentId));
  return { rows, total: count?.total ?? 0 };
}

/** The newest day with answers, or null. */
export async function latestDay(db: DbOrTx, studentId: number): Promise<DayRow | null> {
  const [row] = await db
    .select(dayColumns)
    .from(mathDays)
    .where(eq(mathDays.studentId, studentId))
    .orderBy(desc(mathDays.day))
    .limit(1);
  return row ?? null;
}

/** The stored day counts, newest first (tests compare them with `recountDays`). */
export async function storedDays(db: DbOrTx, studentId: number): Promise<DayRow[]> {
  return db
    .select(dayColumns)
    .from(mathDays)
    .where(eq(mathDays.studentId, studentId))
    .orderBy(desc(mathDays.day));
}

/** The day counts recounted from the answers themselves. */
export async function recountDays(db: DbOrTx, studentId: number): Promise<DayRow[]> {
  return db
    .select({
      date: sql<string>`${mathAnswers.day}::text`,
      correct: sql<number>`count(*) FILTER (WHERE ${mathAnswers.correct})::int`,
      wrong: sql<number>`count(*) FILTER (WHERE NOT ${mathAnswers.correct})::int`,
    })
    .from(mathAnswers)
    .where(and(eq(mathAnswers.studentId, studentId), sql`${mathAnswers.answer} IS NOT NULL`))
    .groupBy(mathAnswers.day)
    .orderBy(desc(mathAnswers.day));
}
