import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { dateTimeFormat } from '@/lib/date-formats';
import { formatDate, imageSrcSetW, imageUrl } from '@/lib/images';
import type { EventRow } from '../api/events';
import { eventTypeStyle } from '../lib/event-type-style';
import { text } from '../text';
import { CardGrid } from '@/components/ui/card-grid';

export function DateBadge({ date }: { date: string }) {
  const d = new Date(`${date}T00:00:00`);
  return (
    <div
      className="flex h-16 w-16 shrink-0 flex-col items-center justify-center rounded-lg bg-orange-800 text-white"
      aria-hidden
    >
      <span className="text-xs uppercase">
        {dateTimeFormat('en-IN', { month: 'short' }).format(d)}
      </span>
      <span className="text-2xl leading-none font-bold">{d.getDate()}</span>
    </div>
  );
}

/** In place of a missing featured image: the event type's colour, icon and name, in the
 *  picture's 2:1 frame (decorative: the card's text names the type too). */
export function EventTypeArt({ type }: { type: string }) {
  const style = eventTypeStyle(type);
  const Icon = style.icon;
  return (
    <div
      data-testid="event-type-art"
      data-type={type}
      aria-hidden
      className={`flex aspect-[2/1] w-full flex-col items-center justify-center gap-2 bg-gradient-to-br text-white ${style.panel}`}
    >
      <Icon className="h-12 w-12 opacity-90" strokeWidth={1.5} />
      <span className="text-sm font-semibold tracking-wide uppercase">
        {text.types[type] ?? type}
      </span>
    </div>
  );
}

export function EventCard({ event }: { event: EventRow }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      {event.featured_image_url ? (
        <img
          src={imageUrl(event.featured_image_url, { width: 480, height: 240 })}
          srcSet={imageSrcSetW(event.featured_image_url, [360, 480, 720], 2)}
          sizes="(max-width: 640px) calc(100vw - 2rem), (max-width: 1024px) 50vw, 360px"
          alt=""
          width={480}
          height={240}
          loading="lazy"
          decoding="async"
          className="aspect-[2/1] w-full object-cover"
        />
      ) : (
        <EventTypeArt type={event.event_type} />
      )}
      <div className="flex flex-1 gap-4 p-4">
        <DateBadge date={event.event_date} />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-orange-900 uppercase">
            {text.types[event.event_type] ?? event.event_type} ·{' '}
            {text.status[event.status] ?? event.status}
          </p>
          <h3 className="mt-1 font-serif text-lg font-bold">
            <Link to={`/events/${event.id}`} className="hover:underline">
              {event.title}
            </Link>
          </h3>
          <p className="mt-1 flex items-center gap-1 text-sm text-stone-700">
            <CalendarDays className="h-4 w-4" aria-hidden />
            {formatDate(event.event_date, { dateStyle: 'full' })}
            {event.event_time ? `, ${event.event_time.slice(0, 5)}` : ''}
          </p>
          {event.location && (
            <p className="mt-1 flex items-center gap-1 text-sm text-stone-700">
              <MapPin className="h-4 w-4" aria-hidden /> {event.location}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

/** Event cards in the grid every list of events uses: one column on a phone, up to three. */
export function EventGrid({ events, testId }: { events: EventRow[]; testId?: string }) {
  return (
    <CardGrid items={events} testId={testId}>
      {(e) => <EventCard event={e} />}
    </CardGrid>
  );
}
