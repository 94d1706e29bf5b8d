import { loaded, QueryState } from '@/components/ui/query-state';
import { EmptyState, Page, PageHeader } from '@/components/ui/states';
import { useEvents } from '../api/events';
import { EventCard } from '../components/event-card';
import { text } from '../text';

function PastEvents() {
  const events = useEvents({ upcomingOnly: false, limit: 24 });
  const ready = loaded(events);
  if (!ready.ok) return ready.fallback;
  if (ready.data.length === 0) return <EmptyState title={text.noPast} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ready.data.map((e) => (
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
        <QueryState
          query={upcoming}
          errorTitle={text.loadError}
          empty={text.noUpcoming}
          emptyBody={text.noUpcomingBody}
        >
          {(data) => (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="events-list">
              {data.map((e) => (
                <li key={e.id}>
                  <EventCard event={e} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
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
