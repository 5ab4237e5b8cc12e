import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useAuthCheck } from '../../api/authCheck.ts';
import { mathApi, mathKeys, playsAs, useMathDays } from '../../api/math.ts';
import { useDayText } from '../../i18n/format.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { LineChart, ScorePie } from '../../ui/charts/charts.tsx';
import { chartColours } from '../../ui/charts/options.ts';
import styles from './UserPage.module.css';

/** How many of the newest days the section's line shows. */
const RECENT_DAYS = 14;

/**
 * The dashboard's 'Simple Math Question' section: Start (for the student themself; the game takes
 * the name in navigation state), Result, the latest day's pie and a line of the recent days. Its own
 * chunk, loaded on first open with the charts, so the dashboard's first load carries neither.
 */
export function MathSection() {
  const { mathTexts } = useTexts('math');
  const { dashboardTexts, chartTexts } = useTexts('insight');
  const { failureTexts } = useTexts('messages');
  const { name = '' } = useParams();
  const dayText = useDayText();
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots });
  const me = useAuthCheck();
  const latest = useQuery({
    queryKey: mathKeys.latestDay(name),
    queryFn: () => mathApi.latestDay(name),
  });
  const recent = useMathDays(name, 0, RECENT_DAYS);
  useEffect(() => {
    const error = latest.error ?? recent.error;
    if (error) onFailure(error);
  }, [latest.error, recent.error, onFailure]);

  // Oldest first on the line; the server pages newest first.
  const days = [...(recent.data?.content ?? [])].reverse();
  const colours = chartColours();
  return (
    <div className={styles.section}>
      <nav className={styles.links} aria-label={dashboardTexts.math}>
        {playsAs(me.data, name) && (
          <PreloadLink to="/math/start" state={{ name }}>
            {dashboardTexts.start}
          </PreloadLink>
        )}
        <PreloadLink to={`/math/result/${encodeURIComponent(name)}`}>{dashboardTexts.result}</PreloadLink>
      </nav>
      {latest.isPending || recent.isPending ? (
        <p role="status">{dashboardTexts.loading}</p>
      ) : (
        <div className={styles.charts}>
          <ScorePie
            title={latest.data ? mathTexts.latestDay(dayText(latest.data.date)) : mathTexts.latestDayNone}
            correct={latest.data?.correctCounts ?? 0}
            wrong={latest.data?.wrongCounts ?? 0}
            empty={mathTexts.noDays}
          />
          <LineChart
            title={mathTexts.recentDays}
            labels={days.map((d) => d.date)}
            series={[
              { label: chartTexts.correct, values: days.map((d) => d.correctCounts), colour: colours.ok },
              { label: chartTexts.wrong, values: days.map((d) => d.wrongCounts), colour: colours.bad },
            ]}
            axes={{ x: chartTexts.day, y: chartTexts.answers, counts: true }}
            empty={mathTexts.noDays}
          />
        </div>
      )}
    </div>
  );
}
