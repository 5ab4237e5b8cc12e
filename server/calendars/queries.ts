import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { calendarDays, users } from '../db/schema.ts';

export type CalendarRow = {
  studentId: number;
  name: string;
  day: string;
  solved: number;
  unsolved: number;
  toMark: number;
};

/**
 * Sets the stored counts of a student's due days to a recount of those days (two statements
 * whatever the number of days): unsolved = pending assignments, solved = first answers submitted,
 * toMark = submissions still unmarked (redos included). Every write that changes assignments or
 * submissions calls this inside its transaction, so the stored counts always equal a recount.
 */
export async function refreshCalendarDays(
  db: DbOrTx,
  studentId: number,
  days: Iterable<string>,
): Promise<void> {
  const list = [...new Set(days)];
  if (list.length === 0) return;
  const dayArray = sql`ARRAY[${sql.join(
    list.map((d) => sql`${d}`),
    sql`, `,
  )}]::date[]`;
  await db
    .delete(calendarDays)
    .where(and(eq(calendarDays.studentId, studentId), inArray(calendarDays.day, list)));
  await db.execute(sql`
    INSERT INTO calendar_days (student_id, day, solved, unsolved, to_mark)
    SELECT ${studentId}, d.day, c.solved, c.unsolved, c.to_mark
    FROM unnest(${dayArray}) AS d(day)
    CROSS JOIN LATERAL (
      SELECT
        (SELECT count(*) FROM submissions s WHERE s.student_id = ${studentId} AND s.due_day = d.day AND NOT s.redo)::int AS solved,
        (SELECT count(*) FROM assignments a WHERE a.student_id = ${studentId} AND a.due_day = d.day)::int AS unsolved,
        (SELECT count(*) FROM submissions s WHERE s.student_id = ${studentId} AND s.due_day = d.day AND s.marked = 0)::int AS to_mark
    ) AS c
    WHERE c.solved + c.unsolved + c.to_mark > 0`);
}

/** Rebuilds every day of a student from scratch; answers the number of rows written. */
export async function rebuildCalendar(db: DbOrTx, studentId: number): Promise<number> {
  await db.delete(calendarDays).where(eq(calendarDays.studentId, studentId));
  const result = await db.execute(sql`
    INSERT INTO calendar_days (student_id, day, solved, unsolved, to_mark)
    SELECT ${studentId}, day, sum(solved)::int, sum(unsolved)::int, sum(to_mark)::int FROM (
      SELECT due_day AS day, (NOT redo)::int AS solved, 0 AS unsolved, (marked = 0)::int AS to_mark
        FROM submissions WHERE student_id = ${studentId}
      UNION ALL
      SELECT due_day, 0, 1, 0 FROM assignments WHERE student_id = ${studentId}
    ) AS items
    GROUP BY day
    HAVING sum(solved) + sum(unsolved) + sum(to_mark) > 0
    RETURNING day`);
  return (result as unknown as { rows?: unknown[]; rowCount?: number }).rows?.length ?? 0;
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
  const rows = await db
    .select(calendarColumns)
    .from(calendarDays)
    .innerJoin(users, eq(users.id, calendarDays.studentId))
    .where(
      and(
        inArray(calendarDays.studentId, studentIds),
        gte(calendarDays.day, first),
        lt(calendarDays.day, next),
      ),
    )
    .orderBy(asc(calendarDays.day));
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
