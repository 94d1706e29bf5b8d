// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv';
import type { EventRow } from '../../api/events';
import { eventCsvColumns } from './columns';

describe('the events CSV export', () => {
  it('writes types and states in words, the time without seconds, and guards formulas', () => {
    const event = {
      id: 'e1',
      title: '=HYPERLINK("x")',
      event_date: '2026-03-30',
      event_time: '10:30:00',
      event_type: 'cultural',
      status: 'published',
      location: 'Girinagar',
      organizer: null,
      registration_required: true,
      max_attendees: 300,
      registration_deadline: null,
    } as unknown as EventRow;
    const [head, row] = toCsv([event], eventCsvColumns())
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    expect(head).toBe(
      'Title,Date,Time,Type,Status,Location,Organizer,Registration required,Maximum attendees,Registration deadline',
    );
    expect(row).toBe(
      `"'=HYPERLINK(""x"")",2026-03-30,10:30,Cultural,Published,Girinagar,,Yes,300,`,
    );
  });
});
