// /admin/events/{id}/registrations: who registered, the places taken against the maximum
// (registrants and their guests), attendance, cancellation (the row is kept, its place freed)
// and a CSV export of the filtered list; search, attendance filter, sort and page in the URL,
// cards below 768 px.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { ButtonLink } from '@/components/ui/button';
import { loaded } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { formatDate } from '@/lib/images';
import type { ListView } from '@/lib/list-view';
import { adminText } from '../admin-text';
import { eventQuery, isUuid } from '../api/events';
import { EventWaitlistPanel } from '../components/admin/event-waitlist-panel';
import {
  registrationsQuery,
  useAttendance,
  useRegistrations,
  type Registration,
} from '../api/registrations';
import { registrationColumns, registrationCsvColumns } from '../resources/registrations/columns';
import {
  registrationList,
  shownRows,
  type RegistrationFilters,
} from '../resources/registrations/filters';

const t = adminText.registrations;
const LIST = '/admin/events';

function Capacity({ eventId }: { eventId: string }) {
  const attendance = useAttendance(eventId);
  if (!attendance.data) return null;
  const { people, max_attendees: max, registrations } = attendance.data;
  const left = max ? Math.max(0, max - people) : null;
  const percent = max ? Math.min(100, Math.round((people / max) * 100)) : 0;
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4" data-testid="capacity">
      <p className="text-lg font-semibold">{t.count(people, max)}</p>
      <p className="text-sm text-stone-600">
        {t.registrations(registrations)}
        {left !== null && ` · ${left === 0 ? t.full : t.placesLeft(left)}`}
      </p>
      {max ? (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={people}
          aria-label={t.count(people, max)}
        >
          <div
            className={`h-full ${left === 0 ? 'bg-red-600' : 'bg-orange-700'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

export function Component() {
  const { id } = useParams();
  const valid = isUuid(id);
  const eventId = valid ? id : '00000000-0000-0000-0000-000000000000';
  const event = useQuery({ ...eventQuery(eventId), enabled: valid });
  // Every registration of the event is read once (they are few): filtered, sorted and paged
  // here, from the same cached list the export writes.
  const registrations = useRegistrations(eventId, valid);
  const list = useResourceList(registrationList, (view: ListView<RegistrationFilters>) => ({
    ...registrationsQuery(eventId),
    enabled: valid,
    select: (all: Registration[]) => {
      const rows = shownRows(all, view);
      return { rows: rows.slice(view.from, view.to + 1), count: rows.length };
    },
  }));
  const columns = useMemo(() => registrationColumns(eventId), [eventId]);

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
  const none = registrations.data?.length === 0;

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
        <ButtonLink to={LIST} variant="secondary">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {adminText.backToEvents}
        </ButtonLink>
      </header>

      {!e.registration_required && <p className="mb-4 text-stone-700">{t.noRegistration}</p>}
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <Capacity eventId={e.id} />
        {e.registration_required && e.max_attendees !== null && (
          <EventWaitlistPanel eventId={e.id} />
        )}
      </div>

      <ResourceList
        {...list}
        label={t.tableLabel}
        columns={columns}
        getRowId={(r) => r.id}
        empty={none ? { title: t.empty, body: t.emptyBody } : { title: t.noMatch }}
        export={{
          filename: t.exportName(e.title),
          columns: registrationCsvColumns,
          label: t.export,
          rows: (view) => shownRows(registrations.data ?? [], view),
        }}
      />
    </div>
  );
}
