import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthCheck } from '../../api/authCheck.ts';
import { mathApi, mathKeys } from '../../api/math.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import styles from './Math.module.css';

/**
 * /math: the drill's entry: the signed-in
 * student's count for today, Start (the game, with the name in navigation state) and Results.
 */
export function MathPage() {
  const { mathTexts } = useTexts('math');
  const { failureTexts } = useTexts('messages');
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots });
  const me = useAuthCheck();
  const name = me.data?.username ?? '';
  const isStudent = me.data?.roles.includes('ROLE_STUDENT') ?? false;
  const today = useQuery({
    queryKey: mathKeys.today(name),
    queryFn: () => mathApi.dayCount(name),
    enabled: isStudent,
  });
  useEffect(() => {
    const error = me.error ?? today.error;
    if (error) onFailure(error);
  }, [me.error, today.error, onFailure]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{mathTexts.title}</h1>
      {me.data && !isStudent ? (
        <Card as="section" aria-label={mathTexts.title}>
          <p>{mathTexts.studentsOnly}</p>
          <PreloadLink to={`/user/${encodeURIComponent(name)}`}>{mathTexts.dashboard}</PreloadLink>
        </Card>
      ) : (
        <Card as="section" title={mathTexts.today} aria-label={mathTexts.today}>
          <p className={styles.todayCount} role="status">
            {today.data === undefined ? mathTexts.loading : mathTexts.todayCount(today.data)}
          </p>
          <p className={styles.hint}>{mathTexts.intro}</p>
          <nav className={styles.links} aria-label={mathTexts.title}>
            <PreloadLink
              className={buttonClass({ variant: 'primary', size: 'lg' })}
              to="/math/start"
              state={{ name }}
            >
              {mathTexts.start}
            </PreloadLink>
            <PreloadLink
              className={buttonClass({ size: 'lg' })}
              to={`/math/result/${encodeURIComponent(name)}`}
            >
              {mathTexts.results}
            </PreloadLink>
          </nav>
        </Card>
      )}
    </div>
  );
}
