// The scanner's check-in at an event's door (issue 37 item 4): staff pick the event of the day
// (kept on the device), and every valid card scanned is checked in there: queued on the device
// and sent when online. What happened to the last scan, how many wait, and the recent answers.
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { dataMessage } from '@/lib/errors';
import type { CheckInOutcome, QueuedCheckIn } from '../lib/check-in-queue';
import type { DayEvent } from '../api/check-ins';
import { text } from '../text';

const t = text.checkIn;

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );

/** The server's refusal in the reader's words. */
export function refusalReason(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  switch (message) {
    case 'Not registered for this event':
      return t.reasons.notRegistered;
    case 'This card is revoked':
      return t.reasons.revoked;
    case 'No member has this number':
      return t.reasons.unknownMember;
    case 'This event is cancelled':
      return t.reasons.eventCancelled;
    default:
      return dataMessage(error);
  }
}

export function outcomeWords(outcome: CheckInOutcome): string {
  const { entry } = outcome;
  if (outcome.result === 'refused') return t.refused(entry.name, refusalReason(outcome.error));
  if (outcome.result === 'already') return t.already(entry.name, time(outcome.at));
  return t.checkedIn(entry.name, entry.eventTitle);
}

export function EventChoice({
  events,
  chosen,
  onChoose,
}: {
  events: DayEvent[] | undefined;
  chosen: string | null;
  onChoose: (id: string | null) => void;
}) {
  if (events === undefined) return <p className="mb-3 text-sm text-stone-700">{t.eventsMissing}</p>;
  if (events.length === 0) return <p className="mb-3 text-sm text-stone-700">{t.noEventsToday}</p>;
  return (
    <div className="mb-4">
      <label htmlFor="check-in-event" className="mb-1 block text-sm font-semibold">
        {t.eventLabel}
      </label>
      <select
        id="check-in-event"
        className={controlClass}
        value={chosen ?? ''}
        onChange={(e) => onChoose(e.target.value || null)}
      >
        <option value="">{t.noEvent}</option>
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {[event.event_time?.slice(0, 5), event.title, event.location]
              .filter(Boolean)
              .join(' · ')}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What became of the last scan's check-in, and the queue. */
export function CheckInStatus({
  last,
  pending,
  outcomes,
  onSend,
}: {
  last: QueuedCheckIn | null;
  pending: QueuedCheckIn[];
  outcomes: CheckInOutcome[];
  onSend: () => void;
}) {
  const waiting = last !== null && pending.some((q) => q.id === last.id);
  const answer = last === null ? undefined : outcomes.find((o) => o.entry.id === last.id);
  const good = answer !== undefined && answer.result !== 'refused';
  return (
    <div className="mt-4 space-y-3">
      {last && (waiting || answer) && (
        <p
          role="status"
          data-testid="check-in-status"
          data-result={waiting ? 'queued' : answer?.result}
          className={`rounded-lg p-4 text-lg font-semibold ${
            waiting
              ? 'bg-amber-50 text-amber-900'
              : good
                ? 'bg-green-50 text-green-900'
                : 'bg-red-50 text-red-900'
          }`}
        >
          {waiting ? t.queued(last.name) : answer && outcomeWords(answer)}
        </p>
      )}
      {pending.length > 0 && (
        <div className="flex flex-wrap items-center gap-3" data-testid="check-ins-pending">
          <p className="text-sm text-stone-800">{t.pending(pending.length)}</p>
          <Button type="button" variant="secondary" onClick={onSend}>
            {t.sendNow}
          </Button>
        </div>
      )}
      {outcomes.length > 0 && (
        <section aria-labelledby="check-ins-recent">
          <h2 id="check-ins-recent" className="mb-1 text-sm font-semibold">
            {t.recent}
          </h2>
          <ul className="divide-y divide-stone-100 text-sm" data-testid="check-ins-recent">
            {outcomes.map((o, i) => (
              <li key={`${o.entry.id}-${i}`} className="py-1">
                {outcomeWords(o)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
