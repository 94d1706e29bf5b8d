import { describe, expect, it } from 'vitest';
import { eventIcs, eventStart, foldLine, icsFileName, icsText } from './ics';

const event = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  title: 'Ugadi Sammilana',
  description: 'x',
  event_date: '2026-03-19',
  event_time: '10:00:00',
  location: 'Havyaka Bhavan, Matunga',
  venue_details: 'Main hall; first floor',
};

describe('the event as an .ics file', () => {
  it('starts at the Mumbai time, in UTC, and lasts three hours', () => {
    expect(eventStart(event)?.toISOString()).toBe('2026-03-19T04:30:00.000Z');
    const ics = eventIcs(event, {
      url: 'https://havyaka.org/events/1',
      description: 'New year',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(ics).toContain('DTSTART:20260319T043000Z\r\n');
    expect(ics).toContain('DTEND:20260319T073000Z\r\n');
    expect(ics).toContain('DTSTAMP:20260101T000000Z');
    expect(ics).toContain(`UID:${event.id}@havyaka-events`);
    expect(ics).toContain('LOCATION:Havyaka Bhavan\\, Matunga\\, Main hall\\; first floor');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });
  it('carries reminders the day before and two hours before', () => {
    const ics = eventIcs(event, { url: 'u', description: 'd' });
    expect(ics.match(/BEGIN:VALARM/g)).toHaveLength(2);
    expect(ics).toContain('TRIGGER:-P1D');
    expect(ics).toContain('TRIGGER:-PT2H');
    expect(ics).toContain('ACTION:DISPLAY');
  });
  it('makes an event without a time an all-day event', () => {
    const ics = eventIcs({ ...event, event_time: null }, { url: 'u', description: 'd' });
    expect(ics).toContain('DTSTART;VALUE=DATE:20260319');
    expect(ics).toContain('DTEND;VALUE=DATE:20260320');
  });
  it('escapes text and folds long lines at 75 octets', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'ಹವ್ಯಕ '.repeat(20)}`);
    for (const line of folded.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'ಹವ್ಯಕ '.repeat(20)}`);
  });
  it('names the file after the event', () => {
    expect(icsFileName('Ugadi Sammilana 2026!')).toBe('ugadi-sammilana-2026.ics');
    expect(icsFileName('ಯುಗಾದಿ')).toBe('event.ics');
  });
});
