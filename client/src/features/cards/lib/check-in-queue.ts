// Check-ins at an event's door from scanned membership cards (issue 36 item 8, issue 37 item 4).
// Every valid scan is queued on this device first (localStorage, one queue per staff account,
// so it survives a reload without a network), then sent in order with check_in_member. A
// failure to reach the server (offline, a timeout, a 5xx) keeps that check-in and the ones
// after it for the next try; any other answer of the server ends it: checked in, already
// checked in, or refused with the reason. The server keeps a repeated check-in's first time.
import { readLocal, writeLocal } from '@/lib/storage';

export interface QueuedCheckIn {
  /** This device's id of the scan. */
  id: string;
  eventId: string;
  eventTitle: string;
  memberNo: string;
  /** The card's version (claim v): an older card than the member's is refused. */
  version: number | null;
  /** The name on the card, for what the scanner says. */
  name: string;
  /** When the card was scanned (ISO): the time recorded, for a check-in that waited. */
  scannedAt: string;
}

/** What the server answered a check-in. */
export interface CheckInAnswer {
  already: boolean;
  checked_in_at: string;
}

export type CheckInOutcome =
  | { entry: QueuedCheckIn; result: 'checked-in' | 'already'; at: string }
  | { entry: QueuedCheckIn; result: 'refused'; error: unknown };

export type Sender = (entry: QueuedCheckIn) => Promise<CheckInAnswer>;

export const queueKey = (userId: string) => `havyaka:check-ins:${userId}`;

const isEntry = (e: unknown): e is QueuedCheckIn => {
  const r = e as Record<string, unknown> | null;
  return (
    !!r &&
    ['id', 'eventId', 'eventTitle', 'memberNo', 'name', 'scannedAt'].every(
      (k) => typeof r[k] === 'string',
    )
  );
};

/** The check-ins waiting on this device for `userId` (anything unreadable is dropped). */
export function readQueue(userId: string): QueuedCheckIn[] {
  const kept = readLocal<unknown>(queueKey(userId), []);
  return Array.isArray(kept) ? kept.filter(isEntry) : [];
}

export function writeQueue(userId: string, entries: readonly QueuedCheckIn[]) {
  writeLocal(queueKey(userId), entries);
}

/** Adds a scan to the queue, unless the same card waits for the same event already. */
export function enqueue(userId: string, entry: QueuedCheckIn): QueuedCheckIn[] {
  const queue = readQueue(userId);
  const waiting = queue.some((q) => q.eventId === entry.eventId && q.memberNo === entry.memberNo);
  const next = waiting ? queue : [...queue, entry];
  writeQueue(userId, next);
  return next;
}

/** Whether an error means the server was not reached (so the check-in waits and is retried). */
export function isUnreachable(error: unknown): boolean {
  const { code, status } = (typeof error === 'object' && error ? error : {}) as {
    code?: unknown;
    status?: unknown;
  };
  if (code === 'NETWORK_ERROR' || code === 'ABORTED') return true;
  const s = Number(status);
  return Number.isFinite(s) && (s === 0 || s >= 500);
}

/**
 * Sends `entries` in order. Stops at the first one the server cannot be reached for: it and
 * the rest are `left`. Every answer (good or a refusal) is an outcome.
 */
export async function sendQueued(
  entries: readonly QueuedCheckIn[],
  send: Sender,
): Promise<{ left: QueuedCheckIn[]; outcomes: CheckInOutcome[]; stopped: boolean }> {
  const outcomes: CheckInOutcome[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    try {
      const answer = await send(entry);
      outcomes.push({
        entry,
        result: answer.already ? 'already' : 'checked-in',
        at: answer.checked_in_at,
      });
    } catch (error) {
      if (isUnreachable(error)) return { left: entries.slice(i), outcomes, stopped: true };
      outcomes.push({ entry, result: 'refused', error });
    }
  }
  return { left: [], outcomes, stopped: false };
}
