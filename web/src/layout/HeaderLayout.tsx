import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { AuthCheckResponse } from '../../../common/contracts/users.ts';
import type { Language } from '../../../common/i18n/translation.ts';
import { layout } from '../../../common/limits.ts';
import { useAuthCheck } from '../api/authCheck.ts';
import { childrenApi } from '../api/children.ts';
import { markingApi, markingKeys } from '../api/marking.ts';
import { useReviewCounts } from '../api/review.ts';
import { userKeys, usersApi } from '../api/users.ts';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';
import { rememberLanguage, showLanguage } from '../i18n/language.ts';
import { currentLanguage, useTexts } from '../i18n/texts.ts';
import { PreloadLink as Link } from '../routing/PreloadLink.tsx';
import { AppProviders } from './AppProviders.tsx';
import styles from './HeaderLayout.module.css';
import { useApiFailure } from './useApiFailure.ts';

/** Paths whose second segment names the student the page is about (the Dashboard button goes there). */
const STUDENT_PAGES = new Set(['tutoring', 'submission', 'review', 'marking', 'stats', 'review-schedule']);

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

/**
 * False until the browser has painted the header's first frame. The header's own extras (the marking
 * and review counts, a parent's children) are asked for from then on: asked in the first render's
 * commit, they were on the way while the page painted (docs/performance.md, "Lighthouse").
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame's callback runs before it is painted; a task queued from it runs after.
    const frame = requestAnimationFrame(() => setTimeout(setPainted, 0, true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
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
  const { headerTexts } = useTexts('messages');
  const location = useLocation();
  const onFailure = useApiFailure();
  const hidden = useHeaderHidden();
  const auth = useAuthCheck();
  const isTeacher = auth.data?.roles.includes('ROLE_TEACHER') ?? false;
  const painted = usePainted();
  // The answers waiting for a mark, asked again on every navigation like the session.
  const toMark = useQuery({
    queryKey: markingKeys.count,
    queryFn: markingApi.count,
    enabled: isTeacher && painted,
  });

  // Every navigation re-checks the session, so an ended session is noticed at once
  // (not on the first render: the query has just been sent).
  const address = `${location.pathname}${location.search}`;
  const checkedAt = useRef(address);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on each location change
  useEffect(() => {
    if (checkedAt.current === address) return;
    checkedAt.current = address;
    setMenuOpen(false);
    void auth.refetch();
    if (isTeacher) void toMark.refetch();
  }, [address]);

  useEffect(() => {
    if (auth.error) onFailure(auth.error);
  }, [auth.error, onFailure]);

  // The language saved with the account wins over this browser's: shown, and remembered
  // here too, so the next visit's pages come in it from the server.
  const savedLanguage = auth.data?.language ?? null;
  useEffect(() => {
    if (!savedLanguage || savedLanguage === currentLanguage()) return;
    rememberLanguage(savedLanguage);
    void showLanguage(savedLanguage);
  }, [savedLanguage]);
  const queryClient = useQueryClient();
  const saveLanguage = (language: Language) => {
    queryClient.setQueryData<AuthCheckResponse>(userKeys.auth, (data) => data && { ...data, language });
    usersApi.saveLanguage(language).catch(onFailure);
  };

  const [first, second] = location.pathname.split('/').filter(Boolean);
  const pageStudent = first && STUDENT_PAGES.has(first) && second ? decodeURIComponent(second) : null;
  const username = auth.data?.username;
  const roles = auth.data?.roles ?? [];
  const here = location.pathname.replace(/\/+$/, '');
  const dashboardName = pageStudent ?? username;
  // A parent (who is not a student) gets a link to each child.
  const isParent = roles.includes('ROLE_PARENT') && !roles.includes('ROLE_STUDENT');
  // A student's questions due for review today: asked once a minute at most (not on every
  // navigation), and again after a redo (the Review page invalidates `['review', name]`).
  const isStudent = roles.includes('ROLE_STUDENT');
  const reviewDue = useReviewCounts(username ?? '', {
    enabled: isStudent && !!username && painted,
    staleTime: 60_000,
  });
  const due = reviewDue.data?.due ?? 0;
  const children = useQuery({
    queryKey: childrenApi.key(username ?? ''),
    queryFn: () => childrenApi.list(username ?? ''),
    enabled: isParent && !!username && painted,
  });

  const links: { to: string; label: string; name?: string | undefined; badge?: number }[] = [];
  if (dashboardName && first !== 'user')
    links.push({ to: `/user/${encodeURIComponent(dashboardName)}`, label: headerTexts.dashboard });
  // A student's own pages, so a signed-in student always has a way to their own work.
  if (username && roles.includes('ROLE_STUDENT')) {
    const own = encodeURIComponent(username);
    links.push(
      { to: `/tutoring/${own}`, label: headerTexts.questions },
      {
        to: `/review/${own}`,
        label: headerTexts.review,
        name: due > 0 ? headerTexts.reviewDue(due) : undefined,
        badge: due,
      },
      { to: `/submission/${own}`, label: headerTexts.submissions },
    );
  }
  for (const child of isParent ? (children.data ?? []) : [])
    links.push({ to: `/user/${encodeURIComponent(child.name)}`, label: child.name });
  const count = toMark.data?.count ?? 0;
  if (roles.includes('ROLE_TEACHER')) {
    links.push(
      { to: '/questions', label: headerTexts.archive },
      { to: '/teacher', label: headerTexts.teacher },
      {
        to: '/marking',
        label: headerTexts.marking,
        name: count > 0 ? headerTexts.markingDue(count) : undefined,
        badge: count,
      },
      { to: '/upload', label: headerTexts.upload },
    );
  }
  // The admin console: administrators only.
  if (roles.includes('ROLE_ADMIN')) links.push({ to: '/91b-admin', label: headerTexts.admin });
  // Each address once (a parent's Dashboard button may name the child the page is about), and never
  // the page itself (each link is hidden on its own page).
  const shown = links.filter(
    (link, i) => link.to !== here && links.findIndex((other) => other.to === link.to) === i,
  );
  // The folded menu's badge: what its links' badges add up to (answers to mark, questions due).
  const menuBadge = links.reduce((sum, link) => sum + (link.badge ?? 0), 0);

  return (
    <div className={styles.page}>
      <header className={`${styles.header} ${hidden ? styles.hidden : ''}`}>
        <nav
          className={styles.nav}
          aria-label={headerTexts.nav}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !menuOpen) return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        >
          <Link className={styles.brand} to={username ? `/user/${encodeURIComponent(username)}` : '/'}>
            <span className={styles.brandLong}>Tutorfolio</span>
            <span className={styles.brandShort} aria-hidden="true">
              TF
            </span>
          </Link>
          {/* On phones the links fold behind this button; on wider screens they are all in the bar. */}
          <button
            ref={menuButton}
            type="button"
            className={`${styles.button} ${styles.menuButton}`}
            aria-expanded={menuOpen}
            aria-controls="main-links"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {headerTexts.menu}
            {menuBadge > 0 && (
              <span className={styles.badge} aria-hidden="true">
                {menuBadge}
              </span>
            )}
          </button>
          <ul id="main-links" className={`${styles.links} ${menuOpen ? styles.open : ''}`}>
            {shown.map((link) => (
              <li key={link.to}>
                <Link className={styles.button} to={link.to} aria-label={link.name}>
                  {link.label}
                  {(link.badge ?? 0) > 0 && (
                    <span className={styles.badge} aria-hidden="true">
                      {link.badge}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
          <LanguageSwitch tone="dark" onChosen={saveLanguage} />
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
        </nav>
      </header>
      <main className={styles.content} id="main">
        <Outlet />
      </main>
    </div>
  );
}
