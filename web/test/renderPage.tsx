import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../src/api/queryClient.ts';
import { ConfirmProvider } from '../src/ui/ConfirmDialog.tsx';
import { ToastProvider } from '../src/ui/Toast.tsx';

/**
 * Renders a page as the app does (router, query cache, alerts, confirm dialog) at an address, for
 * component tests of whole pages. `path` is the route pattern (`/tutoring/:name`), `at` the address.
 */
export function renderPage(page: ReactElement, { path, at }: { path: string; at: string }) {
  const client = createQueryClient();
  return render(
    <MemoryRouter initialEntries={[at]}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ConfirmProvider>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
            </Routes>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** A fetch stand-in answering JSON by path (`GET student` → `[]`); unknown paths answer 404. */
export function jsonFetch(routes: Record<string, unknown | ((init?: RequestInit) => unknown)>) {
  return async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api\/v1\//, '').split('?')[0]!;
    const key = `${init?.method ?? 'GET'} ${path}`;
    const answer = routes[key] ?? routes[path];
    if (answer === undefined)
      return Response.json({ status: 404, message: 'No such API route.' }, { status: 404 });
    const body = typeof answer === 'function' ? (answer as (i?: RequestInit) => unknown)(init) : answer;
    return body instanceof Response ? body : Response.json(body);
  };
}
