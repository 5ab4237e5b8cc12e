import type { CalendarItem } from '../../common/contracts/tutoring.ts';
import { normaliseNames } from '../../common/questions/rules.ts';
import { plural } from '../../common/texts.ts';
import type { Db } from '../db/open.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import { findStudentsByNames, lockStudents } from '../shared/users.ts';
import { type CalendarRow, calendarMonth, rebuildCalendar } from './queries.ts';

/** The recount every write of assignments or submissions runs in its transaction. */
export { refreshCalendarDays, type TouchedDay } from './queries.ts';

/** A row as the API gives it; its `day` is PostgreSQL's `YYYY-MM-DD` (years 1000 to 9999: YearMonthParams). */
function toItem(row: CalendarRow): CalendarItem {
  const { day } = row;
  return {
    year: Number(day.slice(0, 4)),
    month: Number(day.slice(5, 7)),
    day: Number(day.slice(8, 10)),
    student: { name: row.name },
    solved: row.solved,
    unsolved: row.unsolved,
    toMark: row.toMark,
  };
}

/** Teacher mode: the month of several students, in the order given; unknown names contribute nothing. */
export async function teacherCalendar(
  db: Db,
  names: string[],
  year: number,
  month: number,
): Promise<CalendarItem[]> {
  const wanted = normaliseNames(names);
  const found = await findStudentsByNames(db, wanted);
  const ids = wanted.flatMap((n) => (found.has(n) ? [found.get(n)!.id] : []));
  return (await calendarMonth(db, ids, year, month)).map(toItem);
}

export async function studentCalendar(
  db: Db,
  studentId: number,
  year: number,
  month: number,
): Promise<CalendarItem[]> {
  return (await calendarMonth(db, [studentId], year, month)).map(toItem);
}

/** `PATCH calendars/{name}`: the student's calendar rebuilt from scratch, under the student's lock (audited). */
export async function rebuildStudentCalendar(
  db: Db,
  student: { id: number; username: string },
  context: { actor: AuditActor; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockStudents(tx, [student.id]);
    const days = await rebuildCalendar(tx, student.id);
    await recordAudit(tx, {
      ...context,
      at: context.now,
      action: 'calendar.reload',
      target: student.username,
      detail: `${days} ${plural(days, { one: 'day', other: 'days' })}`,
    });
    return days;
  });
}
