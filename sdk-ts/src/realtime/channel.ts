// A channel, as supabase-js's RealtimeChannel: `on()` bindings for `postgres_changes`,
// `broadcast`, `presence` and `system`, then `subscribe(callback)`, which joins and calls back
// SUBSCRIBED (again after every rejoin), CHANNEL_ERROR, TIMED_OUT or CLOSED. A channel that
// errs, or whose socket drops, rejoins by itself.

import { Presences, type PresenceEvent, type PresenceState } from './presence';
import type { Message, RealtimeClient } from './socket';

export type SubscribeStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';
export type SendStatus = 'ok' | 'timed out' | 'error';

export interface ChannelOptions {
  config: {
    broadcast?: { self?: boolean; ack?: boolean };
    presence?: { key?: string; enabled?: boolean };
    private?: boolean;
  };
}

export interface PostgresChangesFilter {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: string;
}

/** A change as supabase-js hands it out. */
export interface PostgresChange<T = Record<string, unknown>> {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Partial<T>;
  old: Partial<T>;
  errors: string[] | null;
}

type Callback = (payload: never) => void;
type Binding = { type: string; filter: Record<string, unknown>; callback: Callback; id?: number };

const REJOIN = [1000, 2000, 5000, 10000];

export class RealtimeChannel {
  state: 'closed' | 'joining' | 'joined' | 'errored' | 'leaving' = 'closed';
  private bindings: Binding[] = [];
  private joinRef: string | null = null;
  private subscriber?: (status: SubscribeStatus, error?: Error) => void;
  private wanted = false;
  private rejoinTries = 0;
  private rejoinTimer?: ReturnType<typeof setTimeout>;
  private joinTimer?: ReturnType<typeof setTimeout>;
  private replies = new Map<string, (status: string, response: unknown) => void>();
  private pending: (() => void)[] = [];
  private readonly presence = new Presences((event) =>
    this.dispatch('presence', event, event.event),
  );

  constructor(
    readonly topic: string,
    readonly params: ChannelOptions,
    private readonly socket: RealtimeClient,
  ) {}

  on(
    type: 'postgres_changes',
    filter: PostgresChangesFilter,
    callback: (change: PostgresChange) => void,
  ): this;
  on(
    type: 'broadcast',
    filter: { event: string },
    callback: (message: {
      type: 'broadcast';
      event: string;
      payload: unknown;
      meta?: unknown;
    }) => void,
  ): this;
  on(
    type: 'presence',
    filter: { event: 'sync' | 'join' | 'leave' | '*' },
    callback: (event: PresenceEvent) => void,
  ): this;
  on(
    type: 'system',
    filter: Record<string, never>,
    callback: (message: {
      extension: string;
      status: string;
      message: string;
      channel: string;
    }) => void,
  ): this;
  on(type: string, filter: object, callback: (payload: never) => void): this {
    if (this.state === 'joined' || this.state === 'joining') {
      if (type === 'postgres_changes' || type === 'presence') {
        throw new Error(
          `cannot add \`${type}\` callbacks for ${this.topic} after \`subscribe()\`.`,
        );
      }
    }
    this.bindings.push({ type, filter: filter as Record<string, unknown>, callback });
    return this;
  }

  /** Joins; `callback` hears how it went, and every rejoin. */
  subscribe(callback?: (status: SubscribeStatus, error?: Error) => void): this {
    this.subscriber = callback;
    this.wanted = true;
    if (this.state === 'closed' || this.state === 'errored') this.join();
    return this;
  }

  presenceState(): PresenceState {
    return this.presence.state();
  }

  /** Broadcasts (over HTTP when the channel has not joined, as supabase-js). */
  async send(message: {
    type: 'broadcast' | 'presence';
    event: string;
    payload?: unknown;
  }): Promise<SendStatus> {
    if (message.type === 'broadcast' && this.state !== 'joined')
      return this.sendOverHttp(message.event, message.payload);
    const ack = message.type !== 'broadcast' || this.params.config.broadcast?.ack;
    const answer = this.push(message.type, message);
    return ack ? answer : 'ok';
  }

  track(payload: Record<string, unknown>): Promise<SendStatus> {
    return this.push('presence', { type: 'presence', event: 'track', payload });
  }

  untrack(): Promise<SendStatus> {
    return this.push('presence', { type: 'presence', event: 'untrack' });
  }

