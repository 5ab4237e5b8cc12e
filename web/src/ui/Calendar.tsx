import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CalendarItem } from '../../../common/contracts/tutoring.ts';
import { calendarsApi } from '../api/calendars.ts';
import { monthName, useDayText, useIntlLocale, weekdayNames } from '../i18n/format.ts';
import { useTexts } from '../i18n/texts.ts';
import { PreloadLink as Link } from '../routing/PreloadLink.tsx';
import styles from './Calendar.module.css';

/** Spec 1 §9: a day is green when solved / total ≥ 0.9. */
export function isWellDone(item: Pick<CalendarItem, 'solved' | 'unsolved'>): boolean {
  const total = item.solved + item.unsolved;
  return total > 0 && item.solved / total >= 0.9;
}

const pad = (n: number) => String(n).padStart(2, '0');

type Props =
  | { mode: 'teacher'; students: string[]; initial?: Date }
  | { mode: 'student'; student: string; initial?: Date };

/**
 * The shared month calendar (spec 1 §2, §9). Teacher mode: every listed student's solved/total per
 * due day and a to-mark count that opens marking. Student mode: a day opens its submissions when
 * everything due that day is answered, else the tutoring page for that day.
 */
export function Calendar(props: Props) {
  const { calendarTexts: t } = useTexts('insight');
  const locale = useIntlLocale();
  const start = props.initial ?? new Date();
  const [month, setMonth] = useState({ year: start.getFullYear(), month: start.getMonth() + 1 });
  const names = props.mode === 'teacher' ? props.students : [props.student];
  const query = useQuery({
    queryKey: calendarsApi.key([props.mode, ...names], month.year, month.month),
    queryFn: () =>
      props.mode === 'teacher'
        ? calendarsApi.teacher(props.students, month.year, month.month)
        : calendarsApi.student(props.student, month.year, month.month),
    enabled: names.length > 0,
  });

  const move = (delta: number) =>
    setMonth(({ year, month: m }) => {
      const index = year * 12 + (m - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });

  const firstWeekday = new Date(month.year, month.month - 1, 1).getDay();
  const daysInMonth = new Date(month.year, month.month, 0).getDate();
  const byDay = new Map<number, CalendarItem[]>();
  for (const item of query.data ?? []) byDay.set(item.day, [...(byDay.get(item.day) ?? []), item]);
  // Leading blanks, then the days; each cell keyed by its position in the month grid.
  const cells = [
    ...Array.from({ length: firstWeekday }, (_, i) => ({ key: `blank-${i}`, day: null as number | null })),
    ...Array.from({ length: daysInMonth }, (_, i) => ({
      key: `day-${i + 1}`,
      day: (i + 1) as number | null,
    })),
  ];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => ({
    key: `week-${w}`,
    cells: cells.slice(w * 7, w * 7 + 7),
  }));

  return (
    <section className={styles.calendar} aria-label={t.calendar}>
      <header className={styles.header}>
        <button type="button" className={styles.nav} onClick={() => move(-1)} aria-label={t.previousMonth}>
          ◀
        </button>
        <h2 className={styles.title} aria-live="polite">
          {t.title(month.year, monthName(locale, month.month))}
        </h2>
        <button type="button" className={styles.nav} onClick={() => move(1)} aria-label={t.nextMonth}>
          ▶
        </button>
      </header>
      {query.isError && <p className={styles.error}>{t.failed}</p>}
      <table className={styles.grid}>
        <thead>
          <tr>
            {weekdayNames(locale).map((day) => (
              <th scope="col" key={day} className={styles.weekday}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.key}>
              {week.cells.map((cell) => (
                <td key={cell.key} className={`${styles.cell} ${cell.day ? '' : styles.blank}`}>
                  {cell.day && <span className={styles.dayNumber}>{cell.day}</span>}
                  {cell.day &&
                    (byDay.get(cell.day) ?? []).map((item) => (
                      <DayEntry
                        key={item.student.name}
                        item={item}
                        mode={props.mode}
                        date={`${month.year}-${pad(month.month)}-${pad(cell.day!)}`}
                      />
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DayEntry({ item, mode, date }: { item: CalendarItem; mode: 'teacher' | 'student'; date: string }) {
  const { calendarTexts: t } = useTexts('insight');
  const day = useDayText()(date);
  const total = item.solved + item.unsolved;
  const tone = isWellDone(item) ? styles.good : styles.bad;
  const name = encodeURIComponent(item.student.name);
  if (mode === 'teacher') {
    return (
      <div className={styles.entry}>
        <span className={styles.name}>{item.student.name}</span>{' '}
        <span className={tone}>
          {item.solved}/{total}
        </span>
        {item.toMark > 0 && (
          <Link
            className={styles.toMark}
            to={`/marking/${name}?date=${date}`}
            aria-label={t.toMark(item.toMark, item.student.name, day)}
          >
            {item.toMark}*
          </Link>
        )}
      </div>
    );
  }
  const done = item.unsolved === 0;
  return (
    <Link
      className={`${styles.entry} ${tone}`}
      to={done ? `/submission/${name}?date=${date}` : `/tutoring/${name}?date=${date}`}
      aria-label={t.solved(item.solved, total, day)}
    >
      {item.solved}/{total}
    </Link>
  );
}
