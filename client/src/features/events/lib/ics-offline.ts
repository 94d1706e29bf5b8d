// The .ics built on the device, for when it is offline (issue 40's offline promise: "their own
// registrations and .ics files"): the server's file (public.event_calendar) is the one a link
// fetches online; offline the same event, saved on the device, becomes a file here. Times as in
// calendar-links.ts (Google's dates: UTC start/end, or an all-day day and the next).
import { googleDates, type CalendarEvent } from './calendar-links';

/** Text escaped for a property value (backslash, semicolon, comma, newline). */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets folded (continuation lines start with a space), RFC 5545 §3.1. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
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

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The calendar file of one event; `url` is the event's page, `description` plain text. */
export function offlineIcs(
  event: CalendarEvent,
  { url, description, now = new Date() }: { url: string; description: string; now?: Date },
): string {
  const [start, end] = googleDates(event).split('/');
  const value = (v: string) => (v.includes('T') ? `:${v}` : `;VALUE=DATE:${v}`);
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
    'PRODID:-//Community events//Offline copy//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@havyaka-community`, // the server file's UID: one event, not two
    `DTSTAMP:${stamp(now)}`,
    `DTSTART${value(start)}`,
    `DTEND${value(end)}`,
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

/** Offers the file to the browser (a download; phones open it in their calendar). */
export function downloadIcs(fileName: string, ics: string) {
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