  /** Leaves; resolves when the server says so (or after the timeout). */
  unsubscribe(): Promise<SendStatus> {
    this.wanted = false;
    clearTimeout(this.rejoinTimer);
    clearTimeout(this.joinTimer);
    const wasJoined = this.state === 'joined' || this.state === 'joining';
    this.state = 'leaving';
    const done = (status: SendStatus) => {
      this.closed();
      return status;
    };
    if (!wasJoined || !this.socket.isConnected()) return Promise.resolve(done('ok'));
    return this.request('phx_leave', {}).then(({ status }) =>
      done(status === 'ok' ? 'ok' : status === 'timeout' ? 'timed out' : 'error'),
    );
  }

  /** @internal The socket opened: rejoin if wanted. */
  socketOpened(): void {
    if (this.wanted && this.state !== 'joined') this.join();
  }

  /** @internal The socket closed: errored until it is back. */
  socketClosed(): void {
    clearTimeout(this.joinTimer);
    if (this.state === 'joined' || this.state === 'joining') {
      this.state = 'errored';
      this.subscriber?.('CHANNEL_ERROR', new Error('channel error: connection lost'));
    }
    for (const [, resolve] of this.replies) resolve('timeout', {});
    this.replies.clear();
  }

  /** @internal The token changed. */
  tokenChanged(token: string | null): void {
    if (token && this.state === 'joined')
      this.socket.push(this.message('access_token', { access_token: token }));
  }

  /** @internal A message for this topic. */
  receive(message: Message): void {
    if (message.join_ref && message.join_ref !== this.joinRef) return;
    const payload = message.payload as Record<string, unknown>;
    switch (message.event) {
      case 'phx_reply': {
        const resolve = message.ref && this.replies.get(message.ref);
        if (resolve) {
          this.replies.delete(message.ref as string);
          resolve(payload.status as string, payload.response);
        }
        return;
      }
      case 'phx_close':
        if (this.state !== 'leaving') this.closed();
        return;
      case 'phx_error':
        this.errored(new Error('channel error'));
        return;
      case 'presence_state':
        this.presence.replace(payload as never);
        return;
      case 'presence_diff':
        this.presence.diff(payload as never);
        return;
      case 'postgres_changes':
        this.changes(payload as { ids: number[]; data: Record<string, unknown> });
        return;
      default:
        this.dispatch(message.event, payload, (payload as { event?: string })?.event);
    }
  }

  private dispatch(type: string, payload: unknown, event?: string): void {
    for (const binding of this.bindings) {
      if (binding.type !== type) continue;
      const wanted = binding.filter.event as string | undefined;
      if (type === 'system' || wanted === '*' || wanted?.toLowerCase() === event?.toLowerCase())
        binding.callback(payload as never);
    }
  }

  private changes({ ids, data }: { ids: number[]; data: Record<string, unknown> }): void {
    const type = data.type as PostgresChange['eventType'];
    const change: PostgresChange = {
      schema: data.schema as string,
      table: data.table as string,
      commit_timestamp: data.commit_timestamp as string,
      eventType: type,
      new: type === 'DELETE' ? {} : ((data.record as Record<string, unknown>) ?? {}),
      old: type === 'INSERT' ? {} : ((data.old_record as Record<string, unknown>) ?? {}),
      errors: (data.errors as string[] | null) ?? null,
    };
    for (const binding of this.bindings) {
      if (
        binding.type !== 'postgres_changes' ||
        binding.id === undefined ||
        !ids.includes(binding.id)
      )
        continue;
      const event = binding.filter.event as string;
      if (event === '*' || event === type) binding.callback(change as never);
    }
  }

  private message(event: string, payload: unknown, ref: string | null = null): Message {
    return { join_ref: this.joinRef, ref, topic: this.topic, event, payload };
  }

