import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { profileApi, profileKeys, useDayCounts, useLatestDay } from '../../api/profile.ts';
import { useReviewCounts } from '../../api/review.ts';
import { useDayText } from '../../i18n/format.ts';
import { useTexts } from '../../i18n/texts.ts';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { Calendar } from '../../ui/Calendar.tsx';
import { Card } from '../../ui/Card.tsx';
import { RadarChart, ScorePie } from '../../ui/charts/charts.tsx';
import styles from './StatsPage.module.css';

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(2)}%` : '—');

/**
 * /stats/{name}: how one learner is doing, for teachers, admins and a linked parent.
 * The four calls of the stats bundle run at once; a 401 goes to sign-in remembering this
 * address, a 403 away with 'Access Denied!'.
 */
export function StatsPage() {
  const { weekTexts } = useTexts('week');
  const { statsTexts } = useTexts('insight');
  const { reviewTexts } = useTexts('review');
  const { failureTexts, appLoadTexts } = useTexts('messages');
  const dayText = useDayText();
  const { name = '' } = useParams();
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots, forbiddenTo: ownHomePage });
  const latest = useLatestDay(name);
  const days = useDayCounts(name);
  const topics = useQuery({
    queryKey: profileKeys.topTopics(name),
    queryFn: () => profileApi.topTopics(name),
  });
  const assignment = useQuery({
    queryKey: profileKeys.latestAssignment(name),
    queryFn: () => profileApi.latestAssignment(name),
  });
  // Spaced review: how many are due and how many stuck. Extra to the bundle's four calls: a
  // failure here only leaves its card out.
  const review = useReviewCounts(name);
  const error = latest.error ?? days.error ?? topics.error ?? assignment.error;
  useEffect(() => {
    if (error) onFailure(error);
  }, [error, onFailure]);

  const ready = latest.isSuccess && days.isSuccess && topics.isSuccess && assignment.isSuccess;
  const recent = latest.data;
  const total = (days.data ?? []).reduce(
    (sum, day) => ({
      correct: sum.correct + day.correctCounts,
      wrong: sum.wrong + day.wrongCounts,
      unmarked: sum.unmarked + day.unmarkedCounts,
    }),
    { correct: 0, wrong: 0, unmarked: 0 },
  );
  const recentAttempts = recent ? recent.correctCounts + recent.wrongCounts + recent.unmarkedCounts : 0;
  const attempts = total.correct + total.wrong + total.unmarked;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{capitalised(name)}</h1>
      <PreloadLink className={styles.weekLink} to={`/week/${encodeURIComponent(name)}`}>
        {weekTexts.weekOf(name)}
      </PreloadLink>
      {!ready ? (
        <p role="status">{error ? failureTexts.serverIssueDots : appLoadTexts.loading}</p>
      ) : (
        <>
          <dl className={styles.dates}>
            <div>
              <dt>{statsTexts.mostRecent}</dt>
              <dd>{recent ? dayText(recent.date) : statsTexts.noSubmission}</dd>
            </div>
            <div>
              <dt>{statsTexts.lastAssignment}</dt>
              <dd>{assignment.data ? dayText(assignment.data) : statsTexts.allDone}</dd>
            </div>
          </dl>
          <Card
            as="section"
            title={statsTexts.performance}
            aria-label={statsTexts.performance}
            className={styles.section}
          >
            <div className={styles.pies}>
              <ScorePie
                title={statsTexts.recentPie}
                correct={recent?.correctCounts ?? 0}
                wrong={recent?.wrongCounts ?? 0}
                empty={statsTexts.noSubmission}
              />
              <ScorePie
                title={statsTexts.cumulativePie}
                correct={total.correct}
                wrong={total.wrong}
                empty={statsTexts.noSubmission}
              />
            </div>
            <ul className={styles.figures}>
              <li>
                {statsTexts.questionsSolved}: <strong>{attempts}</strong>
              </li>
              <li>
                {statsTexts.recentScore}:{' '}
                <strong>
                  {recent?.correctCounts ?? 0} / {recentAttempts}
                </strong>
              </li>
              <li>
                {statsTexts.cumulativeScore}:{' '}
                <strong>
                  {total.correct} / {attempts}
                </strong>
              </li>
              <li>
                {statsTexts.accuracy}: <strong>{percent(total.correct, total.correct + total.wrong)}</strong>
              </li>
            </ul>
          </Card>
          <Card
            as="section"
            title={statsTexts.topicMastery}
            aria-label={statsTexts.topicMastery}
            className={styles.section}
          >
            <RadarChart
              title={statsTexts.topicMasteryChart}
              seriesLabel={statsTexts.correctShare}
              axes={topics.data!.content.map((t) => ({
                label: t.topic,
                value: t.totalCount > 0 ? (100 * t.correctCount) / t.totalCount : 0,
              }))}
              empty={statsTexts.noTopics}
            />
          </Card>
          {review.data && (
            <Card
              as="section"
              title={reviewTexts.statsTitle}
              aria-label={reviewTexts.statsTitle}
              className={styles.section}
            >
              <dl className={styles.dates}>
                <div>
                  <dt>{reviewTexts.statsDue}</dt>
                  <dd>{review.data.due}</dd>
                </div>
                <div>
                  <dt>{reviewTexts.statsStuck}</dt>
                  <dd>{review.data.stuck}</dd>
                </div>
                <div>
                  <dt>{reviewTexts.statsLater}</dt>
                  <dd>{review.data.later}</dd>
                </div>
                <div>
                  <dt>{reviewTexts.statsRetired}</dt>
                  <dd>{review.data.retired}</dd>
                </div>
              </dl>
              <p>
                <PreloadLink to={`/review-schedule/${encodeURIComponent(name)}`}>
                  {reviewTexts.scheduleLinkOf(name)}
                </PreloadLink>
              </p>
            </Card>
          )}
          <Card
            as="section"
            title={statsTexts.calendar}
            aria-label={statsTexts.calendar}
            className={styles.section}
          >
            <p className={styles.hint}>{statsTexts.calendarHint}</p>
            <Calendar mode="student" student={name} />
          </Card>
        </>
      )}
    </div>
  );
}
