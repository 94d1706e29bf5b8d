import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { Toaster } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { makeQueryClient } from '@/lib/query-client';
import { router } from './router';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
