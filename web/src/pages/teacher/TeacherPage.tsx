import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTexts } from '../../i18n/texts.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { Calendar } from '../../ui/Calendar.tsx';
import { CsvDownload } from '../../ui/CsvDownload.tsx';
import { addToStudentList, readStudentList, writeStudentList } from './studentList.ts';
import styles from './TeacherPage.module.css';

// Only when asked for: no page's first load carries it.
const Worksheet = lazy(() => import('../worksheet/Worksheet.tsx').then((m) => ({ default: m.Worksheet })));

/** /teacher: the student list kept in this browser and the calendar of every listed student. */
export function TeacherPage() {
  const { reviewTexts } = useTexts('review');
  const { teacherTexts: t } = useTexts('authoring');
  const [students, setStudents] = useState(readStudentList);
  const [draft, setDraft] = useState('');
  // The student whose pending questions are shown as a printable worksheet, in place of the page.
  const [sheetOf, setSheetOf] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setStudents(addToStudentList(draft));
    setDraft('');
  };
  const remove = (name: string) => {
    const next = students.filter((s) => s !== name);
    writeStudentList(next);
    setStudents(next);
  };

  if (sheetOf)
    return (
      <Suspense fallback={null}>
        <Worksheet name={sheetOf} onClose={() => setSheetOf(null)} />
      </Suspense>
    );
  return (
    <div className={styles.page}>
      <h1>{t.heading}</h1>
      <section className={styles.card} aria-labelledby="students-title">
        <h2 id="students-title">{t.students}</h2>
        <form className={styles.add} onSubmit={add}>
          <label htmlFor="student-name">{t.studentName}</label>
          <div className={styles.row}>
            <input
              id="student-name"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              autoComplete="off"
            />
            <button type="submit">{t.add}</button>
          </div>
        </form>
        {students.length === 0 ? (
          <p className={styles.muted}>{t.noStudents}</p>
        ) : (
          <ul className={styles.list}>
            {students.map((name) => (
              <li key={name} className={styles.item}>
                <span className={styles.name} title={name}>
                  {name}
                </span>
                <span className={styles.links}>
                  <Link to={`/submission/${encodeURIComponent(name)}`}>{t.submissions}</Link>
                  <Link to={`/user/${encodeURIComponent(name)}`}>{t.dashboard}</Link>
                  <Link to={`/stats/${encodeURIComponent(name)}`} aria-label={t.statsOf(name)}>
                    {t.stats}
                  </Link>
                  <button type="button" onClick={() => setSheetOf(name)} aria-label={t.worksheetOf(name)}>
                    {t.worksheet}
                  </button>
                  <Link
                    to={`/review-schedule/${encodeURIComponent(name)}`}
                    aria-label={reviewTexts.scheduleLinkOf(name)}
                  >
                    {reviewTexts.scheduleLink}
                  </Link>
                </span>
                <button type="button" onClick={() => remove(name)} aria-label={t.removeOf(name)}>
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {students.length > 0 && (
        <CsvDownload path="/export/overview" params={{ students: students.join(',') }} words={t} />
      )}
      {students.length > 0 && <Calendar mode="teacher" students={students} />}
    </div>
  );
}
