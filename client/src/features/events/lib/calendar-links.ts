// The links that put an event in a calendar: the server's .ics file (public.event_calendar,
// served as text/calendar, so a plain link works without JavaScript and phones open it in their
// calendar), Google Calendar's "add event" page, and a member's subscribed feed
// (public.event_calendar_feed by its secret token, as https:// and webcal://). Times are
// Mumbai's (Asia/Kolkata, UTC+5:30, no daylight saving); an event without a time is all-day.
import type { EventRow } from '../api/events';

const IST_OFFSET_MINUTES = 330;
/** Google Calendar needs an end: an event without a length gets this one. */
export const DEFAULT_MINUTES = 120;

const pad = (n: number) => String(n).padStart(2, '0');
const utcStamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
const dateStamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;

/** The event's start in UTC (its date and time in Mumbai), or null for an all-day event. */
export function eventStart(event: Pick<EventRow, 'event_date' | 'event_time'>): Date | null {
  if (!event.event_time) return null;
  const [y, m, d] = event.event_date.split('-').map(Number);
  const [hh, mm] = event.event_time.split(':').map(Number);
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - IST_OFFSET_MINUTES * 60_000);
}

export type CalendarEvent = Pick<
  EventRow,
  'id' | 'title' | 'event_date' | 'event_time' | 'duration_minutes' | 'location' | 'venue_details'
>;

/** Google Calendar's `dates`: UTC start/end, or an all-day day and the next (exclusive). */
export function googleDates(event: CalendarEvent): string {
  const start = eventStart(event);
  if (start) {
    const end = new Date(start.getTime() + (event.duration_minutes ?? DEFAULT_MINUTES) * 60_000);
    return `${utcStamp(start)}/${utcStamp(end)}`;
  }
  const day = new Date(`${event.event_date}T00:00:00Z`);
  const next = new Date(day.getTime() + 86_400_000);
  return `${dateStamp(day)}/${dateStamp(next)}`;
}

/** Google Calendar's "add event" page for the event, with its page's address in the details. */
export function googleCalendarUrl(
  event: CalendarEvent,
  { details, pageUrl }: { details: string; pageUrl: string },
) {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: googleDates(event),
    ctz: 'Asia/Kolkata',
    details: [details.trim(), pageUrl].filter(Boolean).join('\n\n'),
  });
  const place = [event.location, event.venue_details].filter(Boolean).join(', ');
  if (place) params.set('location', place);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** A function of the REST API by GET, with the public key in the query (no header needed). */
const restUrl = (api: string, fn: string, args: Record<string, string>, key: string) =>
  `${api.replace(/\/$/, '')}/rest/v1/rpc/${fn}?${new URLSearchParams({ ...args, apikey: key }).toString()}`;

/** The event's .ics file, served by the server (text/calendar). */
export const icsUrl = (api: string, eventId: string, key: string) =>
  restUrl(api, 'event_calendar', { event_id: eventId }, key);

/** A member's feed by its secret token: https:// to paste, webcal:// to open in a calendar app. */
export function feedUrls(api: string, token: string, key: string) {
  const https = restUrl(api, 'event_calendar_feed', { token }, key);
  return { https, webcal: https.replace(/^https?:\/\//, 'webcal://') };
}

/** A file name for the download: `ugadi-sammilana.ics`. */
export const icsFileName = (title: string) =>
  `${
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event'
  }.ics`;
