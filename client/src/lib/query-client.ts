// The query cache (spec §9): stale time 5 minutes, one retry, no refetch on window focus.
// Failed mutations toast once here; queries show their own error states.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { errorToast } from './errors';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        toast({ ...errorToast(error), variant: 'destructive' });
      },
    }),
  });
}
