// Check-ins from the card scanner (issue 36 item 8, issue 37 item 4): the events of the day
// that take registrations (kept on the device, so the door works offline after one visit),
// the event staff chose (kept too), and the queue of check-ins: each scan is saved on the
// device, sent with check_in_member (event staff only; idempotent; the time of the scan
// recorded), and sent again when the device is back online.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { readLocal, writeLocal } from '@/lib/storage';
import {
  enqueue as enqueueLocal,
  readQueue,
  sendQueued,
  writeQueue,
  type CheckInAnswer,
  type CheckInOutcome,
  type QueuedCheckIn,
} from '../lib/check-in-queue';

export interface DayEvent {
  id: string;
  title: string;
  event_time: string | null;
  location: string | null;
}

/** Today's date in Mumbai, YYYY-MM-DD. */
export const mumbaiToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);

/** The events of the day that take registrations (for the scanner's "Check in at"). */
export const useEventsOfTheDay = (enabled: boolean) => {
  const day = mumbaiToday();
  return useQuery({
    queryKey: ['cards', 'events-today', day],
    enabled,
    queryFn: async (): Promise<DayEvent[]> =>
      unwrap(
        await sdk()
          .from('events')
          .select('id, title, event_time, location')
          .eq('event_date', day)
          .eq('registration_required', true)
          .in('status', ['upcoming', 'published'])
          .order('event_time', { ascending: true }),
      ),
  });
};

const CHOSEN = 'havyaka:scanner-event';

/** The event the scanner checks people in at (kept on the device), or null: cards only. */
export function useChosenEvent(): [string | null, (id: string | null) => void] {
  const [chosen, setChosen] = useState<string | null>(() => readLocal<string | null>(CHOSEN, null));
  const choose = useCallback((id: string | null) => {
    writeLocal(CHOSEN, id);
    setChosen(id);
  }, []);
  return [chosen, choose];
}

async function sendCheckIn(entry: QueuedCheckIn): Promise<CheckInAnswer> {
  const rows = unwrap(
    await sdk().rpc('check_in_member', {
      event_id: entry.eventId,
      member_no: entry.memberNo,
      card_version: entry.version ?? undefined,
      scanned_at: entry.scannedAt,
    }),
  );
  const row = rows[0];
  return { already: row?.already ?? false, checked_in_at: row?.checked_in_at ?? entry.scannedAt };
}

const RETRY_MS = 30_000;

/**
 * The queue of the signed-in staff member: what waits to be sent, what was answered (newest
 * first), `add` (saves a scan and sends what waits) and `send` (tries again now).
 */
export function useCheckInQueue(userId: string | undefined) {
  const [pending, setPending] = useState<QueuedCheckIn[]>(() => (userId ? readQueue(userId) : []));
  const [outcomes, setOutcomes] = useState<CheckInOutcome[]>([]);
  const sending = useRef(false);

  const send = useCallback(async () => {
    if (!userId || sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const queue = readQueue(userId);
        if (queue.length === 0) break;
        const { outcomes: answered, stopped } = await sendQueued(queue, sendCheckIn);
        // Scans added while sending stay; the answered ones go.
        const done = new Set(answered.map((o) => o.entry.id));
        writeQueue(
          userId,
          readQueue(userId).filter((q) => !done.has(q.id)),
        );
        if (answered.length > 0)
          setOutcomes((prev) => [...answered.reverse(), ...prev].slice(0, 30));
        if (stopped || answered.length === 0) break;
      }
    } finally {
      sending.current = false;
      setPending(readQueue(userId));
    }
  }, [userId]);

  const add = useCallback(
    (entry: QueuedCheckIn) => {
      if (!userId) return;
      setPending(enqueueLocal(userId, entry));
      void send();
    },
    [userId, send],
  );

  useEffect(() => {
    if (!userId) return;
    setPending(readQueue(userId));
    void send();
    const online = () => void send();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (readQueue(userId).length > 0) void send();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [userId, send]);

  return { pending, outcomes, add, send };
}
