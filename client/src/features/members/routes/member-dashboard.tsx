// /dashboard/member: the member's own entry and visibility choices, their connections
// (requests received and sent, members connected), and the member directory with Connect;
// member viewers and admins read the same directory (with the entry pages).
import { useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { loaded, QueryState } from '@/components/ui/query-state';
import { Card, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { NETWORK_PAGE_SIZE, useConnections, useMemberNetwork, useOwnEntry } from '../api/network';
import { NetworkCard } from '../components/network-card';
import { VisibilityForm } from '../components/visibility-form';
import { text } from '../text';

function OwnEntry({ userId }: { userId: string }) {
  const own = useOwnEntry(userId);
  const ready = loaded(own, {
    loading: <LoadingState rows={1} />,
    errorMessage: text.loadNetworkError,
  });
  if (!ready.ok) return ready.fallback;
  if (!ready.data || ready.data.entry.approval_status !== 'approved')
    return <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-800">{text.noEntry}</p>;
  const { entry, visibility } = ready.data;
  return (
    <Card>
      <h2 className="font-serif text-xl font-bold">{text.yourEntry}</h2>
      <p className="mb-4 text-sm text-stone-700">
        {entry.full_name} · {entry.membership_no || entry.unique_id} · {text.yourEntryIntro}
      </p>
      <VisibilityForm userId={userId} memberId={entry.id} initial={visibility} />
    </Card>
  );
}

function Connections({ userId, detailLink }: { userId: string; detailLink: boolean }) {
  const list = useConnections();
  return (
    <section aria-labelledby="connections-title" className="mt-8" data-testid="connections">
      <h2 id="connections-title" className="font-serif text-2xl font-bold">
        {text.connections}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{text.connectionsIntro}</p>
      <QueryState
        query={list}
        loading={<LoadingState rows={1} />}
        errorMessage={text.loadNetworkError}
        empty={text.noConnections}
      >
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((m) => (
              <NetworkCard key={m.id} entry={m} userId={userId} detailLink={detailLink} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function Directory({ userId, detailLink }: { userId: string; detailLink: boolean }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const dir = useMemberNetwork({ search, page });
  const pages = Math.max(1, Math.ceil((dir.data?.count ?? 0) / NETWORK_PAGE_SIZE));
  return (
    <section aria-labelledby="directory-title" className="mt-8">
      <h2 id="directory-title" className="font-serif text-2xl font-bold">
        {text.directory}
      </h2>
      <label htmlFor="dir-search" className="mt-3 mb-1 block text-sm font-semibold">
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
      <QueryState
        query={dir}
        errorMessage={text.loadNetworkError}
        empty={text.empty}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(data) => (
          <>
            <ul
              className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
              data-testid="member-directory"
              aria-busy={dir.isFetching || undefined}
            >
              {data.rows.map((m) => (
                <NetworkCard key={m.id} entry={m} userId={userId} detailLink={detailLink} />
              ))}
            </ul>
            <div className="mt-6 flex items-center justify-between gap-2">
              <Button
                variant="secondary"
                disabled={page === 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {text.previous}
              </Button>
              <span className="text-center text-sm" aria-live="polite">
                {text.pageOf(page, pages)} · {text.membersCount(data.count)}
              </span>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {text.next}
              </Button>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** `children`: what app/ composes below (the user's event registrations). */
export function Component({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const userId = auth.session?.user.id ?? '';
  const type = auth.user?.type;
  const detailLink = type === 'member_viewer' || type === 'admin' || type === 'super_admin';
  return (
    <Page>
      <PageHeader title={text.dashboardTitle}>{text.dashboardIntro}</PageHeader>
      <ButtonLink to="/" variant="secondary" className="mb-6">
        {text.backHome}
      </ButtonLink>
      {userId && (
        <>
          <OwnEntry userId={userId} />
          <Connections userId={userId} detailLink={detailLink} />
          <Directory userId={userId} detailLink={detailLink} />
        </>
      )}
      {children}
    </Page>
  );
}
