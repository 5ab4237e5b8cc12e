import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { layout } from '../../../common/limits.ts';
import { headerTexts } from '../../../common/messages.ts';
import { userKeys, usersApi } from '../api/users.ts';
import { PreloadLink as Link } from '../routing/PreloadLink.tsx';
import { AppProviders } from './AppProviders.tsx';
import styles from './HeaderLayout.module.css';
import { useApiFailure } from './useApiFailure.ts';

/** Paths whose second segment names the student the page is about (the Dashboard button goes there). */
const STUDENT_PAGES = new Set(['tutoring', 'submission', 'review', 'marking', 'stats']);

/** The header hides while the user scrolls down past 50 px and comes back as soon as they scroll up. */
function useHeaderHidden(): boolean {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      if (y > lastY.current && y > layout.headerHideThresholdPx) setHidden(true);
      else if (y < lastY.current) setHidden(false);
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}

export function HeaderLayout() {
  return (
    <AppProviders>
      <Header />
    </AppProviders>
  );
}

/**
 * The header and the content area under it. The page's frame shows at once; the session check runs
 * beside the page's own calls instead of before them (the links that depend on the role appear when
 * it answers), and a page that needs to know who is signed in asks the same cached query.
 */
function Header() {
  const location = useLocation();
  const onFailure = useApiFailure();
  const hidden = useHeaderHidden();
  const auth = useQuery({ queryKey: userKeys.auth, queryFn: usersApi.authCheck, retry: false });

  // Like the original, every navigation re-checks the session, so an ended session is noticed at once
  // (not on the first render: the query has just been sent).
  const address = `${location.pathname}${location.search}`;
  const checkedAt = useRef(address);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on each location change
  useEffect(() => {
    if (checkedAt.current === address) return;
    checkedAt.current = address;
    void auth.refetch();
  }, [address]);

  useEffect(() => {
    if (auth.error) onFailure(auth.error);
  }, [auth.error, onFailure]);

  const [first, second] = location.pathname.split('/').filter(Boolean);
  const pageStudent = first && STUDENT_PAGES.has(first) && second ? decodeURIComponent(second) : null;
  const username = auth.data?.username;
  const isTeacher = auth.data?.roles.includes('ROLE_TEACHER') ?? false;
  const here = location.pathname.replace(/\/+$/, '');
  const dashboardName = pageStudent ?? username;

  return (
    <div className={styles.page}>
      <header className={`${styles.header} ${hidden ? styles.hidden : ''}`}>
        <nav className={styles.nav} aria-label="Main">
          <Link className={styles.brand} to={username ? `/user/${encodeURIComponent(username)}` : '/'}>
            <span className={styles.brandLong}>Tutorfolio</span>
            <span className={styles.brandShort} aria-hidden="true">
              TF
            </span>
          </Link>
          <ul className={styles.links}>
            {dashboardName && first !== 'user' && (
              <li>
                <Link className={styles.button} to={`/user/${encodeURIComponent(dashboardName)}`}>
                  {headerTexts.dashboard}
                </Link>
              </li>
            )}
            {isTeacher && here !== '/questions' && (
              <li>
                <Link className={styles.button} to="/questions">
                  {headerTexts.archive}
                </Link>
              </li>
            )}
            {isTeacher && here !== '/teacher' && (
              <li>
                <Link className={styles.button} to="/teacher">
                  {headerTexts.teacher}
                </Link>
              </li>
            )}
            {isTeacher && here !== '/upload' && (
              <li>
                <Link className={styles.button} to="/upload">
                  {headerTexts.upload}
                </Link>
              </li>
            )}
            <li>
              <Link
                className={styles.logout}
                to="/logout"
                aria-label={headerTexts.logout}
                title={headerTexts.logout}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path
                    d="M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5M15 16l4-4-4-4M19 12H9"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <main className={styles.content} id="main">
        <Outlet />
      </main>
    </div>
  );
}
