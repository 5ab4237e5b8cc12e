import { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './session.ts';

/**
 * A cache with the app's defaults: a failed read shows its failure at once, never retried. The app
 * has one (below); each component test makes its own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000, retry: false } },
  });
}

/** The one cache of server data, shared by every signed-in page; dropped when the user changes. */
export const queryClient = createQueryClient();

onSessionChange(() => queryClient.clear());

// The page's first data, asked for by the entry (early.ts), goes into the cache under the page's own
// query keys once read, so the page's first render (start.tsx waits for it) shows it: no loading
// render, no second render when it comes. Only while the browser is still at the address it was asked
// at, and only an answer the client has not taken itself meanwhile (client.ts takeEarly).
const early = globalThis.tutorfolioEarly;
for (const [url, entry] of early ?? [])
  void entry.read.then(() => {
    if (entry.data && early?.get(url) === entry && entry.at === location.pathname + location.search) {
      early.delete(url);
      queryClient.setQueryData(entry.key, entry.data);
    }
  });
