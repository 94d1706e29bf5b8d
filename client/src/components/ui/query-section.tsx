// A page's titled section showing one query: the heading (with an optional action beside it),
// then the query's states (one placeholder row unless told, the error, the empty state) or
// its data. Sections of the home, About and gallery pages use it.
import type { ReactNode } from 'react';
import { QueryState, type QueryStateProps } from './query-state';
import { TitledSection } from './section';
import { LoadingState } from './states';

export function QuerySection<T>({
  id,
  title,
  action,
  className,
  loading = <LoadingState rows={1} />,
  ...state
}: QueryStateProps<T> & {
  /** The heading's id (e2e tests and skip links name it). */
  id: string;
  title: string;
  /** Shown at the end of the title's row (a "See all" link). */
  action?: ReactNode;
  className?: string;
}) {
  return (
    <TitledSection id={id} title={title} action={action} className={className}>
      <QueryState loading={loading} {...state} />
    </TitledSection>
  );
}
