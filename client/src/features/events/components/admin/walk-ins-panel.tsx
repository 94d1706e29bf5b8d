// Walk-in guests without an account, on an event's registrations screen: a short form (name,
// phone, places) and the list with Remove. The database counts their places against the
// maximum under the event's lock; a refusal ("This event is full") is shown as it comes.
import { UserPlus, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextBox } from '@/components/ui/text-box';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/display-format';
import { adminText } from '../../admin-text';
import { useWalkInAction, useWalkIns } from '../../api/event-day';
import { registrationError } from '../event-registration';
import { TitledSection } from '@/components/ui/section';

const t = adminText.day;

export function WalkInsPanel({ eventId }: { eventId: string }) {
  const walkIns = useWalkIns(eventId);
  const act = useWalkInAction(eventId);
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [seats, setSeats] = useState(1);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const name = fullName.trim();
    if (!name) {
      setError(t.walkInNameMissing);
      return;
    }
    setError(undefined);
    void act.mutateAsync({ add: { fullName: name, phone, seats } }).then(
      () => {
        toast({ title: t.walkInAdded(name), variant: 'success' });
        setFullName('');
        setPhone('');
        setSeats(1);
      },
      (failure: unknown) => toast({ ...registrationError(failure), variant: 'destructive' }),
    );
  };

  const list = walkIns.data ?? [];
  return (
    <TitledSection
      id="walk-ins-title"
      title={t.walkInTitle}
      titleClassName="font-serif text-lg font-bold"
      data-testid="walk-ins"
      className="rounded-lg border border-stone-200 bg-white p-4"
    >
      <p className="mb-3 text-sm text-stone-600">{t.walkInIntro}</p>
      <form
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end"
        noValidate
      >
        <TextBox
          label={t.walkInName}
          error={error}
          required
          value={fullName}
          autoComplete="off"
          maxLength={100}
          onValue={setFullName}
        />
        <TextBox
          label={t.walkInPhone}
          type="tel"
          value={phone}
          autoComplete="off"
          maxLength={20}
          onValue={setPhone}
        />
        <Field label={t.walkInSeats} hint={t.walkInSeatsHint}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            value={seats}
            onChange={(e) =>
              setSeats(Math.min(50, Math.max(1, Math.trunc(Number(e.target.value)) || 1)))
            }
          />
        </Field>
        <Button type="submit" className="min-h-12" disabled={act.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden /> {t.walkInAdd}
        </Button>
      </form>
      {list.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t.walkInNone}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100">
          {list.map((w) => (
            <li
              key={w.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="walk-in"
            >
              <div>
                <p className="font-medium">
                  {w.full_name} · {t.walkInSeatsOf(w.seats)}
                </p>
                <p className="text-sm text-stone-600">
                  {[w.phone, formatDateTime(w.checked_in_at)].filter(Boolean).join(' · ')}
                </p>
              </div>
              <ConfirmButton
                className="min-h-12 text-red-700"
                aria-label={t.walkInRemoveOf(w.full_name)}
                confirm={{
                  title: t.walkInRemoveConfirm(w.full_name),
                  confirmLabel: t.walkInRemove,
                }}
                action={() => act.mutateAsync({ remove: w.id })}
                done={t.walkInRemoved}
              >
                <XCircle className="h-4 w-4" aria-hidden /> {t.walkInRemove}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
