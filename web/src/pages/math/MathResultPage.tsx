import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { mathLimits } from '../../../../common/limits.ts';
import { useAuthCheck } from '../../api/authCheck.ts';
import { mathApi, mathKeys, playsAs, useMathDays } from '../../api/math.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { usePageParams } from '../../layout/usePageParams.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ScorePie } from '../../ui/charts/charts.tsx';
import styles from './Math.module.css';

/**
 * /math/result/{name}: a card per day with a pie of that day's correct and wrong answers,
 * newest first, six days a page with the shared page-size dropdown and pager, and a pie of every day
 * together. The charts come with this page's chunk (the `charts` group), never with others'.
 */
export function MathResultPage() {
  const { mathTexts } = useTexts('math');
  const { failureTexts } = useTexts('messages');
  const { name = '' } = useParams();
  const { page, size, setPage, setSize } = usePageParams([], { defaultSize: mathLimits.resultPageSize });
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots, forbiddenTo: ownHomePage });
  const me = useAuthCheck();
  const days = useMathDays(name, page, size);
  const totals = useQuery({
    queryKey: mathKeys.totals(name),
    queryFn: () => mathApi.totals(name),
  });
  useEffect(() => {
    const error = days.error ?? totals.error;
    if (error) onFailure(error);
  }, [days.error, totals.error, onFailure]);

  const content = days.data?.content ?? [];
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{mathTexts.resultsTitle(name)}</h1>
      <nav className={styles.links} aria-label={mathTexts.title}>
        {playsAs(me.data, name) && (
          <PreloadLink className={buttonClass({ variant: 'primary' })} to="/math/start" state={{ name }}>
            {mathTexts.start}
          </PreloadLink>
        )}
        <PreloadLink className={buttonClass()} to={`/user/${encodeURIComponent(name)}`}>
          {mathTexts.dashboard}
        </PreloadLink>
      </nav>
      {!days.data || !totals.data ? (
        <p role="status">{days.error || totals.error ? failureTexts.serverIssueDots : mathTexts.loading}</p>
      ) : (
        <>
          <Card as="section" aria-label={mathTexts.allDays} className={styles.overall}>
            <ScorePie
              title={mathTexts.allDays}
              correct={totals.data.correct}
              wrong={totals.data.wrong}
              empty={mathTexts.noResults}
            />
            <p className={styles.dayTotal}>{mathTexts.dayTotal(totals.data.correct, totals.data.wrong)}</p>
          </Card>
          <PageSizeSelect
            size={size}
            onSize={setSize}
            label={mathTexts.daysPerPage}
            extraSizes={[mathLimits.resultPageSize]}
          />
          {content.length === 0 ? (
            <p>{mathTexts.noResults}</p>
          ) : (
            <ul className={styles.days}>
              {content.map((day) => (
                <Card as="li" key={day.date} aria-label={day.date} className={styles.day}>
                  <ScorePie title={day.date} correct={day.correctCounts} wrong={day.wrongCounts} />
                  <p className={styles.dayTotal}>{mathTexts.dayTotal(day.correctCounts, day.wrongCounts)}</p>
                </Card>
              ))}
            </ul>
          )}
          <PageFooter page={page} totalPages={days.data.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
