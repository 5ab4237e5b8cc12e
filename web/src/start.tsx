import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { isLanguage } from '../../common/i18n/translation.ts';
import { AppShell } from './AppShell.tsx';
import { detectLanguage, showLanguage } from './i18n/language.ts';
import { PRERENDERED_ATTRIBUTE } from './prerendered.ts';
import { preloadRoute } from './routes.tsx';
import './styles.css';

/** Started by main.tsx once index.html's first screen has painted. */
export function start(root: HTMLElement): void {
  // The chunks of the address opened start downloading now, in parallel, before React first renders.
  const routeReady = preloadRoute(window.location.pathname);
  const prerendered = root.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname;
  // The language this browser asks for (its choice in the header, else its own languages). A page the
  // server rendered is taken over in the language the server rendered it in (<html lang>), the same
  // choice unless the browser's languages and its Accept-Language disagree; then it switches after.
  const wanted = detectLanguage();
  const served = document.documentElement.lang;
  const first = prerendered && isLanguage(served) ? served : wanted;
  const app = <AppShell router={BrowserRouter} />;
  const render = () => {
    // A page the server rendered to HTML (prerender.tsx) is already on screen: React takes it over
    // (hydration) instead of drawing it again.
    if (prerendered) hydrateRoot(root, app);
    else {
      // As a transition: React renders the whole page in slices, letting the browser in between,
      // instead of one long task (a phone's main thread stays responsive; Lighthouse's TBT).
      const reactRoot = createRoot(root);
      startTransition(() => reactRoot.render(app));
    }
    if (first !== wanted) void showLanguage(wanted);
  };
  // English is in this chunk; Korean texts are their own chunk, loaded before the first render.
  const language = showLanguage(first).catch(() => {});
  // A page drawn by the app draws first once its chunks (index.html preloads them: they are usually
  // there or nearly) have arrived, whole, instead of showing the loading frame and replacing it a
  // moment later: React holds content that replaces a fallback just shown for 300 ms, so the page's
  // data, often there already (api/early.ts), would wait that long to be shown. On a slow network the
  // loading frame shows after READY_WAIT_MS as before (and the page takes its data when it comes).
  // The page's first data, asked for by the entry (api/early.ts), is waited for too: the query cache
  // holds it by then (queryClient.ts), so the first render shows the page with it.
  const reads = [...(globalThis.tutorfolioEarly?.values() ?? [])].map((early) => early.read);
  const ready = prerendered
    ? language
    : Promise.all([language, Promise.race([Promise.all([routeReady, ...reads]), delay(READY_WAIT_MS)])]);
  ready.then(render, render);
}

const READY_WAIT_MS = 1_000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
