// An event as an iCalendar file (RFC 5545) for the user's calendar, with a reminder (VALARM) the
// day before and two hours before. Times are Mumbai's (Asia/Kolkata, UTC+5:30, no daylight
// saving), written in UTC; an event without a time is an all-day event.
import type { EventRow } from '../api/events';

const IST_OFFSET_MINUTES = 330;
/** An event without an end time lasts this long in the calendar. */
const DEFAULT_HOURS = 3;

const pad = (n: number) => String(n).padStart(2, '0');
const utcStamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;

/** Text escaped for a property value (backslash, semicolon, comma, newline). */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets folded (continuation lines start with a space). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The event's start in UTC (its date and time in Mumbai), or null for an all-day event. */
export function eventStart(event: Pick<EventRow, 'event_date' | 'event_time'>): Date | null {
  if (!event.event_time) return null;
  const [y, m, d] = event.event_date.split('-').map(Number);
  const [hh, mm] = event.event_time.split(':').map(Number);
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - IST_OFFSET_MINUTES * 60_000);
}

type IcsEvent = Pick<
  EventRow,
  'id' | 'title' | 'description' | 'event_date' | 'event_time' | 'location' | 'venue_details'
>;

/** The calendar file of one event; `url` is the event's page, `description` plain text. */
export function eventIcs(
  event: IcsEvent,
  { url, description, now = new Date() }: { url: string; description: string; now?: Date },
): string {
  const start = eventStart(event);
  const when = start
    ? [
        `DTSTART:${utcStamp(start)}`,
        `DTEND:${utcStamp(new Date(start.getTime() + DEFAULT_HOURS * 3_600_000))}`,
      ]
    : (() => {
        const day = event.event_date.replace(/-/g, '');
        const next = new Date(`${event.event_date}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        return [
          `DTSTART;VALUE=DATE:${day}`,
          `DTEND;VALUE=DATE:${next.toISOString().slice(0, 10).replace(/-/g, '')}`,
        ];
      })();
  const place = [event.location, event.venue_details].filter(Boolean).join(', ');
  const alarm = (trigger: string) => [
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(event.title)}`,
    `TRIGGER:${trigger}`,
    'END:VALARM',
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Havyaka Community Trust//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@havyaka-events`,
    `DTSTAMP:${utcStamp(now)}`,
    ...when,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(`${description}\n\n${url}`)}`,
    ...(place ? [`LOCATION:${icsText(place)}`] : []),
    `URL:${url}`,
    ...alarm('-P1D'),
    ...alarm('-PT2H'),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
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

/** Offers the file to the browser (a download; phones open it in their calendar). */
export function downloadIcs(fileName: string, ics: string) {
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
