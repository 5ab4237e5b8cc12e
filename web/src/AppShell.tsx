import { type ReactNode, StrictMode } from 'react';
import { useRoutes } from 'react-router';
import { type PageSettings, PageSettingsContext } from './pageSettings.ts';
import { routes } from './routes.tsx';
import { ToastProvider } from './ui/Toast.tsx';

// React Router's declarative mode (BrowserRouter + useRoutes) instead of its data router: the pages
// load their data themselves (TanStack Query), so the data router's loaders would be unused weight
// on every first load (docs/performance.md).
function AppRoutes() {
  return useRoutes(routes);
}

/** The whole app inside a router: the same tree for the browser (start.tsx) and the server's render. */
export function AppShell({
  router: Router,
  settings = null,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  settings?: PageSettings | null;
}) {
  return (
    <StrictMode>
      <PageSettingsContext.Provider value={settings}>
        <ToastProvider>
          <Router>
            <AppRoutes />
          </Router>
        </ToastProvider>
      </PageSettingsContext.Provider>
    </StrictMode>
  );
}
