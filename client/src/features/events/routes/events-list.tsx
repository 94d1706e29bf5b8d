import { loaded, QueryState } from '@/components/ui/query-state';
import { EmptyState, Page, PageHeader } from '@/components/ui/states';
import { useEvents } from '../api/events';
import { EventGrid } from '../components/event-card';
import { text } from '../text';

function PastEvents({ events }: { events: ReturnType<typeof useEvents> }) {
  const ready = loaded(events);
  if (!ready.ok) return ready.fallback;
  if (ready.data.length === 0) return <EmptyState title={text.noPast} />;
  return <EventGrid events={ready.data} />;
}

export function Component() {
  const upcoming = useEvents({ upcomingOnly: true });
  // Asked at once, shown once the upcoming list is in: arriving first it would stand where the
  // upcoming cards then go, and be pushed down by them (a layout shift).
  const past = useEvents({ upcomingOnly: false, limit: 24 });
  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {/* At least a screen high, so the footer is not in view to be pushed down as lists arrive. */}
      <div className="min-h-screen">
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
            {(data) => <EventGrid events={data} testId="events-list" />}
          </QueryState>
        </section>
        {upcoming.isPending ? null : (
          <section aria-labelledby="events-past">
            <h2 id="events-past" className="mb-4 font-serif text-2xl font-bold">
              {text.past}
            </h2>
            <PastEvents events={past} />
          </section>
        )}
      </div>
    </Page>
  );
}
