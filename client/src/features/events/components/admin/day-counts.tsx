// The counts of an event's day on its registrations screen, live: places taken against the
// maximum (registrations, walk-ins and seats held by offers), people checked in, registrations,
// walk-ins, the waitlist and the offers held.
import { adminText } from '../../admin-text';
import { useDayCounts } from '../../api/event-day';

const t = adminText.day;

function Tile({
  label,
  value,
  detail,
  id,
}: {
  label: string;
  value: string;
  detail?: string;
  id: string;
}) {
  return (
    <div className="rounded-md bg-stone-50 p-3" data-testid={`count-${id}`}>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {detail && <dd className="text-sm text-stone-600">{detail}</dd>}
    </div>
  );
}

/** While the counts load: the same tiles, their values a dash, so the panels below do not
 *  move when the numbers arrive (a layout shift). */
const LOADING = { value: '–', detail: '\u00a0' };

export function DayCounts({ eventId }: { eventId: string }) {
  const counts = useDayCounts(eventId);
  const c = counts.data;
  const full = c && c.max_attendees !== null && c.seats_taken >= c.max_attendees;
  const present = c ? c.people_checked_in + c.walk_in_seats : 0;
  const expected = c ? c.people + c.walk_in_seats : 0;
  const shown = (value: () => string, detail: () => string) =>
    c ? { value: value(), detail: detail() } : LOADING;
  return (
    <section
      aria-labelledby="day-counts-title"
      className="rounded-lg border border-stone-200 bg-white p-4"
      data-testid="day-counts"
      aria-live="polite"
      aria-busy={!c}
    >
      <h2 id="day-counts-title" className="mb-3 font-serif text-lg font-bold">
        {t.countsTitle}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Tile
          id="seats"
          label={t.seatsTaken}
          {...shown(
            () => t.seatsOf(c!.seats_taken, c!.max_attendees),
            () => (full ? adminText.registrations.full : t.seatsHint),
          )}
        />
        <Tile
          id="checked-in"
          label={t.checkedIn}
          {...shown(
            () => String(present),
            () => t.checkedInOf(present, expected),
          )}
        />
        <Tile
          id="registered"
          label={t.registered}
          {...shown(
            () => String(c!.people),
            () => t.registeredDetail(c!.registrations, c!.people),
          )}
        />
        <Tile
          id="walk-ins"
          label={t.walkIns}
          {...shown(
            () => String(c!.walk_in_seats),
            () => t.walkInsDetail(c!.walk_ins, c!.walk_in_seats),
          )}
        />
        <Tile
          id="waiting"
          label={t.waitlist}
          {...shown(
            () => String(c!.waiting),
            () => t.waiting(c!.waiting),
          )}
        />
        <Tile
          id="offers"
          label={t.offers}
          {...shown(
            () => String(c!.offered_seats),
            () => t.offersDetail(c!.offered, c!.offered_seats),
          )}
        />
      </dl>
    </section>
  );
}
