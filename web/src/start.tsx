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
  preloadRoute(window.location.pathname);
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
    else createRoot(root).render(app);
    if (first !== wanted) void showLanguage(wanted);
  };
  // English is in this chunk; Korean texts are their own chunk, loaded before the first render.
  showLanguage(first).then(render, render);
}
