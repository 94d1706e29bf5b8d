// The one SDK instance. All server access goes through it (`@havyaka/sdk`).
//
// The anon key is read at run time from the server (`GET /api/client-config`), so one build
// works against any data directory; `VITE_ANON_KEY` (and `VITE_API_URL`) override it for a
// development server elsewhere. The last key is kept locally so the app also starts offline.
import { createClient, type SdkClient } from '@havyaka/sdk';
import type { Database } from '@havyaka/sdk/database';
import { bootAnonKey } from './boot';

export type Sdk = SdkClient<Database>;

const KEY_STORE = 'havyaka:anon-key';
let client: Sdk | null = null;
let key: string | null = null;

export function apiUrl(): string {
  return import.meta.env.VITE_API_URL || window.location.origin;
}

async function fetchAnonKey(): Promise<string> {
  const res = await fetch(`${apiUrl()}/api/client-config`);
  if (!res.ok) throw new Error(`client config: HTTP ${res.status}`);
  return ((await res.json()) as { anonKey: string }).anonKey;
}

async function anonKey(): Promise<string> {
  if (import.meta.env.VITE_ANON_KEY) return import.meta.env.VITE_ANON_KEY;
  try {
    // The home page's shell may have asked already (features/site/hero-boot.ts).
    const anonKey = await (bootAnonKey()?.catch(fetchAnonKey) ?? fetchAnonKey());
    localStorage.setItem(KEY_STORE, anonKey);
    return anonKey;
  } catch (error) {
    const kept = localStorage.getItem(KEY_STORE);
    if (kept) return kept;
    throw error;
  }
}

/** Creates the client once (call before rendering). */
export async function initSdk(): Promise<Sdk> {
  if (!client) {
    key = await anonKey();
    client = createClient<Database>(apiUrl(), key);
  }
  return client;
}

/** The API key the client was made with (realtime connects with it too). */
export function sdkKey(): string {
  if (!key) throw new Error('initSdk() must run before the SDK is used');
  return key;
}

/** The client; `initSdk()` has run before the app renders. */
export function sdk(): Sdk {
  if (!client) throw new Error('initSdk() must run before the SDK is used');
  return client;
}

/** For tests: use this client (and key). */
export function setSdk(value: Sdk, anonKeyValue = 'test-anon-key') {
  client = value;
  key = anonKeyValue;
}
