import { OVERVIEW_MAX_DAYS, type OverviewExportQuery } from '../../common/contracts/export.ts';
import { dayOf } from '../../common/dates.ts';
import type { Language } from '../../common/i18n/translation.ts';
import { normaliseNames } from '../../common/questions/rules.ts';
import { addDays, mondayOf } from '../../common/week.ts';
import type { DbOrTx } from '../db/open.ts';
import { type CsvExport, csvWords } from '../http/csv.ts';
import { findStudentsByNames } from '../shared/users.ts';
import { weekTotals } from './queries.ts';

/** Students per statement: a page of rows is at most this many × the weeks asked for. */
const STUDENTS_PER_PAGE = 50;

/** Correct ÷ answered as a percentage with two decimals, as the submissions page's score; empty with no answers. */
function scorePercent(correct: number, answered: number): string | null {
  return answered === 0 ? null : ((100 * correct) / answered).toFixed(2);
}

/**
 * `GET export/overview`: each listed student (in the order given; unknown names are left out, as
 * in the teacher calendar) × each Monday-to-Sunday week holding `from` to `to`, counted as the
 * week page counts (server/week/queries.ts, `dueIn`). Left out, `to` is today (or `from`'s week
 * when that is later, and at most OVERVIEW_MAX_DAYS after `from`), and `from` is the Monday three
 * weeks before `to`'s week.
 */
export async function exportOverview(
  db: DbOrTx,
  query: OverviewExportQuery,
  at: { now: Date; timeZone: string; language: Language },
): Promise<CsvExport> {
  const today = dayOf(at.now, at.timeZone);
  const later = query.from && query.from > today ? query.from : today;
  const cap = query.from ? addDays(query.from, OVERVIEW_MAX_DAYS) : later;
  const to = query.to ?? (later > cap ? cap : later);
  const first = mondayOf(query.from ?? addDays(mondayOf(to), -21));
  const last = addDays(mondayOf(to), 6);
  const weeks: string[] = [];
  for (let monday = first; monday <= last; monday = addDays(monday, 7)) weeks.push(monday);

  const wanted = normaliseNames(query.students);
  const found = await findStudentsByNames(db, wanted);
  const students = [...new Set(wanted)].flatMap((name) => {
    const row = found.get(name);
    return row ? [{ id: row.id, name: row.username }] : [];
  });
  const words = csvWords(at.language);

  async function* pages() {
    for (let i = 0; i < students.length; i += STUDENTS_PER_PAGE) {
      const chunk = students.slice(i, i + STUDENTS_PER_PAGE);
      const totals = await weekTotals(
        db,
        chunk.map((s) => s.id),
        first,
        last,
      );
      const byKey = new Map(totals.map((row) => [`${row.studentId} ${row.week}`, row]));
      yield chunk.flatMap((student) =>
        weeks.map((week) => {
          const row = byKey.get(`${student.id} ${week}`);
          const [assigned, answered, correct] = row ? [row.assigned, row.answered, row.correct] : [0, 0, 0];
          return [student.name, week, assigned, answered, correct, scorePercent(correct, answered)];
        }),
      );
    }
  }
  return { fileName: `overview-${first}-${last}.csv`, header: words.overviewHeader, pages: pages() };
}
