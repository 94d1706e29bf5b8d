// A grid of cards, one list item each (events, albums, issues, videos, listings).
import type { ReactNode } from 'react';

/**
 * `<CardGrid items={events} testId="events">{(e) => <EventCard event={e} />}</CardGrid>`: a
 * `<ul>` (three columns on wide screens unless `className` says otherwise) with an `<li>` per
 * item, keyed by its id.
 */
export function CardGrid<T extends { id: string }>({
  items,
  children,
  className = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  testId,
}: {
  items: readonly T[];
  children: (item: T) => ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
