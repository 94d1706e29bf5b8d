import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { Toaster } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { appRouter } from './router';

/** The app, on the query cache main.tsx made (it may have started the home page's first query). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ConfirmProvider>
          <RouterProvider router={appRouter()} />
        </ConfirmProvider>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
