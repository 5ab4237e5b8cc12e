import { useNavigate } from 'react-router';
import styles from './TutoringPage.module.css';

/** The removable date filter of the tutoring and submission pages: clicking it shows every day again. */
export function DateChip({ date, clearTo }: { date: string; clearTo: string }) {
  const navigate = useNavigate();
  return (
    <p className={styles.chipRow}>
      <button
        type="button"
        className={styles.dateChip}
        onClick={() => navigate(clearTo)}
        aria-label={`Remove the date filter ${date}`}
      >
        Due {date} <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
