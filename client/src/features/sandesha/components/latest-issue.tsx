import { LatestSection } from '@/components/ui/latest-section';
import { useIssues } from '../api/sandesha';
import { text } from '../text';
import { IssueCard } from './issue-card';
import { CardGrid } from '@/components/ui/card-grid';

export function LatestIssues({ limit = 2 }: { limit?: number }) {
  return (
    <LatestSection
      id="latest-sandesha"
      title={text.latest}
      more={{ to: '/havyaka-sandesha', label: text.archive }}
      query={useIssues({ limit })}
      height="h-[180px]"
      empty={text.empty}
    >
      {(data) => (
        <CardGrid items={data} className="grid gap-4 sm:grid-cols-2">
          {(i) => <IssueCard issue={i} />}
        </CardGrid>
      )}
    </LatestSection>
  );
}
