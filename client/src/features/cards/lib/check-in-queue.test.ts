// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  enqueue,
  isUnreachable,
  queueKey,
  readQueue,
  sendQueued,
  type QueuedCheckIn,
  type Sender,
} from './check-in-queue';

const scan = (memberNo: string, eventId = 'e1'): QueuedCheckIn => ({
  id: `${eventId}-${memberNo}`,
  eventId,
  eventTitle: 'Ugadi',
  memberNo,
  version: 1,
  name: `Holder ${memberNo}`,
  scannedAt: '2027-03-29T12:30:00.000Z',
});

const offline = Object.assign(new Error('TypeError: Failed to fetch'), { code: 'NETWORK_ERROR' });
const notRegistered = Object.assign(new Error('Not registered for this event'), {
  code: 'PT404',
  status: 404,
});

describe('the door’s queue of check-ins (issue 36 item 8)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps scans per staff account, once per card and event', () => {
    enqueue('staff-1', scan('LM-1'));
    enqueue('staff-1', scan('LM-1'));
    enqueue('staff-1', scan('LM-1', 'e2'));
    enqueue('staff-1', scan('LM-2'));
    expect(readQueue('staff-1').map((q) => `${q.eventId}/${q.memberNo}`)).toEqual([
      'e1/LM-1',
      'e2/LM-1',
      'e1/LM-2',
    ]);
    expect(readQueue('staff-2')).toEqual([]);
  });

  it('drops what it cannot read', () => {
    localStorage.setItem(queueKey('s'), JSON.stringify([{ id: 1 }, scan('LM-3'), 'x']));
    expect(readQueue('s').map((q) => q.memberNo)).toEqual(['LM-3']);
    localStorage.setItem(queueKey('s'), '{not json');
    expect(readQueue('s')).toEqual([]);
  });

  it('sends in order; answers and refusals end a check-in', async () => {
    const sent: string[] = [];
    const send: Sender = async (entry) => {
      sent.push(entry.memberNo);
      if (entry.memberNo === 'LM-2') throw notRegistered;
      return { already: entry.memberNo === 'LM-3', checked_in_at: '2027-03-29T12:31:00Z' };
    };
    const { left, outcomes, stopped } = await sendQueued(
      [scan('LM-1'), scan('LM-2'), scan('LM-3')],
      send,
    );
    expect(sent).toEqual(['LM-1', 'LM-2', 'LM-3']);
    expect(left).toEqual([]);
    expect(stopped).toBe(false);
    expect(outcomes.map((o) => o.result)).toEqual(['checked-in', 'refused', 'already']);
  });

  it('keeps the rest when the server cannot be reached', async () => {
    let calls = 0;
    const send: Sender = async () => {
      calls += 1;
      if (calls === 2) throw offline;
      return { already: false, checked_in_at: '2027-03-29T12:31:00Z' };
    };
    const { left, outcomes, stopped } = await sendQueued(
      [scan('LM-1'), scan('LM-2'), scan('LM-3')],
      send,
    );
    expect(stopped).toBe(true);
    expect(outcomes.map((o) => o.entry.memberNo)).toEqual(['LM-1']);
    expect(left.map((q) => q.memberNo)).toEqual(['LM-2', 'LM-3']);
  });

  it('tells an unreachable server from a refusal', () => {
    expect(isUnreachable(offline)).toBe(true);
    expect(isUnreachable({ code: 'ABORTED' })).toBe(true);
    expect(isUnreachable({ status: 503 })).toBe(true);
    expect(isUnreachable(notRegistered)).toBe(false);
    expect(isUnreachable({ code: '42501', status: 403 })).toBe(false);
    expect(isUnreachable(null)).toBe(false);
  });
});
