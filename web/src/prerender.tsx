/*
 * The server's entry into the web app, built by `npm run build` into dist/web-prerender/prerender.js (a
 * bundle with React inside, so the server needs nothing of web/ at run time). server/http/web.ts
 * calls it once when it starts, for each of PRERENDERED_PATHS, with the settings it writes into
 * index.html; the markup goes into that page's index.html.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language } from '../../common/i18n/translation.ts';
import { AppShell } from './AppShell.tsx';
import { showLanguage } from './i18n/language.ts';
import type { PageSettings } from './pageSettings.ts';
import { owner } from './pages/portfolio/content/owner.ts';

export { LANGUAGES } from '../../common/i18n/translation.ts';
export { PRERENDERED_ATTRIBUTE, PRERENDERED_PATHS } from './prerendered.ts';

/**
 * The HTML of the app at `path` in `language`, once every lazily loaded page of it has loaded. The
 * server renders each page once per language, one after the other (the language is the app's).
 */
export async function renderPage(
  path: string,
  settings: PageSettings,
  language: Language = 'en',
): Promise<string> {
  await showLanguage(language);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerender(<AppShell router={Router} settings={settings} />);
  return await new Response(prelude).text();
}

/**
 * The browser tab's title and the search engines' description for a prerendered page whose own differ
 * from index.html's ("Tutorfolio"); the page sets the same title when it runs.
 */
export function pageHead(path: string): { title: string; description: string } | null {
  if (path !== '/') return null;
  return {
    title: owner.siteTitle,
    description: `${owner.name}, ${owner.jobTitle.toLowerCase()}: career timeline, projects and contact.`,
  };
}
