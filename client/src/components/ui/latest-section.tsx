// A home page section of a feature's latest items: the title with a link to all of them, then
// the query's states (one placeholder row of the cards' height) or the cards. The query is
// deferred, so the cards render in short background slices when the data arrives.
import { useDeferredValue, type ReactNode } from 'react';
import { ButtonLink } from './button';
import { QuerySection } from './query-section';
import type { QueryLike } from './query-state';
import { LoadingState } from './states';

export function LatestSection<T>({
  more,
  query,
  height,
  ...section
}: {
  /** The heading's id (e2e tests and skip links name it). */
  id: string;
  title: string;
  /** The link beside the title: where all of them are, and its label. */
  more: { to: string; label: string };
  query: QueryLike<T>;
  /** The placeholder's height, the cards' (`h-[330px]`). */
  height: string;
  empty: string;
  emptyBody?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const deferred = useDeferredValue(query);
  return (
    <QuerySection
      {...section}
      query={deferred}
      action={
        <ButtonLink to={more.to} variant="ghost">
          {more.label}
        </ButtonLink>
      }
      loading={<LoadingState rows={1} height={height} />}
    />
  );
}
