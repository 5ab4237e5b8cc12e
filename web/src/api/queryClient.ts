import { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './session.ts';

/** The one cache of server data, shared by every signed-in page; dropped when the user changes. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000 } },
});

onSessionChange(() => queryClient.clear());
