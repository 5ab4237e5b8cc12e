import { useTexts } from '../../i18n/texts.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import styles from './nav.module.css';

const LINKS = [
  { to: '/', page: 'home' },
  { to: '/stopwatch', page: 'stopwatch' },
  { to: '/wall', page: 'wall' },
  { to: '/spinner', page: 'spinner' },
  { to: '/sandbox', page: 'sandbox' },
  { to: '/prev', page: 'previous' },
  { to: '/login', page: 'signIn' },
] as const;

/** The links between the owner's public pages, at the foot of each. */
export function PortfolioNav({ current }: { current: string }) {
  const { portfolioTexts } = useTexts('portfolio');
  return (
    <nav className={styles.nav} aria-label={portfolioTexts.morePages}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <PreloadLink to={link.to} aria-current={link.to === current ? 'page' : undefined}>
              {portfolioTexts.pages[link.page]}
            </PreloadLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
