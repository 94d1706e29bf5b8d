// Check-in from the registrations list: a big button (a phone at the door), and once checked in
// the time and an Undo for a tap on the wrong name. Cancelled registrations have none.
import { CheckCircle2, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { errorToast } from '@/lib/errors';
import { adminText } from '../../admin-text';
import { useCheckIn } from '../../api/event-day';
import type { Registration } from '../../api/registrations';

const t = adminText.day;
const time = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );

export function CheckInButton({
  r,
  name,
  eventId,
}: {
  r: Registration;
  name: string;
  eventId: string;
}) {
  const checkIn = useCheckIn(eventId);
  const run = (undo: boolean) =>
    void checkIn.mutateAsync({ userId: r.user_id, undo }).then(
      () =>
        toast({ title: undo ? t.undoneToast(name) : t.checkedInToast(name), variant: 'success' }),
      (error: unknown) => toast({ ...errorToast(error), variant: 'destructive' }),
    );
  if (r.attendance_status === 'cancelled') return null;
  if (r.attendance_status === 'attended') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="flex items-center gap-1 font-semibold text-emerald-800"
          data-testid="checked-in"
        >
          <CheckCircle2 className="h-5 w-5" aria-hidden />
          {r.checked_in_at
            ? t.checkedInAt(time(r.checked_in_at))
            : adminText.registrations.statuses.attended}
          {r.checked_in_via === 'card' && ` · ${t.byCard}`}
        </span>
        <Button
          variant="secondary"
          className="min-h-12 px-4"
          aria-label={t.undoOf(name)}
          disabled={checkIn.isPending}
          onClick={() => run(true)}
        >
          <Undo2 className="h-4 w-4" aria-hidden /> {t.undo}
        </Button>
      </div>
    );
  }
  return (
    <Button
      className="min-h-12 w-full px-6 text-base sm:w-auto"
      aria-label={t.checkInOf(name)}
      disabled={checkIn.isPending}
      onClick={() => run(false)}
    >
      {t.checkIn}
    </Button>
  );
}
