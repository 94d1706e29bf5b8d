// A home page section of a feature's latest items: the title with a link to all of them, then
// the query's states (one placeholder row of the cards' height) or the cards. The query is
// deferred, so the cards render in short background slices when the data arrives.
import { useDeferredValue, type ReactNode } from 'react';
import { ButtonLink } from './button';
import { QueryState, type QueryLike } from './query-state';
import { TitledSection } from './section';
import { LoadingState } from './states';

export function LatestSection<T>({
  id,
  title,
  more,
  query,
  height,
  empty,
  emptyBody,
  children,
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
    <TitledSection
      id={id}
      title={title}
      action={
        <ButtonLink to={more.to} variant="ghost">
          {more.label}
        </ButtonLink>
      }
    >
      <QueryState
        query={deferred}
        loading={<LoadingState rows={1} height={height} />}
        empty={empty}
        emptyBody={emptyBody}
      >
        {children}
      </QueryState>
    </TitledSection>
  );
}
