// What the scanner's tests scan: a queued check-in of the demo member's card (tests only).
import type { QueuedCheckIn } from './check-in-queue';

export const aScan = (over: Partial<QueuedCheckIn> = {}): QueuedCheckIn => ({
  id: 's1',
  eventId: 'e1',
  eventTitle: 'Ugadi',
  memberNo: 'LM-1024',
  version: 1,
  name: 'Meera Kamath',
  scannedAt: '2027-03-29T12:30:00.000Z',
  ...over,
});
