// The realtime socket: one WebSocket to `/realtime/v1/websocket` (Phoenix's protocol, vsn
// 2.0.0), a heartbeat every 25 s (a missed answer means the connection is dead), reconnection
// after 1, 2, 5 and then 10 s, and the channels it carries, which rejoin once it is back.

import { RealtimeChannel, type ChannelOptions } from './channel';

export type Message = {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
};

/** What `new WebSocket(url)` needs to be (the platform's, or Node's `ws`). */
export type WebSocketLike = {
  binaryType: string;
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface RealtimeOptions {
  /** The WebSocket implementation (default: the platform's). */
  transport?: WebSocketConstructor;
  /** The caller's access token (default: the API key's role). */
  accessToken?: () => Promise<string | null | undefined> | string | null | undefined;
  heartbeatIntervalMs?: number;
  /** How long a join, leave or acknowledged push may take (default 10 s). */
  timeout?: number;
  reconnectAfterMs?: (tries: number) => number;
  fetch?: typeof fetch;
}

const RECONNECT = [1000, 2000, 5000, 10000];

/** Reads a binary broadcast (kind 4): topic, event, metadata, payload. */
function decodeBinary(buffer: ArrayBuffer): Message | null {
  const view = new Uint8Array(buffer);
  if (view[0] !== 4) return null;
  const text = new TextDecoder();
  let at = 5;
  const take = (length: number) => text.decode(view.subarray(at, (at += length)));
  const topic = take(view[1]);
  const event = take(view[2]);
  const meta = take(view[3]);
  const body = buffer.slice(at);
  const payload: Record<string, unknown> = {
    type: 'broadcast',
    event,
    payload: view[4] === 1 ? JSON.parse(text.decode(body)) : body,
  };
  if (meta) payload.meta = JSON.parse(meta);
  return { join_ref: null, ref: null, topic, event: 'broadcast', payload };
}

export class RealtimeClient {
  channels: RealtimeChannel[] = [];
  /** The token channels join with (and send on `access_token` when it changes). */
  accessTokenValue: string | null = null;
  readonly timeout: number;
  readonly httpUrl: string;
  readonly fetch: typeof fetch;
  private socket: WebSocketLike | null = null;
  private ref = 0;
  private tries = 0;
  private heartbeat?: ReturnType<typeof setInterval>;
  private pendingHeartbeat: string | null = null;
  private reconnect?: ReturnType<typeof setTimeout>;
  private closing = false;
  private stateListeners = new Set<(connected: boolean) => void>();

  constructor(
    url: string,
    readonly apiKey: string,
    private readonly options: RealtimeOptions = {},
  ) {
    const base = url.replace(/\/+$/, '');
    this.socketUrl = `${base.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apiKey)}&vsn=2.0.0`;
    this.httpUrl = `${base}/realtime/v1/api/broadcast`;
    this.timeout = options.timeout ?? 10_000;
    this.fetch = options.fetch ?? ((...args) => fetch(...args));
  }

  private readonly socketUrl: string;

  /** A channel on `realtime:<name>` (the same object for the same name, as supabase-js). */
  channel(name: string, options: ChannelOptions = { config: {} }): RealtimeChannel {
    const topic = `realtime:${name}`;
    const found = this.channels.find((c) => c.topic === topic);
    if (found) return found;
    const channel = new RealtimeChannel(topic, options, this);
    this.channels.push(channel);
    return channel;
  }

  getChannels(): RealtimeChannel[] {
    return this.channels;
  }

  async removeChannel(channel: RealtimeChannel): Promise<'ok' | 'timed out' | 'error'> {
    const status = await channel.unsubscribe();
    this.forget(channel);
    return status;
  }

  async removeAllChannels(): Promise<('ok' | 'timed out' | 'error')[]> {
    const statuses = await Promise.all(this.channels.map((c) => c.unsubscribe()));
    this.channels = [];
    this.disconnect();
    return statuses;
  }

  /** @internal */
  forget(channel: RealtimeChannel): void {
    this.channels = this.channels.filter((c) => c !== channel);
    if (!this.channels.length) this.disconnect();
  }

  /** Sets the token channels act with; joined channels are told (`access_token`). */
  async setAuth(token?: string | null): Promise<void> {
    const next = token ?? (await this.options.accessToken?.()) ?? null;
    if (next === this.accessTokenValue) return;
    this.accessTokenValue = next;
    for (const channel of this.channels) channel.tokenChanged(next);
  }

  isConnected(): boolean {
    return this.socket?.readyState === 1;
  }

  /** Calls `listener` whenever the socket opens (true) or closes (false); returns a stop function. */
  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  connect(): void {
    if (this.socket) return;
    this.closing = false;
    clearTimeout(this.reconnect);
    const Transport =
      this.options.transport ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    const socket = new Transport(this.socketUrl);
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      this.tries = 0;
      this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatIntervalMs ?? 25_000);
      for (const listener of this.stateListeners) listener(true);
      for (const channel of this.channels) channel.socketOpened();
    };
    socket.onmessage = ({ data }) => {
      const message =
        typeof data === 'string'
          ? (([join_ref, ref, topic, event, payload]) => ({
              join_ref,
              ref,
              topic,
              event,
              payload,
            }))(JSON.parse(data))
          : decodeBinary(data as ArrayBuffer);
      if (!message) return;
      if (message.topic === 'phoenix' && message.ref === this.pendingHeartbeat)
        this.pendingHeartbeat = null;
      for (const channel of this.channels)
        if (channel.topic === message.topic) channel.receive(message);
    };
    socket.onerror = () => {};
    socket.onclose = () => this.closed(socket);
  }

  disconnect(): void {
    this.closing = true;
    clearTimeout(this.reconnect);
    const socket = this.socket;
    if (socket) {
      this.closed(socket);
      socket.close(1000, 'disconnected');
    }
  }

  private closed(socket: WebSocketLike): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.pendingHeartbeat = null;
    clearInterval(this.heartbeat);
    for (const listener of this.stateListeners) listener(false);
    for (const channel of this.channels) channel.socketClosed();
    if (!this.closing) {
      const wait =
        this.options.reconnectAfterMs?.(++this.tries) ?? RECONNECT[Math.min(this.tries++, 3)];
      this.reconnect = setTimeout(() => this.connect(), wait);
    }
  }

  private beat(): void {
    if (!this.isConnected()) return;
    if (this.pendingHeartbeat) {
      // The last heartbeat was never answered: the connection is gone.
      const socket = this.socket;
      if (socket) {
        this.closed(socket);
        socket.close(1000, 'heartbeat timeout');
      }
      return;
    }
    this.pendingHeartbeat = this.makeRef();
    this.push({
      join_ref: null,
      ref: this.pendingHeartbeat,
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    });
    void this.setAuth().catch(() => {});
  }

  /** @internal */
  makeRef(): string {
    return String(++this.ref);
  }

  /** @internal Sends a message now; false when the socket is not open (channels keep theirs). */
  push(message: Message): boolean {
    if (!this.isConnected()) return false;
    this.socket?.send(
      JSON.stringify([
        message.join_ref,
        message.ref,
        message.topic,
        message.event,
        message.payload,
      ]),
    );
    return true;
  }
}
