import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { preloadRoute, routes } from './routes.tsx';
import { ToastProvider } from './ui/Toast.tsx';
import './styles.css';

// React Router's declarative mode (BrowserRouter + useRoutes) instead of its data router: the pages
// load their data themselves (TanStack Query), so the data router's loaders would be unused weight
// on every first load (docs/performance.md).
function App() {
  return useRoutes(routes);
}

/** Started by main.tsx once index.html's first screen has painted. */
export function start(root: HTMLElement): void {
  // The chunks of the address opened start downloading now, in parallel, before React first renders.
  preloadRoute(window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>,
  );
}
