// /dashboard/matrimony: the user's profile (status, views, last active), interests received
// (accept, decline) and sent (withdraw), and conversations of accepted interests with unread
// counts.
import { useSearchParams } from 'react-router';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import {
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  Page,
  PageHeader,
} from '@/components/ui/states';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { ApprovalBadge } from '@/components/registration-page';
import { formatDate } from '@/lib/display-format';
import { useAuth } from '@/lib/auth';
import { dataMessage } from '@/lib/errors';
import {
  useInterests,
  useRecentViews,
  useRespond,
  useWithdraw,
  type InterestView,
} from '../api/interests';
import { useOwnProfile } from '../api/profiles';
import { Conversation } from '../components/conversation';
import { ProfilePhoto } from '../components/profile-photo';
import { pagesText as t } from '../pages-text';

const nameOf = (i: InterestView) => (i.other ? `${i.other.first_name} ${i.other.surname}` : '—');

function InterestRow({ i, userId }: { i: InterestView; userId: string }) {
  const respond = useRespond(userId);
  const withdraw = useWithdraw(userId);
  const act = (work: () => Promise<unknown>) => toastOutcome(work);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={`interest-${i.direction}`}>
      <ProfilePhoto url={i.other?.photo_url ?? null} name={nameOf(i)} className="h-14 w-14" />
      <div className="min-w-0 flex-1">
        {i.other ? (
          <Link to={`/profile/matrimony/${i.other.id}`} className="font-semibold underline">
            {nameOf(i)}
          </Link>
        ) : (
          <span className="font-semibold">{nameOf(i)}</span>
        )}
        <p className="text-sm text-stone-600">
          {t.status[i.status] ?? i.status} · {formatDate(i.responded_at ?? i.created_at) || '—'}
        </p>
        {i.message && <p className="text-sm italic">“{i.message}”</p>}
      </div>
      {i.direction === 'received' && i.status === 'pending' && (
        <div className="flex gap-2">
          <Button onClick={() => act(() => respond.mutateAsync({ id: i.id, status: 'accepted' }))}>
            {t.accept}
          </Button>
          <Button
            variant="secondary"
            onClick={() => act(() => respond.mutateAsync({ id: i.id, status: 'declined' }))}
          >
            {t.decline}
          </Button>
        </div>
      )}
      {i.direction === 'sent' && i.status === 'pending' && (
        <Button variant="secondary" onClick={() => act(() => withdraw.mutateAsync(i.id))}>
          {t.withdraw}
        </Button>
      )}
    </li>
  );
}

/** `children`: what app/ composes below (the user's event registrations). */
/** The interests received or sent: each with its actions, or a line saying there are none. */
function Interests({
  title,
  none,
  list,
  userId,
}: {
  title: string;
  none: string;
  list: InterestView[];
  userId: string;
}) {
  return (
    <Card>
      <h2 className="font-serif text-xl font-bold">{title}</h2>
      {list.length === 0 ? (
        <EmptyState title={none} />
      ) : (
        <ul className="divide-y divide-stone-200">
          {list.map((i) => (
            <InterestRow key={i.id} i={i} userId={userId} />
          ))}
        </ul>
      )}
    </Card>
  );
}

export function Component({ children }: { children?: ReactNode }) {
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const profile = useOwnProfile();
  const interests = useInterests(userId);
  const views = useRecentViews(userId, profile.data?.id);
  // ?conversation=<interest> (the profile page's "Send a message") opens that conversation.
  const [search] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => search.get('conversation'));
  const p = profile.data;
  const received = interests.data?.filter((i) => i.direction === 'received') ?? [];
  const sent = interests.data?.filter((i) => i.direction === 'sent') ?? [];
  const accepted = interests.data?.filter((i) => i.status === 'accepted') ?? [];
  return (
    <Page>
      <PageHeader title={t.dashboardTitle} />
      {(profile.isPending || interests.isPending) && <LoadingState rows={3} />}
      {profile.isError && (
        <ErrorState message={dataMessage(profile.error)} onRetry={() => profile.refetch()} />
      )}
      {p && (
        <div className="grid gap-6 lg:grid-cols-3">
          <Card>
            <ProfilePhoto
              url={p.photo_url}
              name={`${p.first_name} ${p.surname}`}
              className="h-56 w-full"
            />
            <h2 className="mt-3 font-serif text-xl font-bold">
              {p.first_name} {p.surname}
            </h2>
            <div className="mt-2">
              <ApprovalBadge status={p.approval_status} />
            </div>
            <p className="mt-2 text-sm">{t.statusBody[p.approval_status] ?? ''}</p>
            <dl className="mt-3 space-y-1 text-sm">
              <div>
                <dt className="inline font-semibold">{t.views}: </dt>
                <dd className="inline" data-testid="views-count">
                  {p.profile_views_count}
                </dd>
                {views.data !== undefined && (
                  <dd className="text-stone-600">{t.viewsRecent(views.data)}</dd>
                )}
              </div>
              <div>
                <dt className="inline font-semibold">{t.lastActive}: </dt>
                <dd className="inline">{formatDate(p.last_active) || '—'}</dd>
              </div>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <ButtonLink to="/profile/matrimony" variant="secondary">
                {t.editProfile}
              </ButtonLink>
              <ButtonLink to="/matrimony/browse">{t.browse}</ButtonLink>
            </div>
          </Card>
          <div className="space-y-6 lg:col-span-2">
            {interests.isError && (
              <ErrorState
                message={dataMessage(interests.error)}
                onRetry={() => interests.refetch()}
              />
            )}
            <Card>
              <h2 className="font-serif text-xl font-bold">{t.conversations}</h2>
              {accepted.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">{t.noConversations}</p>
              ) : (
                <ul className="divide-y divide-stone-200">
                  {accepted.map((i) => (
                    <li key={i.id} className="py-3">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-semibold">{nameOf(i)}</span>
                        <span className="flex items-center gap-2">
                          {i.unread > 0 && (
                            <span className="rounded-full bg-orange-800 px-2 py-0.5 text-xs font-semibold text-white">
                              {t.unread(i.unread)}
                            </span>
                          )}
                          <Button
                            variant="secondary"
                            onClick={() => setOpen(open === i.id ? null : i.id)}
                          >
                            {open === i.id ? t.close : t.open}
                          </Button>
                        </span>
                      </div>
                      {open === i.id && <Conversation interest={i} userId={userId} />}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Interests title={t.received} none={t.noneReceived} list={received} userId={userId} />
            <Interests title={t.sent} none={t.noneSent} list={sent} userId={userId} />
          </div>
        </div>
      )}
      {children}
    </Page>
  );
}
