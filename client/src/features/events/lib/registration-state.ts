// Whether an event takes a registration now, and why not (spec §5: registration deadlines and
// limits). The database decides (app.check_event_registration, atomically); this only says
// beforehand what the page should offer.
import type { EventRow } from '../api/events';

export type RegistrationState =
  'notRequired' | 'open' | 'closedDeadline' | 'closedStatus' | 'full' | 'past';

export function registrationState(
  event: Pick<
    EventRow,
    'status' | 'registration_required' | 'registration_deadline' | 'max_attendees' | 'event_date'
  >,
  people: number | null,
  now = new Date(),
): RegistrationState {
  if (!event.registration_required) return 'notRequired';
  if (event.event_date < now.toLocaleDateString('en-CA')) return 'past';
  if (event.status !== 'upcoming' && event.status !== 'published') return 'closedStatus';
  if (event.registration_deadline && new Date(event.registration_deadline) < now)
    return 'closedDeadline';
  if (event.max_attendees !== null && people !== null && people >= event.max_attendees)
    return 'full';
  return 'open';
}
