// Realtime over a fake WebSocket: the frames a join sends, postgres_changes routed by the ids
// of the join reply, broadcasts and presence, rejoining after the socket drops, the token
// following setAuth, and a binding mismatch refused.

import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRealtime, type WebSocketLike } from '../../src/realtime';

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
  receive(frame: unknown[] | ArrayBuffer) {
    this.onmessage?.({ data: frame instanceof ArrayBuffer ? frame : JSON.stringify(frame) });
  }
  last(event: string): Frame {
    const found = this.sent.filter((f) => f[3] === event).at(-1);
    if (!found) throw new Error(`no ${event} sent`);
    return found;
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;
const client = () => createRealtime('https://example.test/', 'anon-key', { transport: FakeSocket });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** Answers the last join of `topic` with `response`. */
function acceptJoin(
  socket: FakeSocket,
  response: Record<string, unknown> = { postgres_changes: [] },
) {
  const [joinRef, ref, topic] = socket.last('phx_join');
  socket.receive([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]);
  return joinRef;
}

describe('realtime', () => {
  test('a join says what it listens to; changes reach the bindings the server numbered', () => {
    const realtime = client();
    const got: unknown[] = [];
    const statuses: string[] = [];
    const channel = realtime
      .channel('bell')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notes', filter: 'id=eq.1' },
        (c) => got.push(['insert', c]),
      )
      .on('postgres_changes', { event: '*', schema: 'public', table: 'notes' }, (c) =>
        got.push(['all', c]),
      )
      .subscribe((status) => statuses.push(status));
    const socket = latest();
    expect(socket.url).toBe('wss://example.test/realtime/v1/websocket?apikey=anon-key&vsn=2.0.0');
    socket.open();
    const join = socket.last('phx_join');
    expect(join[2]).toBe('realtime:bell');
    expect(join[0]).toBe(join[1]);
    expect(join[4]).toEqual({
      config: {
        broadcast: { ack: false, self: false },
        presence: { key: '', enabled: false },
        postgres_changes: [
          { event: 'INSERT', schema: 'public', table: 'notes', filter: 'id=eq.1' },
          { event: '*', schema: 'public', table: 'notes' },
        ],
        private: false,
      },
    });
    const joinRef = acceptJoin(socket, {
      postgres_changes: [
        { event: 'INSERT', schema: 'public', table: 'notes', filter: 'id=eq.1', id: 11 },
        { event: '*', schema: 'public', table: 'notes', id: 22 },
      ],
    });
    expect(statuses).toEqual(['SUBSCRIBED']);
    expect(channel.state).toBe('joined');
    const data = {
      schema: 'public',
      table: 'notes',
      commit_timestamp: 't',
      type: 'UPDATE',
      columns: [],
      record: { id: 1 },
      old_record: null,
      errors: null,
    };
    socket.receive([null, null, 'realtime:bell', 'postgres_changes', { ids: [22], data }]);
    expect(got).toEqual([
      [
        'all',
        {
          schema: 'public',
          table: 'notes',
          commit_timestamp: 't',
          eventType: 'UPDATE',
          new: { id: 1 },
          old: {},
          errors: null,
        },
      ],
    ]);
    socket.receive([joinRef, null, 'realtime:other', 'postgres_changes', { ids: [11, 22], data }]);
    expect(got).toHaveLength(1);
  });

  test('a binding the server answers differently is refused', () => {
    const realtime = client();
    const statuses: [string, string | undefined][] = [];
    realtime
      .channel('x')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'a' }, () => {})
      .subscribe((status, error) => statuses.push([status, error?.message]));
    latest().open();
    acceptJoin(latest(), {
      postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'b', id: 1 }],
    });
    expect(statuses[0]).toEqual([
      'CHANNEL_ERROR',
      'mismatch between server and client bindings for postgres changes',
    ]);
  });

  test('broadcasts (JSON and binary) and presence', () => {
    const realtime = client();
    const got: unknown[] = [];
    const channel = realtime
      .channel('room', { config: { broadcast: { self: true }, presence: { key: 'me' } } })
      .on('broadcast', { event: 'cursor' }, (m) => got.push(m))
      .on('presence', { event: 'sync' }, () => got.push(channel.presenceState()))
      .subscribe();
    const socket = latest();
    socket.open();
    expect(socket.last('phx_join')[4].config).toMatchObject({
      broadcast: { self: true },
      presence: { key: 'me', enabled: true },
    });
    acceptJoin(socket);
    socket.receive([
      null,
      null,
      'realtime:room',
      'broadcast',
      { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
    ]);
    const bytes = new TextEncoder().encode('realtime:roomcursor{"x":2}');
    const frame = new Uint8Array([4, 13, 6, 0, 1, ...bytes]).buffer;
    socket.receive(frame);
    expect(got).toEqual([
      { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
      { type: 'broadcast', event: 'cursor', payload: { x: 2 } },
    ]);
    socket.receive([
      null,
      null,
      'realtime:room',
      'presence_state',
      { ann: { metas: [{ phx_ref: 'r1', on: true }] } },
    ]);
    socket.receive([
      null,
      null,
      'realtime:room',
      'presence_diff',
      { joins: {}, leaves: { ann: { metas: [{ phx_ref: 'r1' }] } } },
    ]);
    expect(got.slice(2)).toEqual([{ ann: [{ presence_ref: 'r1', on: true }] }, {}]);
    void channel.track({ online: true });
    expect(socket.last('presence')[4]).toEqual({
      type: 'presence',
      event: 'track',
      payload: { online: true },
    });
  });

  test('after the socket drops, the channel errs, reconnects, rejoins and says SUBSCRIBED again', () => {
    const realtime = client();
    const statuses: string[] = [];
    realtime.channel('bell').subscribe((status) => statuses.push(status));
    latest().open();
    acceptJoin(latest());
    latest().close();
    expect(statuses).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR']);
    expect(realtime.isConnected()).toBe(false);
    vi.advanceTimersByTime(1000);
    const again = latest();
    expect(FakeSocket.all).toHaveLength(2);
    again.open();
    acceptJoin(again);
    expect(statuses).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR', 'SUBSCRIBED']);
  });

  test('a missed heartbeat closes the socket; setAuth tells joined channels', async () => {
    const realtime = client();
    realtime.channel('bell').subscribe();
    const socket = latest();
    socket.open();
    acceptJoin(socket);
    await realtime.setAuth('user-token');
    expect(socket.last('access_token')[4]).toEqual({ access_token: 'user-token' });
    vi.advanceTimersByTime(25_000);
    expect(socket.last('heartbeat')[2]).toBe('phoenix');
    vi.advanceTimersByTime(25_000);
    expect(socket.readyState).toBe(3);
  });

  test('the server closing a channel closes it for good', () => {
    const realtime = client();
    const statuses: string[] = [];
    const channel = realtime.channel('bell').subscribe((status) => statuses.push(status));
    latest().open();
    const joinRef = acceptJoin(latest());
    latest().receive([joinRef, joinRef, 'realtime:bell', 'phx_close', {}]);
    expect(statuses).toEqual(['SUBSCRIBED', 'CLOSED']);
    expect(channel.state).toBe('closed');
    expect(realtime.getChannels()).toHaveLength(0);
  });
});
