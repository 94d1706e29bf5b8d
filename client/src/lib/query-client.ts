// The query cache (spec §9): stale time 5 minutes, one retry, no refetch on window focus.
// Failed mutations toast once here; queries show their own error states. The toast's wording
// (./errors) loads with the first failure: the home page's first paint does not carry it, and
// any page that can fail a mutation has loaded it already.
//
// Offline (issue 40): the cache starts from the browser's own word on the network (a page
// loaded offline does not try the server and fail), so reads wait for the network with what
// was saved on the device (lib/offline) on screen; writes are not queued out of sight but
// refused at once, with a plain sentence.
import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';

export function makeQueryClient() {
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0, networkMode: 'always' },
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
