import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppShell } from './AppShell.tsx';
import { PRERENDERED_ATTRIBUTE } from './prerendered.ts';
import { preloadRoute } from './routes.tsx';
import './styles.css';

/** Started by main.tsx once index.html's first screen has painted. */
export function start(root: HTMLElement): void {
  // The chunks of the address opened start downloading now, in parallel, before React first renders.
  preloadRoute(window.location.pathname);
  const app = <AppShell router={BrowserRouter} />;
  // A page the server rendered to HTML (prerender.tsx) is already on screen: React takes it over
  // (hydration) instead of drawing it again.
  if (root.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
