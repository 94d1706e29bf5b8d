import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv';
import { adminText } from '../admin-text';
import type { Registration } from '../api/registrations';
import type { WalkIn } from '../api/event-day';
import { attendeeCsvColumns, attendeeRows, istDateTime, mumbaiToday } from './attendees-csv';

const headers = adminText.day.csv;

describe("the attendees' CSV", () => {
  it('writes instants as Mumbai dates a spreadsheet reads', () => {
    expect(istDateTime('2026-03-19T04:30:00Z')).toBe('2026-03-19 10:00');
    expect(istDateTime('2026-03-19T20:00:00+00:00')).toBe('2026-03-20 01:30');
    expect(istDateTime(null)).toBe('');
    expect(istDateTime('not a date')).toBe('');
  });
  it('knows Mumbai’s today (an event’s date) whatever the device’s zone', () => {
    expect(mumbaiToday(Date.parse('2026-03-19T18:29:00Z'))).toBe('2026-03-19');
    expect(mumbaiToday(Date.parse('2026-03-19T18:30:00Z'))).toBe('2026-03-20');
  });
  it('lists registrations and walk-ins with the places each takes', () => {
    const registration = {
      id: 'r1',
      user_id: 'u1',
      guests: 2,
      attendance_status: 'attended',
      registration_date: '2026-03-01T06:00:00Z',
      checked_in_at: '2026-03-19T04:35:00Z',
      checked_in_via: 'card',
      notes: '=cmd',
      user: { full_name: 'Asha Hegde', email: 'asha@x.org', phone: '+91 98200 12345' },
    } as unknown as Registration;
    const walkIn = {
      id: 'w1',
      full_name: 'Ganesh Bhat',
      phone: null,
      seats: 3,
      checked_in_at: '2026-03-19T05:00:00Z',
    } as unknown as WalkIn;
    const rows = attendeeRows([registration], [walkIn], (s) => s.toUpperCase(), 'Walk-in');
    const csv = toCsv(rows, attendeeCsvColumns(headers)).split('\r\n');
    expect(csv[0]).toBe(
      'Name,Email,Phone,Places,Guests,Status,Registered on (IST),Checked in at (IST),Checked in by,Notes',
    );
    expect(csv[1]).toBe(
      `Asha Hegde,asha@x.org,"'+91 98200 12345",3,2,ATTENDED,2026-03-01 11:30,2026-03-19 10:05,Membership card,"'=cmd"`,
    );
    expect(csv[2]).toBe('Ganesh Bhat,,,3,2,Walk-in,,2026-03-19 10:30,,');
  });
});
