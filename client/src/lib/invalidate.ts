// The refresh after a write: what each feature's api wrote out as its own `useInvalidate`.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A function that refreshes the queries under these keys (a mutation's `onSuccess`). */
export function useInvalidate(...keys: QueryKey[]) {
  const client = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
