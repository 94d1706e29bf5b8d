// Web push: subscribe this browser with the server's VAPID key and save the subscription
// (linked to the signed-in user, or to nobody for a visitor), or remove it.

import { ApiError, SdkError } from '../lib/errors';
import { readJson, request, settle, type Transport } from '../lib/fetch';

/** What the SDK needs of a `ServiceWorkerRegistration` (its `pushManager`). */
export interface PushRegistration {
  pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>;
}

export const SAVE_FAILED = 'Failed to save push subscription';
export const REMOVE_FAILED = 'Failed to remove push subscription';

/** base64url → bytes (the `applicationServerKey`). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && new Uint8Array(a).join() === b.join();

export class PushClient {
  constructor(
    private url: string,
    private transport: Transport,
  ) {}

  /** `GET /api/push-public-key`: the server's VAPID public key (base64url). */
  publicKey() {
    return settle(async () => {
      const res = await request(this.transport, `${this.url}/api/push-public-key`, {}, ApiError);
      return (await readJson<{ publicKey: string }>(res)).publicKey;
    });
  }

  /**
   * Subscribes (or reuses this browser's subscription for the same key) and saves it, with the
   * session's token when signed in. Any failure is an error 'Failed to save push subscription'
   * whose `code` and `cause` tell what failed (a DOMException name such as NotAllowedError when
   * the browser refused).
   */
  subscribe(registration: PushRegistration) {
    return this.wrap(async () => {
      const key = await this.publicKey();
      if (key.error) throw key.error;
      const applicationServerKey = base64UrlToBytes(key.data);
      const manager = registration.pushManager;
      let subscription = await manager.getSubscription();
      if (
        subscription &&
        !sameKey(subscription.options?.applicationServerKey, applicationServerKey)
      ) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey });
      await this.save(subscription);
      return subscription;
    });
  }

  /** `POST /api/push-subscription`: saves a subscription (again, e.g. after signing out). */
  save(subscription: PushSubscription | PushSubscriptionJSON) {
    const json = 'toJSON' in subscription ? subscription.toJSON() : subscription;
    return request(
      this.transport,
      `${this.url}/api/push-subscription`,
      { method: 'POST', json },
      ApiError,
    );
  }

  /** Removes this browser's subscription from the server and unsubscribes it; false when none. */
  unsubscribe(registration: PushRegistration) {
    return this.wrap(async () => {
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription) return false;
      const json = { endpoint: subscription.endpoint };
      await request(
        this.transport,
        `${this.url}/api/push-subscription`,
        { method: 'DELETE', json },
        ApiError,
      );
      return subscription.unsubscribe();
    }, REMOVE_FAILED);
  }

  /** Runs `work`; a failure becomes `message`, of the failure's class, with its code and cause. */
  private async wrap<T>(work: () => Promise<T>, message = SAVE_FAILED) {
    const result = await settle(work);
    if (!result.error) return result;
    const e = result.error;
    // A browser refusal arrives wrapped in a plain SdkError: its cause is the DOMException.
    const cause = e.constructor === SdkError ? e.cause : e;
    const Kind = e.constructor as typeof SdkError;
    const code = e.code || (cause as Error | undefined)?.name || '';
    return {
      data: null,
      error: new Kind(message, { code, details: e.message, status: e.status, cause }),
    };
  }
}
