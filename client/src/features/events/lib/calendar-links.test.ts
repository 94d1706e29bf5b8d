import { describe, expect, it } from 'vitest';
import {
  eventStart,
  feedUrls,
  googleCalendarUrl,
  googleDates,
  icsFileName,
  icsUrl,
} from './calendar-links';

const event = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  title: 'Ugadi Sammilana & Yakshagana',
  event_date: '2026-03-19',
  event_time: '10:00:00',
  duration_minutes: 150,
  location: 'Havyaka Bhavan, Matunga',
  venue_details: 'Main hall',
};

describe('calendar links', () => {
  it('gives Google the Mumbai start in UTC and the end after the event length', () => {
    expect(eventStart(event)?.toISOString()).toBe('2026-03-19T04:30:00.000Z');
    expect(googleDates(event)).toBe('20260319T043000Z/20260319T070000Z');
    expect(googleDates({ ...event, duration_minutes: null })).toBe(
      '20260319T043000Z/20260319T063000Z',
    );
  });
  it('makes an event without a time an all-day one, ending the next day (exclusive)', () => {
    expect(googleDates({ ...event, event_time: null })).toBe('20260319/20260320');
    expect(googleDates({ ...event, event_time: null, event_date: '2026-12-31' })).toBe(
      '20261231/20270101',
    );
  });
  it("builds Google's add-event page with the title, place, details and time zone", () => {
    const url = new URL(
      googleCalendarUrl(event, { details: 'New year', pageUrl: 'https://x.org/events/1' }),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Ugadi Sammilana & Yakshagana');
    expect(url.searchParams.get('dates')).toBe('20260319T043000Z/20260319T070000Z');
    expect(url.searchParams.get('ctz')).toBe('Asia/Kolkata');
    expect(url.searchParams.get('location')).toBe('Havyaka Bhavan, Matunga, Main hall');
    expect(url.searchParams.get('details')).toBe('New year\n\nhttps://x.org/events/1');
  });
  it('leaves the place out when there is none, and keeps Kannada whole', () => {
    const url = new URL(
      googleCalendarUrl(
        { ...event, title: 'ಯುಗಾದಿ', location: null, venue_details: null },
        { details: '', pageUrl: 'p' },
      ),
    );
    expect(url.searchParams.get('text')).toBe('ಯುಗಾದಿ');
    expect(url.searchParams.has('location')).toBe(false);
  });
  it('points the .ics and the feed at the server, with the public key', () => {
    const ics = new URL(icsUrl('https://h.org/', event.id, 'anon'));
    expect(ics.pathname).toBe('/rest/v1/rpc/event_calendar');
    expect(ics.searchParams.get('event_id')).toBe(event.id);
    expect(ics.searchParams.get('apikey')).toBe('anon');
    const feed = feedUrls('https://h.org', 'tok_en', 'anon');
    expect(feed.https).toBe(
      'https://h.org/rest/v1/rpc/event_calendar_feed?token=tok_en&apikey=anon',
    );
    expect(feed.webcal).toBe(
      'webcal://h.org/rest/v1/rpc/event_calendar_feed?token=tok_en&apikey=anon',
    );
    expect(icsFileName('Ugadi Sammilana!')).toBe('ugadi-sammilana.ics');
    expect(icsFileName('ಯುಗಾದಿ')).toBe('event.ics');
  });
});
