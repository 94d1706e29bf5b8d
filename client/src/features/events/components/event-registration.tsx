// The Register panel of an event that takes registrations: sign in first, register, cancel,
// or why it cannot (deadline passed, full, closed, over); and the event for the user's
// calendar. The database has the last word (capacity is checked atomically there).
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { errorToast } from '@/lib/errors';
import { formatDateTime } from '@/lib/display-format';
import type { EventRow } from '../api/events';
import {
  useMyRegistration,
  usePublicAttendance,
  useRegisterForEvent,
} from '../api/my-registrations';
import { registrationState } from '../lib/registration-state';
import { text } from '../text';
import { CalendarLinks } from './calendar-links';
import { EventWaitlist } from './event-waitlist';
import { GuestsField } from './guests-field';
import { useCancelFlow } from './use-cancel-flow';
import { errorText } from '@/lib/text';
import { TitledSection } from '@/components/ui/section';

/** A refusal of the registration trigger in the page's words, or the §8 toast. */
export function registrationError(error: unknown) {
  const message = (error as { message?: unknown } | null)?.message;
  const known = typeof message === 'string' ? text.serverRefusals[message] : undefined;
  return known ? { title: errorText.title, description: known } : errorToast(error);
}

export function EventRegistration({ event }: { event: EventRow }) {
  const auth = useAuth();
  const location = useLocation();
  const userId = auth.status === 'signedIn' ? auth.session?.user.id : undefined;
  const mine = useMyRegistration(userId, event.id);
  const attendance = usePublicAttendance(event.id, event.registration_required);
  const register = useRegisterForEvent();
  const cancelFlow = useCancelFlow();
  const [guests, setGuests] = useState(0);
  const people = attendance.data?.people ?? null;
  const state = registrationState(event, people);
  const own = mine.data;
  const active = own && own.attendance_status !== 'cancelled';

  const onRegister = () =>
    register.mutate(
      { userId: userId!, eventId: event.id, existingId: own?.id, guests },
      {
        onSuccess: () =>
          toast({
            title: text.registeredToast,
            description: text.registeredToastBody(event.title),
            variant: 'success',
          }),
        onError: (error) => toast({ ...registrationError(error), variant: 'destructive' }),
      },
    );
  const onCancel = () =>
    own && cancelFlow.run({ id: own.id, eventId: event.id, title: event.title });

  const closedMessage =
    state === 'closedDeadline'
      ? text.closedDeadline
      : state === 'full'
        ? text.full
        : state === 'closedStatus'
          ? text.closedStatus
          : state === 'past'
            ? text.happened
            : null;
  const left =
    event.max_attendees !== null && people !== null ? event.max_attendees - people : null;

  return (
    <TitledSection
      id="event-registration-title"
      title={text.registration}
      titleClassName="font-serif text-lg font-bold"
      data-testid="event-registration"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-5"
    >
      {event.registration_required && state !== 'past' && (
        <p className="text-sm text-stone-700">
          {event.registration_deadline &&
            text.deadline(formatDateTime(event.registration_deadline))}
          {left !== null && left > 0 && state === 'open' && ` ${text.placesLeft(left)}.`}
        </p>
      )}
      {!event.registration_required && <p className="text-sm">{text.noRegistration}</p>}
      {event.registration_required && active && (
        <>
          <p className="flex items-center gap-2 font-semibold text-emerald-800" role="status">
            <CheckCircle2 className="h-5 w-5" aria-hidden /> {text.registered}
          </p>
          {state !== 'past' && (
            <Button variant="secondary" onClick={onCancel} disabled={cancelFlow.isPending}>
              {text.cancelRegistration}
            </Button>
          )}
        </>
      )}
      {event.registration_required && !active && (
        <>
          {own?.attendance_status === 'cancelled' && (
            <p className="text-sm text-stone-700">{text.youCancelled}</p>
          )}
          {closedMessage ? (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {closedMessage}
            </p>
          ) : null}
          {userId && (state === 'full' || state === 'open') && (
            <EventWaitlist eventId={event.id} userId={userId} full={state === 'full'} />
          )}
          {closedMessage ? null : !userId ? (
            <div className="space-y-2">
              <ButtonLink to="/login" state={{ from: location.pathname }}>
                {text.signInToRegister}
              </ButtonLink>
              <p className="text-xs text-stone-600">{text.signInToRegisterBody}</p>
            </div>
          ) : (
            <>
              <GuestsField value={guests} onChange={setGuests} />
              <Button onClick={onRegister} disabled={register.isPending || mine.isPending}>
                {register.isPending
                  ? text.registering
                  : own?.attendance_status === 'cancelled'
                    ? text.registerAgain
                    : text.register}
              </Button>
            </>
          )}
        </>
      )}
      {state !== 'past' && <CalendarLinks event={event} />}
    </TitledSection>
  );
}
