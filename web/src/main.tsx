import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './routes.tsx';
import { AlertProvider } from './ui/alerts.tsx';
import { ConfirmProvider } from './ui/ConfirmDialog.tsx';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000 } },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <ConfirmProvider>
          <RouterProvider router={createRouter()} />
        </ConfirmProvider>
      </AlertProvider>
    </QueryClientProvider>
  </StrictMode>,
);
