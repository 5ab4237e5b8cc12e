import { portfolioTexts } from '../../../../common/portfolioTexts.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import styles from './nav.module.css';

const LINKS = [
  { to: '/', label: portfolioTexts.pages.home },
  { to: '/stopwatch', label: portfolioTexts.pages.stopwatch },
  { to: '/wall', label: portfolioTexts.pages.wall },
  { to: '/spinner', label: portfolioTexts.pages.spinner },
  { to: '/sandbox', label: portfolioTexts.pages.sandbox },
  { to: '/prev', label: portfolioTexts.pages.previous },
  { to: '/login', label: portfolioTexts.pages.signIn },
] as const;

/** The links between the owner's public pages, at the foot of each. */
export function PortfolioNav({ current }: { current: string }) {
  return (
    <nav className={styles.nav} aria-label={portfolioTexts.morePages}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <PreloadLink to={link.to} aria-current={link.to === current ? 'page' : undefined}>
              {link.label}
            </PreloadLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
