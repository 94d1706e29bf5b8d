import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readQueue, type CheckInAnswer } from '../lib/check-in-queue';
import { aScan } from '../lib/test-scans';
import { useCheckInQueue } from './check-ins';

const scan = aScan();
const offline = Object.assign(new Error('Failed to fetch'), { code: 'NETWORK_ERROR' });
const answered: CheckInAnswer = { already: false, checked_in_at: scan.scannedAt };

/** Lets the promises settle (the hook's sending is a chain of awaits), with no timer run. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });

describe('the door’s queue of check-ins (issue 37 item 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('tries again a second after the server could not be reached, not half a minute', async () => {
    const sender = vi.fn().mockRejectedValueOnce(offline).mockResolvedValue(answered);
    const { result } = renderHook(() => useCheckInQueue('u1', sender));
    act(() => result.current.add(scan));
    await settle();
    expect(sender).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await settle();
    expect(sender).toHaveBeenCalledTimes(2);
    expect(result.current.pending).toHaveLength(0);
    expect(result.current.outcomes.map((o) => o.result)).toEqual(['checked-in']);
    expect(readQueue('u1')).toEqual([]);
  });

  it('the network back while an offline try is still failing: tried again at once', async () => {
    let fail: (e: unknown) => void = () => {};
    const sender = vi
      .fn()
      .mockImplementationOnce(() => new Promise<CheckInAnswer>((_, reject) => (fail = reject)))
      .mockResolvedValue(answered);
    const { result } = renderHook(() => useCheckInQueue('u1', sender));
    act(() => result.current.add(scan));
    await settle();
    expect(sender).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(sender).toHaveBeenCalledTimes(1); // the first try is still under way
    fail(offline);
    await settle();
    expect(sender).toHaveBeenCalledTimes(2);
    expect(result.current.pending).toHaveLength(0);
    expect(result.current.outcomes.map((o) => o.result)).toEqual(['checked-in']);
  });
});
