// Realtime, from its own entry point (`@havyaka/sdk/realtime`) so an app's first page does not
// carry it: channels as supabase-js's (`channel()`, `on()`, `subscribe()`, `send()`, `track()`,
// `removeChannel()`), on the platform's `/realtime/v1`. Given the SDK client's `auth`, channels
// act as the signed-in user and follow their session (refreshes, sign-out).
//
//   const realtime = createRealtime(url, anonKey, { auth: sdk.auth });
//   realtime.channel('bell')
//     .on('postgres_changes', { event: '*', schema: 'public', table: 'notifications',
//       filter: `user_id=eq.${userId}` }, (change) => ...)
//     .subscribe((status) => ...);

import { RealtimeClient, type RealtimeOptions } from './socket';

export { RealtimeClient } from './socket';
export type { RealtimeOptions, WebSocketConstructor, WebSocketLike } from './socket';
export { RealtimeChannel } from './channel';
export type {
  ChannelOptions,
  PostgresChange,
  PostgresChangesFilter,
  SendStatus,
  SubscribeStatus,
} from './channel';
export type { Presence, PresenceEvent, PresenceState } from './presence';

/** What realtime needs of the SDK's auth client. */
export interface SessionSource {
  getSession(): Promise<{ data: { session: { access_token: string } | null } }>;
  onAuthStateChange(
    listener: (event: string, session: { access_token: string } | null) => void,
  ): unknown;
}

export interface CreateRealtimeOptions extends RealtimeOptions {
  /** The SDK client's `auth`: channels act as its session's user (the API key's role when signed out). */
  auth?: SessionSource;
}

export function createRealtime(
  url: string,
  key: string,
  options: CreateRealtimeOptions = {},
): RealtimeClient {
  const { auth, ...rest } = options;
  const accessToken =
    rest.accessToken ??
    (auth ? async () => (await auth.getSession()).data.session?.access_token ?? key : undefined);
  const client = new RealtimeClient(url, key, { ...rest, accessToken });
  auth?.onAuthStateChange((_event, session) => void client.setAuth(session?.access_token ?? key));
  return client;
}
