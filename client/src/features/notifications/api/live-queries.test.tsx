// The app's live queries over a fake WebSocket (the SDK's realtime client, real): a change
// invalidates the named query keys (a burst once), a rejoin after a break refetches, the
// notification list polls only while its channel is down, and a realtime client that cannot load
// leaves the queries polling.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRealtime, type WebSocketLike } from '@havyaka/sdk/realtime';
import { useNotifications } from './notifications';
import { setRealtime, useLiveQueries } from '@/lib/realtime';
import { setSdk, type Sdk } from '@/lib/sdk';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  binaryType = 'blob';
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  sent: Frame[] = [];
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Frame);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown[]) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  joins(): Frame[] {
    return this.sent.filter((f) => f[3] === 'phx_join');
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

/** Opens the latest socket and accepts its last join (or the join `which` of those sent) with
 *  the bindings it asked for, numbered. */
async function acceptJoin(which = -1) {
  await flush();
  const socket = latest();
  if (socket.readyState !== 1) socket.open();
  await flush();
  const [joinRef, ref, topic, , payload] = socket.joins().at(which) as Frame;
  const asked = (payload.config as { postgres_changes: object[] }).postgres_changes;
  await act(async () => {
    socket.receive([
      joinRef,
      ref,
      topic,
      'phx_reply',
      { status: 'ok', response: { postgres_changes: asked.map((b, i) => ({ ...b, id: i + 1 })) } },
    ]);
    await vi.advanceTimersByTimeAsync(0);
  });
  return { socket, topic, joinRef, asked };
}

function change(socket: FakeSocket, topic: string, ids: number[], table = 'notifications') {
  socket.receive([
    null,
    null,
    topic,
    'postgres_changes',
    {
      ids,
      data: {
        schema: 'public',
        table,
        commit_timestamp: '2026-12-02T00:00:00Z',
        type: 'INSERT',
        columns: [],
        record: { id: 'n1' },
        old_record: null,
        errors: null,
      },
    },
  ]);
}

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setRealtime(
    Promise.resolve(
      createRealtime('https://example.test/', 'anon-key', {
        transport: FakeSocket,
        reconnectAfterMs: () => 1000,
        heartbeatIntervalMs: 600_000,
      }),
    ),
  );
});
afterEach(() => {
  queryClient.clear();
  setRealtime(null);
  vi.useRealTimers();
});

describe('useLiveQueries', () => {
  test('subscribes to the changes it names and invalidates its keys once per burst', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(
      () =>
        useLiveQueries(
          {
            name: 'admin-members',
            changes: [{ table: 'member_directory', filter: 'status=eq.Check' }],
          },
          [
            ['members', 'list'],
            ['members', 'stats'],
          ],
        ),
      { wrapper },
    );
    expect(result.current).toBe(false);
    const { socket, topic, asked } = await acceptJoin();
    expect(topic).toMatch(/^realtime:admin-members-\d+$/);
    expect(asked).toEqual([
      { event: '*', schema: 'public', table: 'member_directory', filter: 'status=eq.Check' },
    ]);
    expect(result.current).toBe(true);
    // Joining refetches once (changes between the first read and the join).
    await act(() => vi.advanceTimersByTimeAsync(150));
    invalidate.mockClear();

    // A bulk approval: three changes within 80 ms.
    for (let i = 0; i < 3; i++) {
      act(() => change(socket, topic, [1], 'member_directory'));
      if (i < 2) await act(() => vi.advanceTimersByTimeAsync(40));
    }
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['members', 'list'],
      ['members', 'stats'],
    ]);
  });

  test('hooks joining together refetch each query once, a key under another with it', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderHook(
      () => {
        useLiveQueries({ name: 'list', changes: [{ table: 'event_registrations' }] }, [
          ['events', 'registrations', 'e1'],
          ['events', 'attendance', 'e1'],
        ]);
        useLiveQueries({ name: 'waitlist', changes: [{ table: 'event_waitlist' }] }, [
          ['events', 'registrations', 'e1', 'waitlist'],
          ['events', 'attendance', 'e1'],
        ]);
      },
      { wrapper },
    );
    await acceptJoin(0);
    await acceptJoin(1);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(invalidate.mock.calls).toEqual([
      [{ queryKey: ['events', 'registrations', 'e1'] }, { cancelRefetch: false }],
      [{ queryKey: ['events', 'attendance', 'e1'] }, { cancelRefetch: false }],
    ]);
  });

  test('after the connection drops it is not live, and the rejoin refetches what was missed', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(
      () => useLiveQueries({ name: 'bell', changes: [{ table: 'notifications' }] }, [['n']]),
      { wrapper },
    );
    const { socket } = await acceptJoin();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(result.current).toBe(true);
    invalidate.mockClear();

    await act(async () => {
      socket.close();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(FakeSocket.all).toHaveLength(2);
    await acceptJoin();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(result.current).toBe(true);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['n']]);
  });

  test('without a spec nothing connects; unmounting leaves the channel', async () => {
    const { rerender, unmount } = renderHook(
      ({ on }: { on: boolean }) =>
        useLiveQueries(on ? { name: 'bell', changes: [{ table: 'notifications' }] } : null, [
          ['n'],
        ]),
      { wrapper, initialProps: { on: false } },
    );
    await flush();
    expect(FakeSocket.all).toHaveLength(0);
    rerender({ on: true });
    const { socket, topic } = await acceptJoin();
    unmount();
    await flush();
    expect(socket.sent.some((f) => f[2] === topic && f[3] === 'phx_leave')).toBe(true);
  });

  test('a realtime client that cannot load leaves the hook quietly not live', async () => {
    setRealtime(Promise.reject(new Error('offline')));
    const { result } = renderHook(
      () => useLiveQueries({ name: 'bell', changes: [{ table: 'notifications' }] }, [['n']]),
      { wrapper },
    );
    await flush();
    expect(result.current).toBe(false);
  });
});

describe('useNotifications', () => {
  /** A stand-in for the SDK's query builder that counts reads of the notifications. */
  function countingSdk() {
    const reads = { count: 0 };
    const builder = {
      select: () => builder,
      eq: () => builder,
      order: () => builder,
      limit: () => {
        reads.count++;
        return Promise.resolve({ data: [], error: null, count: null, status: 200 });
      },
    };
    setSdk({ from: () => builder } as unknown as Sdk);
    return reads;
  }

  test('polls every 30 s while its channel is down', async () => {
    const reads = countingSdk();
    setRealtime(new Promise(() => {})); // never loads: the socket is down
    renderHook(() => useNotifications('u1'), { wrapper });
    await flush();
    expect(reads.count).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads.count).toBe(2);
  });

  test("live: a change to the user's notifications refetches; no polling meanwhile", async () => {
    const reads = countingSdk();
    renderHook(() => useNotifications('u1'), { wrapper });
    const { socket, topic, asked } = await acceptJoin();
    expect(asked).toEqual([
      { event: '*', schema: 'public', table: 'notifications', filter: 'user_id=eq.u1' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(150));
    const settled = reads.count;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(reads.count).toBe(settled);
    act(() => change(socket, topic, [1]));
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(reads.count).toBe(settled + 1);
    // Two minutes live: a 30 s poll would have read four times more.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(reads.count).toBe(settled + 1);
  });
});
