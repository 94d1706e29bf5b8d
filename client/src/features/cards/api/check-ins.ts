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
  type Sender,
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

// A queue the server could not be reached for is tried again after 1 s, then 2, 4... up to
// 30 s: the network that has just come back is often not quite there at the `online` event.
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * The queue of the signed-in staff member: what waits to be sent, what was answered (newest
 * first), `add` (saves a scan and sends what waits) and `send` (tries again now). `sender` is
 * the server's check-in (replaced in tests).
 */
export function useCheckInQueue(userId: string | undefined, sender: Sender = sendCheckIn) {
  const [pending, setPending] = useState<QueuedCheckIn[]>(() => (userId ? readQueue(userId) : []));
  const [outcomes, setOutcomes] = useState<CheckInOutcome[]>([]);
  const sending = useRef(false);
  // Asked to send while a sending was under way (the network came back while a try made
  // offline was still failing): once that one ends, the queue is tried again at once.
  const askedAgain = useRef(false);
  const retry = useRef<{ timer?: number; delay: number }>({ delay: FIRST_RETRY_MS });
  const sendRef = useRef<() => Promise<void>>(async () => {});

  const send = useCallback(async () => {
    if (!userId) return;
    if (sending.current) {
      askedAgain.current = true;
      return;
    }
    sending.current = true;
    window.clearTimeout(retry.current.timer);
    let unreachable: boolean;
    try {
      do {
        askedAgain.current = false;
        unreachable = false;
        for (;;) {
          const queue = readQueue(userId);
          if (queue.length === 0) break;
          const { outcomes: answered, stopped } = await sendQueued(queue, sender);
          // Scans added while sending stay; the answered ones go.
          const done = new Set(answered.map((o) => o.entry.id));
          writeQueue(
            userId,
            readQueue(userId).filter((q) => !done.has(q.id)),
          );
          if (answered.length > 0)
            setOutcomes((prev) => [...answered.reverse(), ...prev].slice(0, 30));
          unreachable = stopped;
          if (stopped || answered.length === 0) break;
        }
      } while (askedAgain.current);
    } finally {
      sending.current = false;
      setPending(readQueue(userId));
    }
    if (!unreachable) {
      retry.current.delay = FIRST_RETRY_MS;
    } else if (navigator.onLine) {
      // Offline, the `online` event starts the next try.
      retry.current.timer = window.setTimeout(() => void sendRef.current(), retry.current.delay);
      retry.current.delay = Math.min(retry.current.delay * 2, LAST_RETRY_MS);
    }
  }, [userId, sender]);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

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
    const backoff = retry.current;
    const online = () => {
      backoff.delay = FIRST_RETRY_MS;
      void send();
    };
    window.addEventListener('online', online);
    // However the device's network comes and goes, what waits is tried every half minute.
    const timer = window.setInterval(() => {
      if (readQueue(userId).length > 0) void send();
    }, LAST_RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
      window.clearTimeout(backoff.timer);
    };
  }, [userId, send]);

  return { pending, outcomes, add, send };
}
