// Web push against the real endpoints: push.subscribe with a stand-in service worker
// registration (a real P-256 key pair, like a browser's) saves the subscription, linked to the
// signed-in user; a refused endpoint is 'Failed to save push subscription'; unsubscribe removes it.

import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ApiError, SAVE_FAILED, createClient } from '../../src';
import { platform, sql } from './helpers';

const client = () =>
  createClient(platform.url, platform.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

/** A registration whose pushManager subscribes like a browser, to `endpoint`. */
function registration(endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  let current: PushSubscription | null = null;
  let serverKey: Uint8Array | null = null;
  const subscription = {
    endpoint,
    get options() {
      return { applicationServerKey: serverKey?.buffer ?? null, userVisibleOnly: true };
    },
    unsubscribe: async () => {
      current = null;
      return true;
    },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    }),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      serverKey = options.applicationServerKey as Uint8Array;
      current = subscription;
      return subscription;
    },
  };
  return { endpoint, registration: { pushManager }, serverKey: () => serverKey };
}

const ownerOf = (endpoint: string) =>
  sql(
    `select coalesce(user_id::text, 'nobody') from push.subscriptions where endpoint = '${endpoint}'`,
  );

describe('push', () => {
  test("a visitor's subscription is saved with the server's key and linked to nobody", async () => {
    const sdk = client();
    const { endpoint, registration: reg, serverKey } = registration();
    const { data, error } = await sdk.push.subscribe(reg);
    expect(error).toBeNull();
    expect(data?.endpoint).toBe(endpoint);
    const { data: publicKey } = await sdk.push.publicKey();
    expect(Buffer.from(serverKey()!).toString('base64url')).toBe(publicKey);
    expect(ownerOf(endpoint)).toBe('nobody');
  });

  test("a signed-in user's subscription is theirs, and a visitor's again after signing out", async () => {
    const sdk = client();
    const email = `push-${randomUUID()}@example.com`;
    const { data: signedUp } = await sdk.auth.signUp({ email, password: 'correct horse battery' });
    const { endpoint, registration: reg } = registration();
    expect((await sdk.push.subscribe(reg)).error).toBeNull();
    expect(ownerOf(endpoint)).toBe(signedUp.user?.id);
    await sdk.auth.signOut();
    expect((await sdk.push.subscribe(reg)).error).toBeNull();
    expect(ownerOf(endpoint)).toBe('nobody');
  });

  test("a refused endpoint is 'Failed to save push subscription' with the server's code", async () => {
    const { registration: reg } = registration('https://push.attacker.example/send/1');
    const { data, error } = await client().push.subscribe(reg);
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: SAVE_FAILED,
      code: 'push_endpoint_invalid',
      status: 400,
    });
  });

  test('unsubscribe removes the subscription from the server', async () => {
    const sdk = client();
    const { endpoint, registration: reg } = registration();
    await sdk.push.subscribe(reg);
    expect(ownerOf(endpoint)).toBe('nobody');
    expect(await sdk.push.unsubscribe(reg)).toEqual({ data: true, error: null });
    expect(ownerOf(endpoint)).toBe('');
    expect(await sdk.push.unsubscribe(reg)).toEqual({ data: false, error: null });
  });
});
