import { EmptyState, ErrorState, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { useEvents } from '../api/events';
import { EventCard } from '../components/event-card';
import { text } from '../text';

function PastEvents() {
  const events = useEvents({ upcomingOnly: false, limit: 24 });
  if (events.isPending) return <LoadingState />;
  if (events.isError)
    return <ErrorState message={dataMessage(events.error)} onRetry={() => events.refetch()} />;
  if (events.data.length === 0) return <EmptyState title={text.noPast} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.data.map((e) => (
        <li key={e.id}>
          <EventCard event={e} />
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const upcoming = useEvents({ upcomingOnly: true });
  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <section aria-labelledby="events-upcoming" className="mb-10">
        <h2 id="events-upcoming" className="mb-4 font-serif text-2xl font-bold">
          {text.upcomingTitle}
        </h2>
        {upcoming.isPending ? (
          <LoadingState />
        ) : upcoming.isError ? (
          <ErrorState
            title={text.loadError}
            message={dataMessage(upcoming.error)}
            onRetry={() => upcoming.refetch()}
          />
        ) : upcoming.data.length === 0 ? (
          <EmptyState title={text.noUpcoming}>{text.noUpcomingBody}</EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="events-list">
            {upcoming.data.map((e) => (
              <li key={e.id}>
                <EventCard event={e} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="events-past">
        <h2 id="events-past" className="mb-4 font-serif text-2xl font-bold">
          {text.past}
        </h2>
        <PastEvents />
      </section>
    </Page>
  );
}
