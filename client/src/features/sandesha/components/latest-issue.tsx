import { useDeferredValue } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { TitledSection } from '@/components/ui/section';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { useIssues } from '../api/sandesha';
import { text } from '../text';
import { IssueCard } from './issue-card';

export function LatestIssues({ limit = 2 }: { limit?: number }) {
  // Deferred: the cards render in short background slices when the data arrives.
  const issues = useDeferredValue(useIssues({ limit }));
  return (
    <TitledSection
      id="latest-sandesha"
      title={text.latest}
      action={
        <ButtonLink to="/havyaka-sandesha" variant="ghost">
          {text.archive}
        </ButtonLink>
      }
    >
      <QueryState
        query={issues}
        loading={<LoadingState rows={1} height="h-[180px]" />}
        empty={text.empty}
      >
        {(data) => (
          <ul className="grid gap-4 sm:grid-cols-2">
            {data.map((i) => (
              <li key={i.id}>
                <IssueCard issue={i} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </TitledSection>
  );
}
