import { QueryState } from '@/components/ui/query-state';
import { Page, PageHeader } from '@/components/ui/states';
import { useIssues, type Issue } from '../api/sandesha';
import { IssueCard } from '../components/issue-card';
import { text } from '../text';
import { CardGrid } from '@/components/ui/card-grid';

export function Component() {
  const issues = useIssues();
  const byYear = new Map<number, Issue[]>();
  for (const i of issues.data ?? [])
    byYear.set(i.issue_year, [...(byYear.get(i.issue_year) ?? []), i]);
  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <QueryState query={issues} errorTitle={text.loadError} empty={text.empty}>
        {() =>
          [...byYear].map(([year, list]) => (
            <section key={year} aria-labelledby={`year-${year}`} className="mb-8">
              <h2 id={`year-${year}`} className="mb-4 font-serif text-2xl font-bold">
                {text.year(year)}
              </h2>
              <CardGrid items={list}>{(i) => <IssueCard issue={i} />}</CardGrid>
            </section>
          ))
        }
      </QueryState>
    </Page>
  );
}
