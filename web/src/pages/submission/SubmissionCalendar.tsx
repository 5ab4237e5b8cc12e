import { useParams } from 'react-router';
import { usePageParams } from '../../layout/usePageParams.ts';
import { Calendar } from '../../ui/Calendar.tsx';

/**
 * The submissions page's calendar: the student of the address, opening on the month of its date.
 * In the calendar's chunk, which SubmissionPage loads when its panel is about to open, so the page's
 * first load carries neither.
 */
export function SubmissionCalendar() {
  const { name = '' } = useParams();
  const { date } = usePageParams();
  return <Calendar mode="student" student={name} initial={date ? new Date(`${date}T12:00:00`) : undefined} />;
}