  /** Sends `event` and waits for its reply (or the timeout). */
  private request(event: string, payload: unknown): Promise<{ status: string; response: unknown }> {
    const ref = this.socket.makeRef();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.replies.delete(ref);
        resolve({ status: 'timeout', response: {} });
      }, this.socket.timeout);
      this.replies.set(ref, (status, response) => {
        clearTimeout(timer);
        resolve({ status, response });
      });
      if (!this.socket.push(this.message(event, payload, ref))) {
        clearTimeout(timer);
        this.replies.delete(ref);
        resolve({ status: 'timeout', response: {} });
      }
    });
  }

  /** A push of the joined channel (kept until it joins). */
  private push(event: string, payload: unknown): Promise<SendStatus> {
    const send = () =>
      this.request(event, payload).then(
        ({ status }) =>
          (status === 'ok' ? 'ok' : status === 'timeout' ? 'timed out' : 'error') as SendStatus,
      );
    if (this.state === 'joined') return send();
    return new Promise((resolve) => this.pending.push(() => void send().then(resolve)));
  }

  private join(): void {
    clearTimeout(this.rejoinTimer);
    this.state = 'joining';
    this.socket.connect();
    if (!this.socket.isConnected()) return; // joined once the socket opens
    const ref = this.socket.makeRef();
    this.joinRef = ref;
    const { broadcast, presence, private: isPrivate } = this.params.config;
    const changes = this.bindings.filter((b) => b.type === 'postgres_changes');
    const config = {
      broadcast: { ack: false, self: false, ...broadcast },
      presence: {
        key: presence?.key ?? '',
        enabled: presence?.enabled === true || this.bindings.some((b) => b.type === 'presence'),
      },
      postgres_changes: changes.map((b) => b.filter),
      private: isPrivate ?? false,
    };
    const payload: Record<string, unknown> = { config };
    if (this.socket.accessTokenValue) payload.access_token = this.socket.accessTokenValue;
    this.replies.set(ref, (status, response) => {
      clearTimeout(this.joinTimer);
      if (status !== 'ok') {
        this.errored(new Error(Object.values((response ?? {}) as object).join(', ') || 'error'));
        return;
      }
      const echoed = (
        (response as { postgres_changes?: Record<string, unknown>[] })?.postgres_changes ?? []
      ).slice();
      const same = changes.every((binding, i) => {
        const server = echoed[i];
        const f = binding.filter;
        return (
          server &&
          server.event === f.event &&
          server.schema === f.schema &&
          (server.table ?? undefined) === f.table &&
          (server.filter ?? undefined) === f.filter
        );
      });
      if (!same) {
        this.wanted = false;
        void this.unsubscribe();
        this.subscriber?.(
          'CHANNEL_ERROR',
          new Error('mismatch between server and client bindings for postgres changes'),
        );
        return;
      }
      changes.forEach((binding, i) => (binding.id = echoed[i].id as number));
      this.state = 'joined';
      this.rejoinTries = 0;
      for (const send of this.pending.splice(0)) send();
      this.subscriber?.('SUBSCRIBED');
    });
    this.joinTimer = setTimeout(() => {
      this.replies.delete(ref);
      this.subscriber?.('TIMED_OUT');
      this.socket.push(this.message('phx_leave', {}));
      this.errored();
    }, this.socket.timeout);
    this.socket.push(this.message('phx_join', payload, ref));
  }

  private errored(error?: Error): void {
    clearTimeout(this.joinTimer);
    this.state = 'errored';
    if (error) this.subscriber?.('CHANNEL_ERROR', error);
    if (this.wanted && this.socket.isConnected()) {
      this.rejoinTimer = setTimeout(() => this.join(), REJOIN[Math.min(this.rejoinTries++, 3)]);
    }
  }

  private closed(): void {
    clearTimeout(this.joinTimer);
    clearTimeout(this.rejoinTimer);
    this.wanted = false;
    this.state = 'closed';
    this.joinRef = null;
    this.socket.forget(this);
    this.subscriber?.('CLOSED');
  }

  private async sendOverHttp(event: string, payload: unknown): Promise<SendStatus> {
    try {
      const response = await this.socket.fetch(this.socket.httpUrl, {
        method: 'POST',
        headers: {
          apikey: this.socket.apiKey,
          'Content-Type': 'application/json',
          ...(this.socket.accessTokenValue
            ? { Authorization: `Bearer ${this.socket.accessTokenValue}` }
            : {}),
        },
        body: JSON.stringify({
          messages: [
            {
              topic: this.topic.slice('realtime:'.length),
              event,
              payload,
              private: this.params.config.private ?? false,
            },
          ],
        }),
      });
      await response.body?.cancel();
      return response.ok ? 'ok' : 'error';
    } catch {
      return 'error';
    }
  }
}
