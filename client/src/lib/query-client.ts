// The query cache (spec §9): stale time 5 minutes, one retry, no refetch on window focus.
// Failed mutations toast once here; queries show their own error states. The toast's wording
// (./errors) loads with the first failure: the home page's first paint does not carry it, and
// any page that can fail a mutation has loaded it already.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent) return;
        void import('./errors').then(({ errorToast }) =>
          toast({ ...errorToast(error), variant: 'destructive' }),
        );
      },
    }),
  });
}
