// The waitlist on an event's registrations screen: offers held (until when) and the queue in
// order, live; event staff move an entry up (recorded) or run the offers now.
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { errorToast } from '@/lib/errors';
import { formatDateTime } from '@/lib/display-format';
import { adminText } from '../../admin-text';
import { useEventWaitlist, useWaitlistStaffAction } from '../../api/admin-waitlist';

const t = adminText.waitlist;

export function EventWaitlistPanel({ eventId }: { eventId: string }) {
  const waitlist = useEventWaitlist(eventId);
  const act = useWaitlistStaffAction(eventId);
  const entries = waitlist.data ?? [];
  const onError = (error: unknown) => toast({ ...errorToast(error), variant: 'destructive' });
  return (
    <section
      aria-labelledby="waitlist-title"
      data-testid="admin-waitlist"
      className="rounded-lg border border-stone-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="waitlist-title" className="font-serif text-lg font-bold">
          {t.title(entries.length)}
        </h2>
        <Button
          variant="secondary"
          disabled={act.isPending}
          onClick={() =>
            act.mutate(
              { runOffers: true },
              {
                onSuccess: (made) =>
                  toast({ title: t.offersMade(Number(made) || 0), variant: 'success' }),
                onError,
              },
            )
          }
        >
          {t.runOffers}
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-stone-600">{t.empty}</p>
      ) : (
        <ol className="divide-y divide-stone-100">
          {entries.map((entry, index) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-medium">
                  {index + 1}. {entry.user?.full_name ?? entry.user?.email ?? t.someone}
                  {entry.guests > 0 && ` ${t.guests(entry.guests)}`}
                </p>
                <p className="text-sm text-stone-600">
                  {entry.status === 'offered' && entry.offer_expires_at
                    ? t.offeredUntil(formatDateTime(entry.offer_expires_at))
                    : t.joined(formatDateTime(entry.joined_at))}
                  {entry.moved_at && ` · ${t.moved}`}
                </p>
              </div>
              {entry.status === 'waiting' && (
                <Button
                  variant="secondary"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ moveUp: entry.id }, { onError })}
                >
                  {t.moveUp}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
