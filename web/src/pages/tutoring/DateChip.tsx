import { useNavigate } from 'react-router';
import { useDayText } from '../../i18n/format.ts';
import { useTextsLater } from '../../i18n/texts.ts';
import styles from './TutoringPage.module.css';

/** The removable date filter of the tutoring and submission pages: clicking it shows every day again. */
export function DateChip({ date, clearTo }: { date: string; clearTo: string }) {
  const navigate = useNavigate();
  const t = useTextsLater('submissions', true)?.submissionTexts;
  const day = useDayText()(date);
  if (!t) return null;
  return (
    <p className={styles.chipRow}>
      <button
        type="button"
        className={styles.dateChip}
        onClick={() => navigate(clearTo)}
        aria-label={t.removeDate(day)}
      >
        {t.dueOn(day)} <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
