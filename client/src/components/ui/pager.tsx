// Previous / where we are / Next under a public list that pages (the member directories, the
// matrimony browser). The admin tables use components/data-table's Pagination instead.
import type { ReactNode } from 'react';
import { Button } from './button';

export function Pager({
  page,
  onPage,
  last,
  labels,
  children,
}: {
  /** 1-based. */
  page: number;
  onPage: (page: number) => void;
  /** No page after this one. */
  last: boolean;
  /** `pagination` names the controls as a navigation landmark. */
  labels: { previous: string; next: string; pagination?: string };
  /** Where we are ("Page 2 of 5"). */
  children: ReactNode;
}) {
  const className = 'mt-6 flex items-center justify-between gap-3';
  const controls = (
    <>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels.previous}
      </Button>
      {children}
      <Button variant="secondary" disabled={last} onClick={() => onPage(page + 1)}>
        {labels.next}
      </Button>
    </>
  );
  return labels.pagination ? (
    <nav aria-label={labels.pagination} className={className}>
      {controls}
    </nav>
  ) : (
    <div className={className}>{controls}</div>
  );
}
