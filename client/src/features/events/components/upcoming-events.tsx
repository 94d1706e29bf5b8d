import { useDeferredValue } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { useEvents } from '../api/events';
import { text } from '../text';
import { EventCard } from './event-card';

export function UpcomingEvents({
  limit = 3,
  heading = true,
}: {
  limit?: number;
  heading?: boolean;
}) {
  // Deferred: the cards render in short background slices when the data arrives (see
  // DataTable), not in one long task.
  const events = useDeferredValue(useEvents({ upcomingOnly: true, limit }));
  return (
    <section aria-labelledby="upcoming-events">
      {heading && (
        <div className="mb-4 flex items-end justify-between gap-4">
          <h2 id="upcoming-events" className="font-serif text-2xl font-bold">
            {text.upcomingTitle}
          </h2>
          <ButtonLink to="/events" variant="ghost">
            {text.seeAll}
          </ButtonLink>
        </div>
      )}
      {events.isPending ? (
        <LoadingState rows={1} height="h-[420px] sm:h-[330px]" />
      ) : events.isError ? (
        <ErrorState message={dataMessage(events.error)} onRetry={() => events.refetch()} />
      ) : events.data.length === 0 ? (
        <EmptyState title={text.noUpcoming}>{text.noUpcomingBody}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {events.data.map((e) => (
            <li key={e.id}>
              <EventCard event={e} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
