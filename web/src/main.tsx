/*
 * The entry: index.html's first screen ("Tutorfolio is loading…", styled inline, or a prerendered
 * page's own markup) paints as soon as the page has arrived; the app (React and all, downloading
 * meanwhile: index.html preloads it) starts only once that paint is on screen, so a slow phone shows
 * something instead of a blank page while it loads and runs, and the page's largest paint is its
 * HTML's, never held back by the app's work.
 */
import { earlyRequestsFor, fetchEarly } from './api/early.ts';

// The page's first data is asked for now, while the app downloads and starts (api/early.ts).
const early = earlyRequestsFor(location.pathname, location.search);
for (const request of early) fetchEarly(request);
// The browser's first date formatter loads its locale data: tens of milliseconds on a phone, which
// would otherwise fall in the page's first render with data (the cards' due dates) and hold its
// largest paint back. Made as soon as an early answer has cards to show, before that render (an empty
// page formats no date: not made at all, instead of a long task of its own). One answer per page has them.
for (const answer of globalThis.tutorfolioEarly?.values() ?? [])
  void answer.read.then(() => {
    if (!(answer.data as { content?: unknown[] } | undefined)?.content?.length) return;
    new Intl.DateTimeFormat(document.documentElement.lang === 'ko' ? 'ko-KR' : 'en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(0);
  });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

/**
 * A prerendered page's preload links, which the server holds until the page has painted
 * (`data-after-paint`, server/http/web.ts): made real now, so the app's chunks and its page's all
 * download at once.
 */
function preloadHeldFiles(): void {
  for (const held of document.querySelectorAll<HTMLLinkElement>('link[data-after-paint]')) {
    const link = held.cloneNode() as HTMLLinkElement;
    link.rel = held.dataset.afterPaint ?? 'preload';
    link.removeAttribute('data-after-paint');
    held.replaceWith(link);
  }
}

let started = false;
const startApp = () => {
  if (started) return;
  started = true;
  preloadHeldFiles();
  // Started in a task of its own: evaluating React, the router and the app (this import) and then the
  // page's chunks (which start() imports) were one long task of the main thread.
  void import('./start.tsx').then(({ start }) => setTimeout(start, 0, root));
};

if (document.visibilityState === 'hidden') {
  // A tab opened in the background paints nothing: start at once.
  startApp();
} else {
  // The browser reports the first contentful paint once it is on screen (the frame presented, which
  // on a busy phone can be well after the frame was drawn).
  try {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(startApp, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the fallback below starts the app.
  }
  // Without paint timing, or should the report not come: shortly after the next frame.
  requestAnimationFrame(() => setTimeout(startApp, 300));
}
