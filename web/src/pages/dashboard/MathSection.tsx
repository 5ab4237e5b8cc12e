import { useParams } from 'react-router';
import { dashboardTexts } from '../../../../common/insightTexts.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import styles from './UserPage.module.css';

/**
 * The dashboard's 'Simple Math Question' section (spec 1 §2): Start (the game takes the student's
 * name in navigation state, spec 2 §2) and Result. Its own chunk, loaded on first open, so the
 * drill's chart can join it without weighing on the dashboard's first load.
 */
export function MathSection() {
  const { name = '' } = useParams();
  return (
    <div className={styles.section}>
      <nav className={styles.links} aria-label={dashboardTexts.math}>
        <PreloadLink to="/math/start" state={{ name }}>
          {dashboardTexts.start}
        </PreloadLink>
        <PreloadLink to={`/math/result/${encodeURIComponent(name)}`}>{dashboardTexts.result}</PreloadLink>
      </nav>
    </div>
  );
}
