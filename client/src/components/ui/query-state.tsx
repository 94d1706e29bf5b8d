// What a screen shows for one query: the loading placeholder, the error with Try again (spec §8
// wording), the empty state, or the data. Replaces the `isPending ? … : isError ? … : empty ?
// … : …` chain every list and page would otherwise write.
import type { ReactNode } from 'react';
import { dataMessage } from '@/lib/errors';
import { NotSavedState } from './not-saved-state';
import { EmptyState, ErrorState, LoadingState } from './states';

/** The part of a react-query result QueryState reads. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
  /** 'paused' while the query waits for the network to return (offline). */
  fetchStatus?: string;
}

const noRows = (data: unknown) => Array.isArray(data) && data.length === 0;

interface Fallbacks {
  /** While the first answer is awaited (default: the skeleton rows). */
  loading?: ReactNode;
  /** The error's title (default "Something went wrong") and message (default: the error's). */
  errorTitle?: string;
  errorMessage?: string;
}

/**
 * For a screen that returns early: the query's data once it has arrived, or what to show
 * instead (`const entry = loaded(query, { errorTitle }); if (!entry.ok) return entry.fallback;`).
 */
export function loaded<T>(
  query: QueryLike<T>,
  { loading = <LoadingState />, errorTitle, errorMessage }: Fallbacks = {},
): { ok: true; data: T } | { ok: false; fallback: ReactNode } {
  if (query.isPending) {
    // Offline with nothing saved: say so rather than load for ever.
    if (query.fetchStatus === 'paused') return { ok: false, fallback: <NotSavedState /> };
    return { ok: false, fallback: loading };
  }
  // A saved answer whose refresh failed (the server out of reach) is still worth showing.
  if (query.isError && query.data === undefined) {
    return {
      ok: false,
      fallback: (
        <ErrorState
          title={errorTitle}
          message={errorMessage ?? dataMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ),
    };
  }
  return { ok: true, data: query.data as T };
}

export type QueryStateProps<T> = Fallbacks & {
  query: QueryLike<T>;
  /** The empty state's title and body; without a title, no empty state. */
  empty?: string;
  emptyBody?: ReactNode;
  /** When the data counts as empty (default: an empty array). */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

export function QueryState<T>({
  query,
  empty,
  emptyBody,
  isEmpty = noRows,
  children,
  ...fallbacks
}: QueryStateProps<T>) {
  const state = loaded(query, fallbacks);
  if (!state.ok) return state.fallback;
  if (empty !== undefined && isEmpty(state.data)) {
    return <EmptyState title={empty}>{emptyBody}</EmptyState>;
  }
  return children(state.data);
}
