// Live data (issue 34): the app's realtime channels, on `@havyaka/sdk/realtime`, loaded on
// first use (a page that shows nothing live does not carry it). Channels act as the signed-in
// user (the SDK's session): the server sends each change only to those its policies let read
// the row.
//
// `useLiveQueries` keeps queries fresh: a change to the tables it names invalidates them (a
// burst of changes once), and a resubscription after the connection was lost invalidates them
// too, as changes may have been missed meanwhile. The invalidations of every hook within 100 ms
// are one batch: each query refetches once (a key under another's prefix goes with it), and a
// refetch under way is not restarted. It says whether the channel is live, so a query polls
// only while it is not (`refetchInterval: live ? false : …`).
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RealtimeClient } from '@havyaka/sdk/realtime';
import { apiUrl, sdk, sdkKey } from './sdk';

export interface TableChanges {
  table: string;
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  /** A Realtime filter: `column=op.value` (e.g. `user_id=eq.<id>`). */
  filter?: string;
}

export interface LiveChannel {
  /** Names the channel (a number is added: every use has its own). */
  name: string;
  changes?: TableChanges[];
  /** A private channel's broadcasts (its policies decide who hears them). */
  broadcast?: { event: string; private?: boolean };
}

let loading: Promise<RealtimeClient> | null = null;

/** The realtime client, loaded and made once. */
export function realtime(): Promise<RealtimeClient> {
  loading ??= import('@havyaka/sdk/realtime')
    .then(({ createRealtime }) => createRealtime(apiUrl(), sdkKey(), { auth: sdk().auth }))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** For tests: use this client. */
export function setRealtime(client: Promise<RealtimeClient> | null) {
  loading = client;
}

let counter = 0;

/**
 * Subscribes while `spec` is given; `onEvent` hears each change or broadcast (and a
 * resubscription, with `null`). Returns whether the channel is live.
 */
export function useLive(spec: LiveChannel | null, onEvent: (payload: unknown) => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = spec && JSON.stringify(spec);
  useEffect(() => {
    if (!key) return;
    const wanted = JSON.parse(key) as LiveChannel;
    let stopped = false;
    let remove: (() => void) | undefined;
    let wasLive = false;
    realtime()
      .then((client) => {
        if (stopped) return;
        const channel = client.channel(
          `${wanted.name}-${++counter}`,
          wanted.broadcast?.private ? { config: { private: true } } : undefined,
        );
        for (const change of wanted.changes ?? []) {
          channel.on(
            'postgres_changes',
            {
              event: change.event ?? '*',
              schema: 'public',
              table: change.table,
              filter: change.filter,
            },
            (payload) => handler.current(payload),
          );
        }
        if (wanted.broadcast) {
          channel.on('broadcast', { event: wanted.broadcast.event }, (payload) =>
            handler.current(payload),
          );
        }
        channel.subscribe((status) => {
          if (stopped) return;
          const now = status === 'SUBSCRIBED';
          if (now && wasLive === false && channel.state === 'joined') handler.current(null);
          wasLive = now;
          setLive(now);
        });
        remove = () => void client.removeChannel(channel);
      })
      .catch(() => {
        // Realtime could not load (offline): the queries poll.
      });
    return () => {
      stopped = true;
      setLive(false);
      remove?.();
    };
  }, [key]);
  return live;
}

/** Per query cache, the keys to invalidate at the end of the current burst, for every hook at
 *  once: three panels joining together (or one bulk change heard by three channels) refetch
 *  each query once. */
const bursts = new WeakMap<QueryClient, Map<string, QueryKey>>();

/** `key` starts with every part of `prefix` (so invalidating `prefix` refetches `key`). */
const covers = (prefix: QueryKey, key: QueryKey) =>
  prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** Invalidates `queryKeys` after a burst of 100 ms, together with every other hook's. */
function invalidateSoon(client: QueryClient, queryKeys: readonly QueryKey[]) {
  let burst = bursts.get(client);
  if (!burst) {
    const keys = new Map<string, QueryKey>();
    bursts.set(client, keys);
    burst = keys;
    setTimeout(() => {
      bursts.delete(client);
      const batch = [...keys.values()];
      for (const queryKey of batch) {
        // Equal keys are one entry already; a longer key under another's prefix goes with it.
        const covered = batch.some(
          (other) => other.length < queryKey.length && covers(other, queryKey),
        );
        // A refetch already under way is the one wanted: it is not restarted.
        if (!covered) void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
      }
    }, 100);
  }
  for (const queryKey of queryKeys) burst.set(JSON.stringify(queryKey), queryKey);
}

/**
 * Keeps `queryKeys` fresh with `spec`'s changes (see the module); returns whether they are live.
 */
export function useLiveQueries(spec: LiveChannel | null, queryKeys: QueryKey[]): boolean {
  const client = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  return useLive(spec, () => invalidateSoon(client, keys.current));
}
