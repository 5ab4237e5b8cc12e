import type { Week, WeekItem } from '../../common/contracts/week.ts';
import { dayOf, formatDateTime } from '../../common/dates.ts';
import { addDays, mondayOf } from '../../common/week.ts';
import type { DbOrTx } from '../db/open.ts';
import { type WeekItemRow, weekDrillAndTomorrow, weekItems } from './queries.ts';

const statusOf = (marked: number | null): WeekItem['status'] =>
  marked === null ? 'todo' : marked > 0 ? 'correct' : marked < 0 ? 'wrong' : 'unmarked';

/**
 * A child's week: the Monday-to-Sunday week in APP_TIME_ZONE holding `anyDay` (this week
 * without it). Questions belong to the week they are due in, whenever they were answered: that is
 * the week a parent asks "was it done?" about. Two statements.
 */
export async function weekOf(
  db: DbOrTx,
  student: { id: number; username: string },
  anyDay: string | undefined,
  at: { now: Date; timeZone: string },
): Promise<Week> {
  const today = dayOf(at.now, at.timeZone);
  const start = mondayOf(anyDay ?? today);
  const end = addDays(start, 6);
  const [rows, { drill, dueTomorrow }] = await Promise.all([
    weekItems(db, student.id, start, end),
    weekDrillAndTomorrow(db, student.id, start, end, addDays(today, 1)),
  ]);
  const items = rows.map((row) => itemOf(row, at.timeZone));
  const count = (status: WeekItem['status']) => items.filter((item) => item.status === status).length;
  const todo = count('todo');
  return {
    name: student.username,
    start,
    end,
    today,
    summary: {
      assigned: items.length,
      answered: items.length - todo,
      correct: count('correct'),
      wrong: count('wrong'),
      unmarked: count('unmarked'),
      todo,
      dueTomorrow,
      drillCorrect: drill.reduce((sum, d) => sum + d.correct, 0),
      drillWrong: drill.reduce((sum, d) => sum + d.wrong, 0),
    },
    items,
    drill,
  };
}

function itemOf(row: WeekItemRow, timeZone: string): WeekItem {
  return {
    questionId: row.questionId,
    title: row.title,
    type: row.type,
    dueDay: row.dueDay,
    targetDate: formatDateTime(row.targetDate, timeZone),
    status: statusOf(row.marked),
    answer: row.answer,
    submitDate: row.submitDate ? formatDateTime(row.submitDate, timeZone) : null,
    modelAnswer: row.modelAnswer,
    explanation: row.explanation,
    pictures: row.pictures,
  };
}
