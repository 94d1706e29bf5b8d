import { describe, expect, it } from 'vitest';
import { foldLine, icsText, offlineIcs } from './ics-offline';

const event = {
  id: '7d3c0a52-0000-4000-8000-000000000001',
  title: 'ಯುಗಾದಿ ಸಮ್ಮಿಲನ, Ugadi; get-together',
  event_date: '2027-04-07',
  event_time: '18:30:00',
  duration_minutes: 90,
  location: 'Matunga',
  venue_details: 'Hall 2',
};

describe('the .ics built offline', () => {
  const ics = offlineIcs(event, {
    url: 'https://example.org/events/1',
    description: 'Line one\nLine two',
    now: new Date('2027-01-01T00:00:00Z'),
  });

  it('has CRLF lines of at most 75 octets, with the server file’s UID', () => {
    const lines = ics.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain(`UID:event-${event.id}@havyaka-community`);
    expect(ics).toContain('DTSTAMP:20270101T000000Z');
  });

  it('writes Mumbai times in UTC, the length the event has, and two reminders', () => {
    expect(ics).toContain('DTSTART:20270407T130000Z');
    expect(ics).toContain('DTEND:20270407T143000Z');
    expect(ics.match(/BEGIN:VALARM/g)).toHaveLength(2);
  });

  it('makes an event without a time an all-day event with an exclusive end', () => {
    const allDay = offlineIcs(
      { ...event, event_time: null },
      { url: 'u', description: '', now: new Date() },
    );
    expect(allDay).toContain('DTSTART;VALUE=DATE:20270407');
    expect(allDay).toContain('DTEND;VALUE=DATE:20270408');
  });

  it('escapes text and folds without splitting a Kannada letter', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'ಕನ್ನಡ'.repeat(10)}`);
    const unfolded = folded.replace(/\r\n /g, '');
    expect(unfolded).toBe(`SUMMARY:${'ಕನ್ನಡ'.repeat(10)}`);
    expect(folded.split('\r\n').length).toBeGreaterThan(1);
  });
});
