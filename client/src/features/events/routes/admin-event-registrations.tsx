// /admin/events/{id}/registrations: the day's counts (live), who registered, check-in from the
// list (search by name or phone; big buttons for a phone at the door), walk-in guests without
// an account, the waitlist, attendance, cancellation (the row is kept, its place freed) and the
// attendees' CSV (the filtered registrations and the walk-ins); search, attendance filter,
// sort and page in the URL, applied by the server (a page at a time); cards below 768 px.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ScanLine } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { ButtonLink } from '@/components/ui/button';
import { loaded } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { formatDate } from '@/lib/images';
import { adminText } from '../admin-text';
import { eventQuery, isUuid } from '../api/events';
import { mumbaiToday } from '../lib/attendees-csv';
import { EventWaitlistPanel } from '../components/admin/event-waitlist-panel';
import { ExportCsvButton } from '@/components/data-table';
import { useWalkIns } from '../api/event-day';
import { registrationPages, useLiveRegistrations } from '../api/registrations';
import { DayCounts } from '../components/admin/day-counts';
import { WalkInsPanel } from '../components/admin/walk-ins-panel';
import { attendeeCsvColumns, attendeeRows } from '../lib/attendees-csv';
import { registrationColumns } from '../resources/registrations/columns';
import { registrationList } from '../resources/registrations/filters';

const t = adminText.registrations;
const LIST = '/admin/events';

export function Component() {
  const { id } = useParams();
  const valid = isUuid(id);
  const eventId = valid ? id : '00000000-0000-0000-0000-000000000000';
  const event = useQuery({ ...eventQuery(eventId), enabled: valid });
  // A page of the registrations at a time, filtered and sorted by the server; the export reads
  // every row of the view.
  const pages = useMemo(() => registrationPages(eventId), [eventId]);
  useLiveRegistrations(eventId, valid);
  const list = useResourceList(registrationList, (view) => ({
    ...pages.page(view),
    enabled: valid,
  }));
  const columns = useMemo(() => registrationColumns(eventId), [eventId]);
  const walkIns = useWalkIns(eventId);

  const notFound = (
    <div
      role="alert"
      className="mx-auto max-w-lg rounded-lg border border-stone-200 bg-white p-8 text-center"
    >
      <h1 className="font-serif text-2xl font-bold">{adminText.notFound}</h1>
      <p className="mt-2 text-stone-700">{adminText.notFoundBody}</p>
      <ButtonLink to={LIST} className="mt-6">
        {adminText.backToEvents}
      </ButtonLink>
    </div>
  );
  if (!valid) return notFound;
  const ready = loaded(event, {
    loading: <LoadingState label={adminText.loading} rows={3} />,
    errorTitle: adminText.loadError,
    errorMessage: adminText.loadErrorBody,
  });
  if (!ready.ok) return ready.fallback;
  const e = ready.data;
  if (!e) return notFound;

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.of(e.title)}</h1>
          <p className="mt-1 text-stone-700">
            {formatDate(e.event_date, { dateStyle: 'full' })}
            {e.location ? ` · ${e.location}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink
            to={
              e.registration_required && e.event_date === mumbaiToday()
                ? `/admin/card-scanner?event=${e.id}`
                : '/admin/card-scanner'
            }
            variant="secondary"
          >
            <ScanLine className="h-4 w-4" aria-hidden /> {adminText.day.scanCards}
          </ButtonLink>
          <ButtonLink to={LIST} variant="secondary">
            <ArrowLeft className="h-4 w-4" aria-hidden /> {adminText.backToEvents}
          </ButtonLink>
        </div>
      </header>

      {!e.registration_required && <p className="mb-4 text-stone-700">{t.noRegistration}</p>}
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <DayCounts eventId={e.id} />
        {e.registration_required && e.max_attendees !== null && (
          <EventWaitlistPanel eventId={e.id} />
        )}
      </div>
      <div className="mb-4">
        <WalkInsPanel eventId={e.id} />
      </div>

      <ResourceList
        {...list}
        label={t.tableLabel}
        columns={columns}
        getRowId={(r) => r.id}
        empty={{ title: t.empty, body: t.emptyBody }}
        noMatch={{ title: t.noMatch }}
        actions={
          <ExportCsvButton
            filename={adminText.day.exportName(e.title)}
            columns={attendeeCsvColumns(adminText.day.csv)}
            label={adminText.day.exportAttendees}
            rows={async () =>
              attendeeRows(
                await pages.all(list.state.view),
                walkIns.data ?? [],
                (status) => t.statuses[status] ?? status,
                adminText.day.walkInStatus,
              )
            }
          />
        }
      />
    </div>
  );
}
