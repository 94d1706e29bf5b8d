// /dashboard/member: one story per role (issue 40). An approved member sees their own entry and
// visibility choices, their connections (requests received and sent, members connected) and
// the member directory with Connect. A member whose application was rejected (or is still
// waiting) sees that, the trust office's remarks and what they can do. Member viewers and
// admins read the directory and each entry's page: they do not connect, so they see no
// connections and no Connect buttons (the database refuses their requests too).
import { useState, type ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { loaded, QueryState } from '@/components/ui/query-state';
import { Card, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/display-format';
import {
  NETWORK_PAGE_SIZE,
  useConnections,
  useMemberNetwork,
  useOwnEntry,
  type OwnEntry as OwnEntryRow,
} from '../api/network';
import { NetworkCard } from '../components/network-card';
import { VisibilityForm } from '../components/visibility-form';
import { text } from '../text';
import { TitledSection } from '@/components/ui/section';

/** The application's state for a member not (yet) in the directory: what was decided, the
 *  remarks, and what to do next. */
function ApplicationStatus({ entry }: { entry: OwnEntryRow | null }) {
  if (!entry)
    return (
      <Card>
        <h2 className="font-serif text-xl font-bold">{text.noApplicationTitle}</h2>
        <p className="mt-2 text-stone-800">{text.noEntry}</p>
        <ButtonLink to="/membership/registration" className="mt-4">
          {text.applyNow}
        </ButtonLink>
      </Card>
    );
  if (entry.approval_status === 'rejected')
    return (
      <Card>
        <div data-testid="application-decision">
          <h2 className="font-serif text-xl font-bold">{text.rejectedTitle}</h2>
          <p className="mt-2 text-stone-800">{text.rejectedBody}</p>
          {entry.remarks && (
            <figure className="mt-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-3">
              <figcaption className="text-sm font-semibold">{text.remarksLabel}</figcaption>
              <blockquote className="mt-1 whitespace-pre-line" data-testid="decision-remarks">
                {entry.remarks}
              </blockquote>
            </figure>
          )}
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div>
              <dt className="inline font-semibold">{text.applicationReference}: </dt>
              <dd className="inline">{entry.unique_id}</dd>
            </div>
            {entry.approved_at && (
              <div>
                <dt className="inline font-semibold">{text.decidedOn}: </dt>
                <dd className="inline">{formatDate(entry.approved_at)}</dd>
              </div>
            )}
          </dl>
          <h3 className="mt-5 font-semibold">{text.whatYouCanDo}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-800">
            <li>{text.applyAgainHint}</li>
            <li>{text.contactOfficeHint}</li>
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/membership/registration">{text.applyAgain}</ButtonLink>
            <ButtonLink to="/contact" variant="secondary">
              {text.contactOffice}
            </ButtonLink>
          </div>
        </div>
      </Card>
    );
  return (
    <Card>
      <div data-testid="application-decision">
        <h2 className="font-serif text-xl font-bold">{text.pendingTitle}</h2>
        <p className="mt-2 text-stone-800">{text.pendingBody}</p>
        <p className="mt-3 text-sm">
          <span className="font-semibold">{text.applicationReference}: </span>
          {entry.unique_id}
          {entry.created_at && ` · ${text.submittedOn} ${formatDate(entry.created_at)}`}
        </p>
      </div>
    </Card>
  );
}

function OwnEntry({ userId, entry }: { userId: string; entry: OwnEntryRow }) {
  const own = useOwnEntry(userId);
  const visibility = own.data?.visibility;
  return (
    <Card>
      <h2 className="font-serif text-xl font-bold">{text.yourEntry}</h2>
      <p className="mb-4 text-sm text-stone-700">
        {entry.full_name} · {entry.membership_no || entry.unique_id} · {text.yourEntryIntro}
      </p>
      {visibility && <VisibilityForm userId={userId} memberId={entry.id} initial={visibility} />}
    </Card>
  );
}

/** A member's part of the page: their application's state until approved, then their entry,
 *  connections and the directory with Connect. */
function MemberArea({ userId }: { userId: string }) {
  const own = useOwnEntry(userId);
  const ready = loaded(own, {
    loading: <LoadingState rows={1} />,
    errorMessage: text.loadNetworkError,
  });
  if (!ready.ok) return ready.fallback;
  const entry = ready.data?.entry ?? null;
  if (!entry || entry.approval_status !== 'approved') return <ApplicationStatus entry={entry} />;
  return (
    <>
      <OwnEntry userId={userId} entry={entry} />
      <Connections userId={userId} />
      <Directory userId={userId} canConnect detailLink={false} />
    </>
  );
}

function Connections({ userId }: { userId: string }) {
  const list = useConnections();
  return (
    <TitledSection
      id="connections-title"
      title={text.connections}
      intro={text.connectionsIntro}
      className="mt-8"
      data-testid="connections"
    >
      <QueryState
        query={list}
        loading={<LoadingState rows={1} />}
        errorMessage={text.loadNetworkError}
        empty={text.noConnections}
      >
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((m) => (
              <NetworkCard key={m.id} entry={m} userId={userId} canConnect detailLink={false} />
            ))}
          </ul>
        )}
      </QueryState>
    </TitledSection>
  );
}

function Directory({
  userId,
  canConnect,
  detailLink,
}: {
  userId: string;
  canConnect: boolean;
  detailLink: boolean;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const dir = useMemberNetwork({ search, page });
  const pages = Math.max(1, Math.ceil((dir.data?.count ?? 0) / NETWORK_PAGE_SIZE));
  return (
    <TitledSection
      id="directory-title"
      title={text.directory}
      titleClassName="font-serif text-2xl font-bold"
      className="mt-8"
    >
      <Field id="dir-search" label={text.search} className="mt-3 mb-6 max-w-md">
        <input
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </Field>
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
                <NetworkCard
                  key={m.id}
                  entry={m}
                  userId={userId}
                  canConnect={canConnect}
                  detailLink={detailLink}
                />
              ))}
            </ul>
            <Pager page={page} onPage={setPage} last={page >= pages} labels={text}>
              <span className="text-center text-sm" aria-live="polite">
                {text.pageOf(page, pages)} · {text.membersCount(data.count)}
              </span>
            </Pager>
          </>
        )}
      </QueryState>
    </TitledSection>
  );
}

/** `top`: what app/ composes above the member's area (their membership card); `children`:
 *  what it composes below (the user's event registrations). */
export function Component({ children, top }: { children?: ReactNode; top?: ReactNode }) {
  const auth = useAuth();
  const userId = auth.session?.user.id ?? '';
  const member = auth.user?.type === 'member';
  return (
    <Page>
      <PageHeader title={text.dashboardTitle}>
        {member ? text.dashboardIntro : text.viewerIntro}
      </PageHeader>
      <ButtonLink to="/" variant="secondary" className="mb-6">
        {text.backHome}
      </ButtonLink>
      {top}
      {userId && member && <MemberArea userId={userId} />}
      {userId && !member && <Directory userId={userId} canConnect={false} detailLink />}
      {children}
    </Page>
  );
}
