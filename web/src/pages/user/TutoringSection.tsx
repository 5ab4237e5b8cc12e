import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useDayCounts, useLatestDay } from '../../api/profile.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { Calendar } from '../../ui/Calendar.tsx';
import { LineChart, ScorePie } from '../../ui/charts/charts.tsx';
import { chartColours } from '../../ui/charts/options.ts';
import styles from './UserPage.module.css';

/**
 * The dashboard's 'Tutoring' section, its own chunk: it brings the charts and the
 * calendar, and loads its data only when the section is first opened.
 */
export function TutoringSection() {
  const { dashboardTexts, chartTexts } = useTexts('insight');
  const { failureTexts } = useTexts('messages');
  const { name = '' } = useParams();
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots });
  const latest = useLatestDay(name);
  const days = useDayCounts(name);
  useEffect(() => {
    const error = latest.error ?? days.error;
    if (error) onFailure(error);
  }, [latest.error, days.error, onFailure]);

  const path = encodeURIComponent(name);
  // Oldest first on the line; the server answers newest first.
  const period = [...(days.data ?? [])].reverse();
  const colours = chartColours();
  return (
    <div className={styles.section}>
      <nav className={styles.links} aria-label={dashboardTexts.tutoring}>
        <PreloadLink to={`/tutoring/${path}`}>{dashboardTexts.questions}</PreloadLink>
        <PreloadLink to={`/review/${path}`}>{dashboardTexts.review}</PreloadLink>
        <PreloadLink to={`/submission/${path}`}>{dashboardTexts.submissions}</PreloadLink>
      </nav>
      {latest.isPending || days.isPending ? (
        <p role="status">{dashboardTexts.loading}</p>
      ) : (
        <div className={styles.charts}>
          <ScorePie
            title={latest.data ? dashboardTexts.latestDay(latest.data.date) : dashboardTexts.latestDayNone}
            correct={latest.data?.correctCounts ?? 0}
            wrong={latest.data?.wrongCounts ?? 0}
          />
          <LineChart
            title={
              period.length > 0
                ? dashboardTexts.period(period[0]!.date, period.at(-1)!.date)
                : dashboardTexts.periodNone
            }
            labels={period.map((d) => d.date)}
            series={[
              { label: chartTexts.correct, values: period.map((d) => d.correctCounts), colour: colours.ok },
              { label: chartTexts.wrong, values: period.map((d) => d.wrongCounts), colour: colours.bad },
            ]}
            axes={{ x: chartTexts.day, y: chartTexts.answers, counts: true }}
            empty={dashboardTexts.noAnswers}
          />
        </div>
      )}
      <Calendar mode="student" student={name} />
    </div>
  );
}
