import type { ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { type LazyPage, lazyPage } from './routing/lazyPage.tsx';
import { FrameLoading, PageLoading, ScreenLoading } from './routing/loading.tsx';
import { setRoutePreloader } from './routing/preload.ts';
import { RouteBoundary } from './routing/RouteBoundary.tsx';

/*
 * The app's routes. Every page area is its own chunk, loaded when its route is first visited (or
 * earlier, when a link to it is hovered or focused): the entry holds only React, the router, this
 * table and the loading/failure screens. A new page follows the same pattern (docs/architecture.md,
 * "Splitting the web app"): declare it with lazyPage below, mount it with `content(...)` under the
 * header layout or `screen(...)` on its own, and check `npm run size`.
 */

// Sign-in pages: no header, no TanStack Query (their path is the app's first load for most visitors).
const login = lazyPage('login', () => import('./pages/auth/LoginPage.tsx').then((m) => m.LoginPage));
const signup = lazyPage('signup', () => import('./pages/auth/SignupPage.tsx').then((m) => m.SignupPage));
const logout = lazyPage('logout', () => import('./pages/auth/LogoutPage.tsx').then((m) => m.LogoutPage));
// The variant sign-in page ('Welcome Back'): the same module (and chunk) as /login.
const signin = lazyPage('signin', () => import('./pages/auth/LoginPage.tsx').then((m) => m.WelcomeBackPage));
// Password recovery (/forgot-password, /reset-password): one chunk for both, with its own words.
const recovery = lazyPage(
  'recovery',
  () => import('./pages/auth/RecoveryPage.tsx').then((m) => m.RecoveryPage),
  ['account'],
);
// Where a provider sign-in by someone new lands; few visitors need it, so its own chunk.
const oauthRegister = lazyPage('oauth-register', () =>
  import('./pages/auth/OAuthRegisterPage.tsx').then((m) => m.OAuthRegisterPage),
);

// The owner's public pages: each its own chunk; the landing page is prerendered.
const landing = lazyPage(
  'landing',
  () => import('./pages/portfolio/LandingPage.tsx').then((m) => m.LandingPage),
  ['portfolio'],
);
const previous = lazyPage(
  'previous',
  () => import('./pages/portfolio/previous/PreviousPage.tsx').then((m) => m.PreviousPage),
  ['portfolio'],
);
const stopwatch = lazyPage(
  'stopwatch',
  () => import('./pages/portfolio/stopwatch/StopwatchPage.tsx').then((m) => m.StopwatchPage),
  ['portfolio'],
);
const wall = lazyPage('wall', () => import('./pages/portfolio/wall/WallPage.tsx').then((m) => m.WallPage), [
  'portfolio',
]);
const spinner = lazyPage(
  'spinner',
  () => import('./pages/portfolio/spinner/SpinnerPage.tsx').then((m) => m.SpinnerPage),
  ['portfolio'],
);
// It draws sample charts: the charts chunk is its own.
const sandbox = lazyPage(
  'sandbox',
  () => import('./pages/portfolio/sandbox/SandboxPage.tsx').then((m) => m.SandboxPage),
  // insight: the charts' words.
  ['portfolio', 'insight'],
);

// The layout of the signed-in pages; it brings TanStack Query and the confirm dialog.
const headerLayout = lazyPage('header', () =>
  import('./layout/HeaderLayout.tsx').then((m) => m.HeaderLayout),
);

// Pages under the header.
const user = lazyPage('user', () => import('./pages/user/UserPage.tsx').then((m) => m.UserPage), [
  'insight',
  'math',
  'week',
]);
const tutoring = lazyPage(
  'tutoring',
  () => import('./pages/tutoring/TutoringPage.tsx').then((m) => m.TutoringPage),
  ['tutoring'],
);
const submission = lazyPage(
  'submission',
  () => import('./pages/submission/SubmissionPage.tsx').then((m) => m.SubmissionPage),
  // The calendar's words (insight) come with the calendar, when its panel opens (SubmissionPage).
  ['tutoring', 'submissions'],
);
const review = lazyPage('review', () => import('./pages/review/ReviewPage.tsx').then((m) => m.ReviewPage), [
  'review',
  'tutoring',
  'submissions',
]);
// Teacher tools: never part of a first load of another page.
const archive = lazyPage(
  'archive',
  () => import('./pages/questions/ArchivePage.tsx').then((m) => m.ArchivePage),
  ['authoring'],
);
const modify = lazyPage(
  'modify',
  () => import('./pages/questions/ModifyPage.tsx').then((m) => m.ModifyPage),
  ['authoring'],
);
const teacher = lazyPage(
  'teacher',
  () => import('./pages/teacher/TeacherPage.tsx').then((m) => m.TeacherPage),
  ['review', 'authoring', 'insight'],
);
// The upload previews show the student's question card and check result.
const upload = lazyPage('upload', () => import('./pages/upload/UploadPage.tsx').then((m) => m.UploadPage), [
  'authoring',
  'tutoring',
  'submissions',
]);
const bulkUpload = lazyPage(
  'bulk-upload',
  () => import('./pages/upload/BulkUploadPage.tsx').then((m) => m.BulkUploadPage),
  ['authoring', 'tutoring', 'submissions'],
);
// A learner's statistics (teachers, admins, a linked parent); it draws charts.
const stats = lazyPage('stats', () => import('./pages/stats/StatsPage.tsx').then((m) => m.StatsPage), [
  'insight',
  'week',
  'review',
]);
// The marking inbox and its one-student view share their module.
const markingInbox = lazyPage(
  'marking',
  () => import('./pages/marking/MarkingPage.tsx').then((m) => m.MarkingInboxPage),
  ['marking'],
);
const marking = lazyPage(
  'marking',
  () => import('./pages/marking/MarkingPage.tsx').then((m) => m.MarkingPage),
  ['marking'],
);

// The timed addition drill: the entry, the game and the results (which draw charts).
const math = lazyPage('math', () => import('./pages/math/MathPage.tsx').then((m) => m.MathPage), ['math']);
const mathGame = lazyPage(
  'math-start',
  () => import('./pages/math/MathGamePage.tsx').then((m) => m.MathGamePage),
  ['math'],
);
const mathResult = lazyPage(
  'math-result',
  () => import('./pages/math/MathResultPage.tsx').then((m) => m.MathResultPage),
  ['math', 'insight'],
);

// A child's week: parents, teachers; printed on A4.
const week = lazyPage('week', () => import('./pages/week/WeekPage.tsx').then((m) => m.WeekPage), ['week']);
// Spaced review: a student's review schedule, steered by the tutor.
const reviewSchedule = lazyPage(
  'review-schedule',
  () => import('./pages/review-schedule/ReviewSchedulePage.tsx').then((m) => m.ReviewSchedulePage),
  ['review'],
);

// The administrator console; nobody else downloads it.
const admin = lazyPage('admin', () => import('./pages/admin/AdminPage.tsx').then((m) => m.AdminPage), [
  'admin',
  'insight',
]);

type Handle = { page: LazyPage };

function mount(page: LazyPage, fallback: ReactNode): { element: ReactNode; handle: Handle } {
  const handle: Handle = { page };
  return {
    element: (
      <RouteBoundary fallback={fallback}>
        <page.Page />
      </RouteBoundary>
    ),
    handle,
  };
}
/** A page inside the header layout: while it loads, the header stays and the content area waits. */
const content = (page: LazyPage) => mount(page, <PageLoading />);
/** A screen of its own (no header). */
const screen = (page: LazyPage) => mount(page, <ScreenLoading />);

export const routes: RouteObject[] = [
  { path: '/', ...screen(landing) },
  { path: '/prev', ...screen(previous) },
  { path: '/stopwatch', ...screen(stopwatch) },
  { path: '/wall', ...screen(wall) },
  { path: '/spinner', ...screen(spinner) },
  { path: '/sandbox', ...screen(sandbox) },
  { path: '/login', ...screen(login) },
  { path: '/signup', ...screen(signup) },
  { path: '/logout', ...screen(logout) },
  // The variant sign-in page has its own address.
  { path: '/signin', ...screen(signin) },
  { path: '/oauth2/register', ...screen(oauthRegister) },
  { path: '/forgot-password', ...screen(recovery) },
  { path: '/reset-password', ...screen(recovery) },
  {
    ...mount(headerLayout, <FrameLoading />),
    children: [
      { path: '/user/:name', ...content(user) },
      { path: '/tutoring/:name', ...content(tutoring) },
      { path: '/submission/:name', ...content(submission) },
      { path: '/review/:name', ...content(review) },
      { path: '/questions', ...content(archive) },
      { path: '/questions/modify', ...content(modify) },
      { path: '/teacher', ...content(teacher) },
      { path: '/upload', ...content(upload) },
      { path: '/upload/multiples', ...content(bulkUpload) },
      { path: '/stats/:name', ...content(stats) },
      { path: '/week/:name', ...content(week) },
      { path: '/review-schedule/:name', ...content(reviewSchedule) },
      { path: '/math', ...content(math) },
      { path: '/math/start', ...content(mathGame) },
      { path: '/math/result/:name', ...content(mathResult) },
      // Marking has the header too, so the teacher always has a way back.
      { path: '/marking', ...content(markingInbox) },
      { path: '/marking/:name', ...content(marking) },
      { path: '/91b-admin', ...content(admin) },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * Starts downloading every chunk a path needs, all at once (a layout and its page would otherwise
 * load one after the other): at start-up for the address opened, and on hover or focus of a link.
 * Settles (never fails) once they and their texts are there (or failed to come).
 */
export function preloadRoute(path: string): Promise<void> {
  const pages = (matchRoutes(routes, path) ?? []).map((match) =>
    (match.route.handle as Handle | undefined)?.page.preload(),
  );
  return Promise.all(pages).then(() => {});
}

setRoutePreloader(preloadRoute);
