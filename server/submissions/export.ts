import type { SubmissionsExportQuery } from '../../common/contracts/export.ts';
import { formatDateTime, startOfDay } from '../../common/dates.ts';
import type { Language } from '../../common/i18n/translation.ts';
import { addDays } from '../../common/week.ts';
import type { DbOrTx } from '../db/open.ts';
import { type CsvExport, csvWords } from '../http/csv.ts';
import { exportPage } from './queries.ts';

/** Rows per statement: big enough that 100,000 answers take 100 statements, small enough to hold. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * `GET export/submissions/{name}`: every answer (redos included) submitted from the first instant
 * of `from` to before the first instant of the day after `to` in the app's zone, oldest first, read
 * one keyset page at a time as the reply stream asks for it.
 */
export function exportSubmissions(
  db: DbOrTx,
  student: { id: number; username: string },
  query: SubmissionsExportQuery,
  at: { timeZone: string; language: Language },
): CsvExport {
  const words = csvWords(at.language);
  const bounds = {
    from: query.from ? startOfDay(query.from, at.timeZone) : null,
    until: query.to ? startOfDay(addDays(query.to, 1), at.timeZone) : null,
  };
  const mark = (marked: number) =>
    marked > 0 ? words.marks.correct : marked < 0 ? words.marks.wrong : words.marks.unmarked;
  async function* pages() {
    let after: { key: string; id: number } | null = null;
    for (;;) {
      const rows = await exportPage(db, student.id, bounds, after, EXPORT_PAGE_ROWS);
      yield rows.map((row) => [
        formatDateTime(row.submitDate, at.timeZone),
        row.title,
        row.topics,
        row.answer,
        mark(row.marked),
        row.redo ? words.yes : words.no,
      ]);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE_ROWS) return;
      after = { key: last.key, id: last.id };
    }
  }
  return {
    fileName: `submissions-${student.username}-${query.from ?? 'start'}-${query.to ?? 'now'}.csv`,
    header: words.submissionHeader,
    pages: pages(),
  };
}
