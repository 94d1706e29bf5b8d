import { useDeferredValue } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { useEvents } from '../api/events';
import { text } from '../text';
import { EventGrid } from './event-card';

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
        <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <h2 id="upcoming-events" className="font-serif text-2xl font-bold">
            {text.upcomingTitle}
          </h2>
          <ButtonLink to="/events" variant="ghost">
            {text.seeAll}
          </ButtonLink>
        </div>
      )}
      <QueryState
        query={events}
        loading={<LoadingState rows={1} height="h-[420px] sm:h-[330px]" />}
        empty={text.noUpcoming}
        emptyBody={text.noUpcomingBody}
      >
        {(data) => <EventGrid events={data} />}
      </QueryState>
    </section>
  );
}
