// /admin/card-scanner (issue 36 item 8): event staff check membership cards at the door. The
// camera (BarcodeDetector) or a pasted code gives the token; it is checked on this device
// against the public keys and the revocation list kept from the last time online, so the
// door works without a network. A large green or red verdict, the member's name (from the
// token) and, online, their photo. With an event of the day chosen, a valid card checks its
// holder in there (issue 37 item 4): queued on the device, sent when online.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { Card, Page, PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/display-format';
import { useCardHolder, useCardKeys, useRevocations } from '../api/cards';
import { useCheckInQueue, useChosenEvent, useEventsOfTheDay } from '../api/check-ins';
import { CameraScan } from '../components/camera-scan';
import { CheckInStatus, EventChoice } from '../components/door-check-in';
import type { QueuedCheckIn } from '../lib/check-in-queue';
import { verifyCard, type Verdict } from '../lib/verify';
import { text } from '../text';

function VerdictPanel({ verdict }: { verdict: Verdict }) {
  const t = text.scanner;
  const good = verdict.status === 'valid';
  const claims = verdict.claims;
  const holder = useCardHolder(claims ? claims.m : null);
  const word = {
    valid: t.valid,
    revoked: t.revoked,
    expired: t.expired,
    invalid: t.invalid,
    'unknown-key': t.unknownKey,
  }[verdict.status];
  const name = claims?.n ?? holder.data?.full_name ?? '';
  return (
    <div
      role="status"
      data-testid="card-verdict"
      data-status={verdict.status}
      className={`mt-6 rounded-xl p-6 text-white ${good ? 'bg-green-700' : 'bg-red-700'}`}
    >
      <p className="text-4xl font-bold">{word}</p>
      {claims && (
        <div className="mt-4 flex items-center gap-4">
          {holder.data?.photo_url && (
            <img
              src={holder.data.photo_url}
              alt={t.photoAlt(name)}
              className="h-24 w-24 rounded-lg bg-white object-cover"
            />
          )}
          <div>
            <p className="text-2xl font-semibold" data-testid="verdict-name">
              {name}
            </p>
            <p>
              {t.memberNo}: {claims.m}
            </p>
            {claims.t && (
              <p>
                {t.type}: {text.types[claims.t] ?? claims.t}
              </p>
            )}
            <p>
              {t.validUntil}: {formatDate(new Date(claims.exp * 1000).toISOString())}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

export function Component() {
  const t = text.scanner;
  const keys = useCardKeys();
  const revocations = useRevocations();
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.session?.user.id : undefined;
  const events = useEventsOfTheDay(userId !== undefined);
  const [chosenId, choose] = useChosenEvent();
  // From an event's registrations screen: /admin/card-scanner?event=<id> chooses it.
  const [params] = useSearchParams();
  const asked = params.get('event');
  useEffect(() => {
    if (asked) choose(asked);
  }, [asked, choose]);
  const chosen = events.data?.find((e) => e.id === chosenId) ?? null;
  const { pending, outcomes, add, send } = useCheckInQueue(userId);
  const [last, setLast] = useState<QueuedCheckIn | null>(null);
  const check = useCallback(
    async (token: string) => {
      setCode(token);
      const found = await verifyCard(token, keys.data ?? [], revocations.data ?? []);
      setVerdict(found);
      if (found.status !== 'valid' || !chosen) {
        setLast(null);
        return;
      }
      const entry: QueuedCheckIn = {
        id: crypto.randomUUID(),
        eventId: chosen.id,
        eventTitle: chosen.title,
        memberNo: found.claims.m,
        version: found.claims.v ?? null,
        name: found.claims.n ?? found.claims.m,
        scannedAt: new Date().toISOString(),
      };
      setLast(entry);
      add(entry);
    },
    [keys.data, revocations.data, chosen, add],
  );
  const ready = keys.data !== undefined;
  const updated = Math.min(keys.dataUpdatedAt || Infinity, revocations.dataUpdatedAt || Infinity);
  return (
    <Page>
      <PageHeader title={t.title}>{t.intro}</PageHeader>
      <Card>
        {!ready && <p className="mb-3 text-sm text-red-800">{t.keysMissing}</p>}
        {ready && Number.isFinite(updated) && (
          <p className="mb-3 text-sm text-stone-700" data-testid="scanner-ready">
            {t.keysFrom(formatDate(new Date(updated).toISOString()))}
          </p>
        )}
        <EventChoice events={events.data} chosen={chosen?.id ?? null} onChoose={choose} />
        <CameraScan onCode={(c) => void check(c)} />
        <form
          className="mt-4"
          onSubmit={(e) => {
            e.preventDefault();
            void check(code);
          }}
        >
          <label htmlFor="card-token" className="mb-1 block text-sm font-semibold">
            {t.tokenLabel}
          </label>
          <textarea
            id="card-token"
            className={`${controlClass} font-mono text-xs`}
            rows={3}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <div className="mt-3 flex flex-wrap gap-3">
            <Button type="submit" disabled={!ready || !code.trim()}>
              {t.check}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setCode('');
                setVerdict(null);
                setLast(null);
              }}
            >
              {t.clear}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                void keys.refetch();
                void revocations.refetch();
                void events.refetch();
              }}
            >
              {t.refresh}
            </Button>
          </div>
        </form>
        {verdict && <VerdictPanel verdict={verdict} />}
        <CheckInStatus
          last={last}
          pending={pending}
          outcomes={outcomes}
          onSend={() => void send()}
        />
      </Card>
    </Page>
  );
}
