import { describe, expect, it } from 'vitest';
import { registrationState } from './registration-state';

const now = new Date('2026-03-01T10:00:00+05:30');
const event = {
  status: 'published',
  registration_required: true,
  registration_deadline: '2026-03-10T00:00:00+05:30',
  max_attendees: 10,
  event_date: '2026-03-19',
};

describe('whether an event takes a registration now', () => {
  it('is open before the deadline with places left', () => {
    expect(registrationState(event, 9, now)).toBe('open');
    expect(registrationState({ ...event, max_attendees: null }, 500, now)).toBe('open');
    expect(registrationState(event, null, now)).toBe('open');
  });
  it('says why not', () => {
    expect(registrationState(event, 10, now)).toBe('full');
    expect(registrationState(event, 0, new Date('2026-03-11T00:00:00+05:30'))).toBe(
      'closedDeadline',
    );
    expect(registrationState({ ...event, status: 'completed' }, 0, now)).toBe('closedStatus');
    expect(registrationState({ ...event, event_date: '2026-02-01' }, 0, now)).toBe('past');
    expect(registrationState({ ...event, registration_required: false }, 0, now)).toBe(
      'notRequired',
    );
  });
});
