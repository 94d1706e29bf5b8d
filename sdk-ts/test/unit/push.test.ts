// push.subscribe / unsubscribe with a stand-in service worker registration.

import { describe, expect, test, vi } from 'vitest';
import { ApiError, NetworkError, SAVE_FAILED, SdkError, createClient } from '../../src';
import { base64UrlToBytes } from '../../src/push/client';
import { json, stubFetch, type Responder } from './stub';

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function registration(existing: { key?: Uint8Array } | null = null) {
  const unsubscribe = vi.fn(async () => true);
  const make = (key: Uint8Array) => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    options: { applicationServerKey: key.buffer, userVisibleOnly: true },
    unsubscribe,
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    }),
  });
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) =>
    make(options.applicationServerKey as Uint8Array),
  );
  const pushManager = {
    getSubscription: vi.fn(async () =>
      existing ? make(existing.key ?? base64UrlToBytes(KEY)) : null,
    ),
    subscribe,
  };
  return { registration: { pushManager } as never, subscribe, unsubscribe, pushManager };
}

function client(respond: Responder, token?: string) {
  const stub = stubFetch(respond);
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return {
    stub,
    sdk: createClient('http://api.test', 'anon-key', {
      global: { fetch: stub.fetch, headers },
      auth: { persistSession: false },
    }),
  };
}

const server: Responder = (req) =>
  req.url.pathname === '/api/push-public-key'
    ? json({ publicKey: KEY })
    : json({ id: 1 }, { status: 201 });

describe('subscribe', () => {
  test('fetches the key, subscribes with it and posts the subscription', async () => {
    const { stub, sdk } = client(server);
    const { registration: reg, subscribe } = registration();
    const { data, error } = await sdk.push.subscribe(reg);
    expect(error).toBeNull();
    expect(data?.endpoint).toBe('https://fcm.googleapis.com/fcm/send/abc');
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(KEY),
    });
    expect(base64UrlToBytes(KEY)).toHaveLength(65);
    expect(stub.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/push-public-key',
      'POST /api/push-subscription',
    ]);
    const post = stub.calls[1];
    expect(JSON.parse(String(post.body))).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    });
    expect(post.headers.get('apikey')).toBe('anon-key');
    expect(post.headers.get('content-type')).toBe('application/json');
  });

  test("sends the signed-in user's token", async () => {
    const { stub, sdk } = client(server, 'user-jwt');
    await sdk.push.subscribe(registration().registration);
    expect(stub.calls[1].headers.get('authorization')).toBe('Bearer user-jwt');
  });

  test('reuses a subscription made with the same key; replaces one made with another', async () => {
    const same = registration({});
    await client(server).sdk.push.subscribe(same.registration);
    expect(same.subscribe).not.toHaveBeenCalled();
    const other = registration({ key: new Uint8Array([4, 1, 2]) });
    await client(server).sdk.push.subscribe(other.registration);
    expect(other.unsubscribe).toHaveBeenCalled();
    expect(other.subscribe).toHaveBeenCalled();
  });

  test("a server refusal is 'Failed to save push subscription' with the server's code", async () => {
    const { sdk } = client((req) =>
      req.url.pathname === '/api/push-public-key'
        ? json({ publicKey: KEY })
        : json(
            {
              code: 'push_endpoint_invalid',
              message: 'the endpoint must use https',
              details: null,
              hint: null,
            },
            { status: 400 },
          ),
    );
    const { data, error } = await sdk.push.subscribe(registration().registration);
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: SAVE_FAILED,
      code: 'push_endpoint_invalid',
      details: 'the endpoint must use https',
      status: 400,
    });
    expect(SAVE_FAILED).toBe('Failed to save push subscription');
  });

  test('a network failure is a NetworkError with the same message', async () => {
    const { sdk } = client(() => {
      throw new TypeError('fetch failed');
    });
    const { error } = await sdk.push.subscribe(registration().registration);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error?.message).toBe(SAVE_FAILED);
  });

  test("the browser's refusal keeps its name as the code and the exception as the cause", async () => {
    const { sdk, stub } = client(server);
    const { registration: reg, subscribe } = registration();
    const refusal = new DOMException('Registration failed - permission denied', 'NotAllowedError');
    subscribe.mockRejectedValueOnce(refusal);
    const { error } = await sdk.push.subscribe(reg);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ message: SAVE_FAILED, code: 'NotAllowedError' });
    expect(error?.cause).toBe(refusal);
    expect(stub.calls).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  test('deletes the endpoint on the server, then unsubscribes', async () => {
    const { stub, sdk } = client(() => new Response(null, { status: 204 }));
    const { registration: reg, unsubscribe } = registration({});
    expect(await sdk.push.unsubscribe(reg)).toEqual({ data: true, error: null });
    expect(stub.calls[0].method).toBe('DELETE');
    expect(JSON.parse(String(stub.calls[0].body))).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    });
    expect(unsubscribe).toHaveBeenCalled();
  });

  test('without a subscription there is nothing to do', async () => {
    const { stub, sdk } = client(server);
    expect(await sdk.push.unsubscribe(registration().registration)).toEqual({
      data: false,
      error: null,
    });
    expect(stub.calls).toHaveLength(0);
  });
});
