import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/open.ts';
import { prepared } from '../db/prepared.ts';
import { calendarDays, users } from '../db/schema.ts';

export type CalendarRow = {
  studentId: number;
  name: string;
  day: string;
  solved: number;
  unsolved: number;
  toMark: number;
};

/** A student's due day whose stored counts must be recounted. */
export type TouchedDay = { studentId: number; day: string };

/**
 * Sets the stored counts of the touched (student, day) pairs to a recount of those days, in one
 * statement whatever their number: unsolved = pending assignments, solved = first answers
 * submitted, toMark = submissions still unmarked (redos included). Days left with nothing are
 * deleted, the others upserted (`ON CONFLICT … DO UPDATE`, so two writers never collide on the key).
 *
 * Under READ COMMITTED a recount is only exact when no other transaction can change the same
 * student's rows between the count and the commit, so every caller first takes the students' row
 * locks (`lockStudents`, shared/users.ts) in the same transaction. Every write that changes
 * assignments or submissions calls this inside its transaction: stored counts always equal a recount.
 */
export async function refreshCalendarDays(db: DbOrTx, touched: Iterable<TouchedDay>): Promise<void> {
  const unique = new Map<string, TouchedDay>();
  for (const t of touched) unique.set(`${t.studentId}:${t.day}`, t);
  if (unique.size === 0) return;
  const pairs = [...unique.values()];
  await db.execute(sql`
    WITH touched AS (
      SELECT * FROM unnest(${sql.param(pairs.map((p) => p.studentId))}::int[], ${sql.param(pairs.map((p) => p.day))}::date[]) AS t(student_id, day)
    ), counts AS (
      SELECT t.student_id, t.day,
        (SELECT count(*) FROM submissions s WHERE s.student_id = t.student_id AND s.due_day = t.day AND NOT s.redo)::int AS solved,
        (SELECT count(*) FROM assignments a WHERE a.student_id = t.student_id AND a.due_day = t.day)::int AS unsolved,
        (SELECT count(*) FROM submissions s WHERE s.student_id = t.student_id AND s.due_day = t.day AND s.marked = 0)::int AS to_mark
      FROM touched t
    ), upserted AS (
      INSERT INTO calendar_days (student_id, day, solved, unsolved, to_mark)
      SELECT student_id, day, solved, unsolved, to_mark FROM counts WHERE solved + unsolved + to_mark > 0
      ON CONFLICT (student_id, day) DO UPDATE
        SET solved = excluded.solved, unsolved = excluded.unsolved, to_mark = excluded.to_mark
      RETURNING 1
    )
    DELETE FROM calendar_days c USING counts
    WHERE c.student_id = counts.student_id AND c.day = counts.day
      AND counts.solved + counts.unsolved + counts.to_mark = 0`);
}

/**
 * First answers just stored, counted into their days without a recount: a data-modifying statement
 * for a `WITH` of the caller's statement, reading `answers` (a relation of that statement with
 * `student_id`, `due_day` and `marked`, one row per first answer whose pending assignment it
 * consumed). Each answer moves one from unsolved to solved and, unmarked, adds one to toMark —
 * exactly what a recount of the day would change. Answers one row per day changed: a day the
 * statement did not find (stored counts that were never written) changed nothing, and the caller
 * must then recount those days (`refreshCalendarDays`). Increments stay exact under READ COMMITTED
 * (an `UPDATE` applies them to the newest version of the row), and the caller holds the students'
 * locks as for a recount. A first answer leaves solved ≥ 1, so no day is left empty.
 */
export function countFirstAnswers(answers: string): SQL {
  return sql`UPDATE calendar_days c
    SET solved = c.solved + d.answered, unsolved = c.unsolved - d.answered, to_mark = c.to_mark + d.unmarked
    FROM (
      SELECT student_id, due_day, count(*)::int AS answered, (count(*) FILTER (WHERE marked = 0))::int AS unmarked
      FROM ${sql.identifier(answers)} GROUP BY student_id, due_day
    ) AS d
    WHERE c.student_id = d.student_id AND c.day = d.due_day
    RETURNING 1`;
}

/** Every due day of a student counted from scratch (what the stored rows must equal). */
function recountOf(studentId: number) {
  return sql`
    SELECT day, sum(solved)::int AS solved, sum(unsolved)::int AS unsolved, sum(to_mark)::int AS to_mark FROM (
      SELECT due_day AS day, (NOT redo)::int AS solved, 0 AS unsolved, (marked = 0)::int AS to_mark
        FROM submissions WHERE student_id = ${studentId}
      UNION ALL
      SELECT due_day, 0, 1, 0 FROM assignments WHERE student_id = ${studentId}
    ) AS items
    GROUP BY day
    HAVING sum(solved) + sum(unsolved) + sum(to_mark) > 0`;
}

/** Rebuilds every day of a student from scratch; answers the number of rows written. The caller holds the student's lock. */
export async function rebuildCalendar(db: DbOrTx, studentId: number): Promise<number> {
  await db.delete(calendarDays).where(eq(calendarDays.studentId, studentId));
  const result = await db.execute(sql`
    INSERT INTO calendar_days (student_id, day, solved, unsolved, to_mark)
    SELECT ${studentId}, day, solved, unsolved, to_mark FROM (${recountOf(studentId)}) AS recount
    RETURNING day`);
  return rowsOf(result).length;
}

/** A recount of a student's calendar, without writing (tests compare it with the stored rows). */
export async function recountCalendar(
  db: DbOrTx,
  studentId: number,
): Promise<{ day: string; solved: number; unsolved: number; toMark: number }[]> {
  const result = await db.execute(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, solved, unsolved, to_mark AS "toMark"
    FROM (${recountOf(studentId)}) AS recount ORDER BY day`);
  return rowsOf(result) as { day: string; solved: number; unsolved: number; toMark: number }[];
}

const calendarColumns = {
  studentId: calendarDays.studentId,
  name: users.username,
  day: calendarDays.day,
  solved: calendarDays.solved,
  unsolved: calendarDays.unsolved,
  toMark: calendarDays.toMark,
};

/** The calendar rows of some students for one month, in the order the students were given. */
export async function calendarMonth(
  db: DbOrTx,
  studentIds: number[],
  year: number,
  month: number,
): Promise<CalendarRow[]> {
  if (studentIds.length === 0) return [];
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  // Every calendar view runs this: prepared, the students as one array parameter.
  const rows = await prepared(db, 'calendar_month', (name) =>
    db
      .select(calendarColumns)
      .from(calendarDays)
      .innerJoin(users, eq(users.id, calendarDays.studentId))
      .where(
        and(
          sql`${calendarDays.studentId} = ANY(${sql.placeholder('studentIds')}::int[])`,
          gte(calendarDays.day, sql.placeholder('first')),
          lt(calendarDays.day, sql.placeholder('next')),
        ),
      )
      .orderBy(asc(calendarDays.day))
      .prepare(name),
  ).execute({ studentIds, first, next });
  // One student (every student's own calendar): the statement's order is already the answer's.
  if (studentIds.length === 1) return rows;
  const order = new Map(studentIds.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(a.studentId)! - order.get(b.studentId)! || a.day.localeCompare(b.day));
}

/** All stored rows of a student (tests compare them with a recount). */
export async function storedCalendar(db: DbOrTx, studentId: number): Promise<CalendarRow[]> {
  return db
    .select(calendarColumns)
    .from(calendarDays)
    .innerJoin(users, eq(users.id, calendarDays.studentId))
    .where(eq(calendarDays.studentId, studentId))
    .orderBy(asc(calendarDays.day));
}
