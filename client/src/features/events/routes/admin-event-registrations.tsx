// /admin/events/{id}/registrations: who registered, the places taken against the maximum
// (registrants and their guests), attendance, cancellation (the row is kept, its place freed)
// and a CSV export of what is shown.
import { ArrowLeft, Download, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { formatDate } from '@/lib/images';
import { adminText } from '../admin-text';
import { eventQuery, isUuid } from '../api/events';
import {
  ATTENDANCE_STATUSES,
  registrationCsvRows,
  useAttendance,
  useRegistrations,
  useSetAttendance,
  type AttendanceStatus,
  type Registration,
} from '../api/registrations';
import { downloadCsv, fileSlug, toCsv } from '../lib/csv-export';

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

const nameOf = (r: Registration) => r.user?.full_name || r.user?.email || t.unnamed;

function AttendanceControl({ r, eventId }: { r: Registration; eventId: string }) {
  const set = useSetAttendance(eventId);
  return (
    <select
      aria-label={t.statusOf(nameOf(r))}
      className={`${controlClass} !w-auto !py-1 text-sm`}
      value={r.attendance_status}
      disabled={set.isPending}
      onChange={(e) =>
        set.mutate(
          { id: r.id, status: e.target.value as AttendanceStatus },
          { onSuccess: () => toast({ title: t.updated, variant: 'success' }) },
        )
      }
    >
      {ATTENDANCE_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t.statuses[s]}
        </option>
      ))}
    </select>
  );
}

function CancelButton({ r, eventId }: { r: Registration; eventId: string }) {
  const set = useSetAttendance(eventId);
  if (r.attendance_status === 'cancelled') return null;
  return (
    <Button
      variant="ghost"
      className="!min-h-9 text-red-700"
      aria-label={t.cancelOf(nameOf(r))}
      disabled={set.isPending}
      onClick={() => {
        if (!window.confirm(t.confirmCancel(nameOf(r)))) return;
        set.mutate(
          { id: r.id, status: 'cancelled' },
          { onSuccess: () => toast({ title: t.cancelled, variant: 'success' }) },
        );
      }}
    >
      <XCircle className="h-4 w-4" aria-hidden /> {t.cancel}
    </Button>
  );
}

export function Component() {
  const { id } = useParams();
  const valid = isUuid(id);
  const eventId = valid ? id : '00000000-0000-0000-0000-000000000000';
  const event = useQuery({ ...eventQuery(eventId), enabled: valid });
  const registrations = useRegistrations(eventId, valid);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (registrations.data ?? []).filter(
      (r) =>
        (!status || r.attendance_status === status) &&
        (!q ||
          [r.user?.full_name, r.user?.email, r.user?.phone].some((v) =>
            v?.toLowerCase().includes(q),
          )),
    );
  }, [registrations.data, search, status]);

  if (!valid || (event.isSuccess && !event.data)) {
    return (
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
  }
  if (event.isPending) return <LoadingState label={adminText.loading} rows={3} />;
  if (event.isError) {
    return (
      <ErrorState
        title={adminText.loadError}
        message={adminText.loadErrorBody}
        onRetry={() => void event.refetch()}
      />
    );
  }
  const e = event.data!;

  const exportCsv = () =>
    downloadCsv(
      t.exportName(fileSlug(e.title)),
      toCsv(registrationCsvRows(shown, (s) => t.statuses[s] ?? s)),
    );

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
      <div className="mb-4">
        <Capacity eventId={e.id} />
      </div>

      <div role="search" className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <label className="block">
          <span className="mb-1 block text-sm font-semibold text-stone-800">{t.search}</span>
          <input
            type="search"
            className={controlClass}
            placeholder={t.searchPlaceholder}
            value={search}
            onChange={(ev) => setSearch(ev.target.value)}
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-semibold text-stone-800">{t.status}</span>
          <select
            className={controlClass}
            value={status}
            onChange={(ev) => setStatus(ev.target.value)}
          >
            <option value="">{t.allStatuses}</option>
            {ATTENDANCE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={exportCsv} disabled={shown.length === 0}>
          <Download className="h-4 w-4" aria-hidden /> {t.export}
        </Button>
      </div>

      {registrations.isPending ? (
        <LoadingState rows={4} height="h-12" />
      ) : registrations.isError ? (
        <ErrorState
          title={t.loadError}
          message={dataMessage(registrations.error)}
          onRetry={() => void registrations.refetch()}
        />
      ) : registrations.data.length === 0 ? (
        <EmptyState title={t.empty}>{t.emptyBody}</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title={t.noMatch} />
      ) : (
        <>
          <ul className="space-y-3 md:hidden">
            {shown.map((r) => (
              <li key={r.id} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
                <p className="font-semibold">{nameOf(r)}</p>
                <p className="text-sm break-all text-stone-600">
                  {r.user?.email}
                  {r.user?.phone ? ` · ${r.user.phone}` : ''}
                </p>
                <p className="mt-1 text-sm text-stone-600">
                  {formatDate(r.registration_date)} · {t.columns.guests}: {r.guests}
                </p>
                {r.notes && <p className="mt-1 text-sm">{r.notes}</p>}
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <AttendanceControl r={r} eventId={e.id} />
                  <CancelButton r={r} eventId={e.id} />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-stone-200 bg-white md:block">
            <table className="w-full text-left text-sm" data-testid="registrations-table">
              <thead className="bg-stone-100 text-xs tracking-wide text-stone-700 uppercase">
                <tr>
                  {(
                    ['name', 'email', 'phone', 'registered', 'guests', 'status', 'notes'] as const
                  ).map((c) => (
                    <th key={c} scope="col" className="px-4 py-3">
                      {t.columns[c]}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t.columns.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {shown.map((r) => (
                  <tr
                    key={r.id}
                    className={r.attendance_status === 'cancelled' ? 'text-stone-500' : ''}
                  >
                    <th scope="row" className="px-4 py-3 font-semibold">
                      {nameOf(r)}
                    </th>
                    <td className="px-4 py-3 break-all">{r.user?.email}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{r.user?.phone}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {formatDate(r.registration_date, { dateStyle: 'medium', timeStyle: 'short' })}
                    </td>
                    <td className="px-4 py-3">{r.guests}</td>
                    <td className="px-4 py-3">
                      <AttendanceControl r={r} eventId={e.id} />
                    </td>
                    <td className="max-w-xs px-4 py-3">{r.notes}</td>
                    <td className="px-4 py-3">
                      <CancelButton r={r} eventId={e.id} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
