// The waitlist part of an event's Register panel: join when the event is full, the place held
// (waiting), an offer to accept or decline before it expires, or leave. The database decides
// (the event row is the lock); the page only offers what fits the user's place.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/display-format';
import { useMyWaitlistPlace, useWaitlistAction, type WaitlistAction } from '../api/waitlist';
import { text } from '../text';
import { registrationError } from './event-registration';
import { GuestsField } from './guests-field';

export function EventWaitlist({
  eventId,
  userId,
  full,
}: {
  eventId: string;
  userId: string;
  full: boolean;
}) {
  const place = useMyWaitlistPlace(userId, eventId);
  const act = useWaitlistAction(userId, eventId);
  const [guests, setGuests] = useState(0);
  const status = place.data?.status;
  // The answer is awaited, not given to mutate's callbacks: accepting re-renders the event's
  // registration, and callbacks of a call whose component has gone are never run.
  const run = (action: WaitlistAction) =>
    void act.mutateAsync({ action, guests }).then(
      () => toast({ title: text.waitlist.done[action], variant: 'success' }),
      (error: unknown) => toast({ ...registrationError(error), variant: 'destructive' }),
    );

  if (status === 'offered' && place.data?.offer_expires_at) {
    return (
      <div data-testid="waitlist-offer" className="space-y-2 rounded-md bg-emerald-50 p-3">
        <p role="status" className="text-sm font-semibold text-emerald-900">
          {text.waitlist.offered(formatDateTime(place.data.offer_expires_at))}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => run('accept')} disabled={act.isPending}>
            {text.waitlist.accept}
          </Button>
          <Button variant="secondary" onClick={() => run('decline')} disabled={act.isPending}>
            {text.waitlist.decline}
          </Button>
        </div>
      </div>
    );
  }
  if (status === 'waiting') {
    return (
      <div data-testid="waitlist-waiting" className="space-y-2">
        <p role="status" className="text-sm text-stone-800">
          {text.waitlist.waiting}
        </p>
        <Button variant="secondary" onClick={() => run('leave')} disabled={act.isPending}>
          {text.waitlist.leave}
        </Button>
      </div>
    );
  }
  if (!full || place.isPending) return null;
  return (
    <div className="space-y-2">
      <p className="text-sm text-stone-700">{text.waitlist.intro}</p>
      <GuestsField value={guests} onChange={setGuests} />
      <Button onClick={() => run('join')} disabled={act.isPending}>
        {guests > 0 ? text.waitlist.joinWithGuests(1 + guests) : text.waitlist.join}
      </Button>
    </div>
  );
}
