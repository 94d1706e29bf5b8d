// /dashboard/member: the directory with contact details, and a Back to Home link to /.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { PAGE_SIZE, useDirectory } from '../api/members';
import { text } from '../text';

/** `children`: what app/ composes below (the user's event registrations). */
export function Component({ children }: { children?: ReactNode }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const dir = useDirectory({ search, page });
  return (
    <Page>
      <PageHeader title={text.dashboardTitle}>{text.dashboardIntro}</PageHeader>
      <ButtonLink to="/" variant="secondary" className="mb-6">
        {text.backHome}
      </ButtonLink>
      <label htmlFor="dir-search" className="mb-1 block text-sm font-semibold">
        {text.search}
      </label>
      <input
        id="dir-search"
        type="search"
        className={`${controlClass} mb-6 max-w-md`}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      {dir.isPending ? (
        <LoadingState />
      ) : dir.isError ? (
        <ErrorState message={dataMessage(dir.error)} onRetry={() => dir.refetch()} />
      ) : dir.data.rows.length === 0 ? (
        <EmptyState title={text.empty} />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="member-directory">
            {dir.data.rows.map((m) => (
              <li key={m.id} className="rounded-lg border border-stone-200 bg-white p-4">
                <Link to={`/members/${m.id}`} className="font-semibold hover:underline">
                  {m.full_name}
                </Link>
                <p className="text-sm text-stone-600">
                  {[m.unique_id, m.city].filter(Boolean).join(' · ')}
                </p>
                {m.mobile_number && <p className="text-sm">{m.mobile_number}</p>}
                {m.email && <p className="text-sm break-all">{m.email}</p>}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex items-center justify-between">
            <Button variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              {text.previous}
            </Button>
            <span className="text-sm">
              {text.page(page)} · {dir.data.count}
            </span>
            <Button
              variant="secondary"
              disabled={page * PAGE_SIZE >= dir.data.count}
              onClick={() => setPage((p) => p + 1)}
            >
              {text.next}
            </Button>
          </div>
        </>
      )}
      {children}
    </Page>
  );
}
