import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../api/queryClient.ts';
import { ConfirmProvider } from '../ui/ConfirmDialog.tsx';

/**
 * What the signed-in pages share and the sign-in pages do not need (TanStack Query, the confirm
 * dialog), so it loads with the first of those pages instead of with the entry.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
    </QueryClientProvider>
  );
}
