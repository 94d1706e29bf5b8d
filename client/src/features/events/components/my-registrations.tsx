// The user's own event registrations on their dashboard: the event, its date, the attendance
// status (spec §4), Cancel (attendance_status cancelled) and the .ics for their calendar.
import { Link } from 'react-router';
import { Badge, statusTone } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/display-format';
import { today } from '../api/events';
import { useMyRegistrations } from '../api/my-registrations';
import { text } from '../text';
import { CalendarLinks } from './calendar-links';
import { useCancelFlow } from './use-cancel-flow';

export function MyEventRegistrations() {
  const auth = useAuth();
  const userId = auth.session?.user.id;
  const list = useMyRegistrations(userId);
  const cancelFlow = useCancelFlow();
  const now = today();
  return (
    <section aria-labelledby="my-events-title" className="mt-8" data-testid="my-registrations">
      <h2 id="my-events-title" className="font-serif text-2xl font-bold">
        {text.myEvents}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {text.myEventsIntro}{' '}
        <Link to="/events/my-calendar" className="font-semibold text-orange-900 underline">
          {text.subscribeCalendar}
        </Link>
      </p>
      <div className="mt-4">
        <QueryState
          query={list}
          loading={<LoadingState rows={2} />}
          errorMessage={text.loadMyEventsError}
          empty={text.myEventsEmpty}
          emptyBody={
            <ButtonLink to="/events" variant="secondary">
              {text.browseEvents}
            </ButtonLink>
          }
        >
          {(data) => (
            <ul className="grid gap-3 md:grid-cols-2">
              {data.map((r) => {
                const e = r.event;
                if (!e) return null;
                const upcoming = e.event_date >= now;
                return (
                  <li
                    key={r.id}
                    className="rounded-lg border border-stone-200 bg-white p-4"
                    data-testid="my-registration"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <Link to={`/events/${e.id}`} className="font-semibold hover:underline">
                        {e.title}
                      </Link>
                      <Badge
                        tone={statusTone(
                          r.attendance_status === 'registered' ? 'approved' : r.attendance_status,
                        )}
                        testId="attendance-status"
                      >
                        {text.attendance[r.attendance_status] ?? r.attendance_status}
                      </Badge>
                    </div>
                    <p className="text-sm text-stone-700">
                      {formatDate(e.event_date)}
                      {e.event_time ? `, ${e.event_time.slice(0, 5)}` : ''}
                      {e.location ? ` · ${e.location}` : ''}
                    </p>
                    {upcoming && r.attendance_status === 'registered' && (
                      <div className="mt-2 flex flex-wrap items-center gap-2">
                        <CalendarLinks event={e} />
                        <Button
                          variant="secondary"
                          disabled={cancelFlow.isPending}
                          onClick={() =>
                            cancelFlow.run({ id: r.id, eventId: e.id, title: e.title })
                          }
                        >
                          {text.cancelRegistration}
                        </Button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
