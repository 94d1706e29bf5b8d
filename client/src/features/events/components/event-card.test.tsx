import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EventRow } from '../api/events';
import { EVENT_TYPES } from '../lib/event-kinds';
import { EVENT_TYPE_STYLES, eventTypeStyle } from '../lib/event-type-style';
import { EventCard } from './event-card';

const event = (over: Partial<EventRow>) =>
  ({
    id: 'e1',
    title: 'Yakshagana night',
    event_date: '2026-12-20',
    event_time: '18:30:00',
    event_type: 'cultural',
    status: 'upcoming',
    location: 'Havyaka Bhavan',
    featured_image_url: null,
    ...over,
  }) as EventRow;

const card = (over: Partial<EventRow>) =>
  render(
    <MemoryRouter>
      <EventCard event={event(over)} />
    </MemoryRouter>,
  );

describe('event cards without a featured image (issue 40 item 19)', () => {
  it('show the event type’s colour, icon and name in the picture’s place', () => {
    const { container } = card({ event_type: 'health' });
    const art = screen.getByTestId('event-type-art');
    expect(art.dataset.type).toBe('health');
    expect(art.className).toContain('aspect-[2/1]');
    expect(art.className).toContain(EVENT_TYPE_STYLES.health.panel);
    expect(art.querySelector('svg.lucide-heart-pulse')).not.toBeNull();
    expect(art.textContent).toBe('Health');
    expect(container.querySelector('img')).toBeNull();
  });

  it('show the picture, and no fallback, when there is one', () => {
    const { container } = card({
      featured_image_url: 'https://example.org/featured/a.jpg',
    });
    expect(screen.queryByTestId('event-type-art')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toContain('featured/a.jpg');
  });

  it('every type has its own colour and icon; an unknown type looks like "other"', () => {
    const panels = new Set(EVENT_TYPES.map((t) => EVENT_TYPE_STYLES[t].panel));
    const icons = new Set(EVENT_TYPES.map((t) => EVENT_TYPE_STYLES[t].icon));
    expect(panels.size).toBe(EVENT_TYPES.length);
    expect(icons.size).toBe(EVENT_TYPES.length);
    expect(eventTypeStyle('picnic')).toBe(EVENT_TYPE_STYLES.other);
  });
});
