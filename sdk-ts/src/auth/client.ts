// The auth client: GoTrue's endpoints, and the session kept in storage, refreshed before it
// expires (one refresh at a time, across tabs when a lock is available), shared with other
// tabs, and announced to listeners asynchronously. The account's requests (account.ts) and the
// admin API (admin.ts) load on first use, so a page that only follows the session does not
// carry them.

import { AuthError, NetworkError, type SdkError } from '../lib/errors';
import { readJson, request, settle, type RequestOptions, type Transport } from '../lib/fetch';
import { lazyApi, type Public } from '../lib/lazy';
import type { AccountApi, AuthCore } from './account';
import type { AdminApi } from './admin';
import type { MfaApi } from './mfa';
import {
  defaultStorageKey,
  memoryStorage,
  missingSession,
  parseSession,
  refreshDelay,
  toSession,
  type AuthResult,
  type SessionData,
} from './session';
import type {
  AuthChangeEvent,
  AuthListener,
  AuthOptions,
  Lock,
  Session,
  SessionStorage,
  User,
} from './types';

/** How long to wait before trying a refresh again after a network or server failure. */
const RETRY_MS = 10_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A failure that may pass: no answer, or a 5xx. A refresh failing so keeps the session. */
const retryable = (e: unknown) =>
  e instanceof NetworkError || ((e as SdkError | null)?.status ?? 0) >= 500;

/** Calls a listener in a microtask of its own; its failure is logged, never thrown at the caller. */
function notify(listener: AuthListener, event: AuthChangeEvent, session: Session | null): void {
  Promise.resolve()
    .then(() => listener(event, session))
    .catch((e) => console.error('auth listener failed:', e));
}

function defaultLock(): Lock {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks
    ? (name, fn) => locks.request(name, fn) as ReturnType<typeof fn>
    : (_name, fn) => fn();
}

// The account's requests (sign up, sign in, getUser, updateUser, …) are the loaded AccountApi's
// (assigned in the constructor), declared by merging this interface into the class.
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */
export interface AuthClient extends Public<AccountApi> {}
export class AuthClient {
  /* eslint-enable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */
  /** GoTrue's admin API (its code loads on first use). */
  readonly admin: Public<AdminApi>;
  /** Second factors (TOTP; its code loads on first use). */
  readonly mfa: Public<MfaApi>;
  private session: Session | null = null;
  private listeners = new Set<AuthListener>();
  private storage: SessionStorage;
  private storageKey: string;
  private lock: Lock;
  private autoRefresh: boolean;
  private refreshing: { token: string; promise: Promise<Session> } | null = null;
  /** Counts sign-outs: a refresh answered after one began is dropped, never stored. */
  private signOuts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private channel: BroadcastChannel | undefined;
  private ready: Promise<AuthError | null>;

  constructor(
    private url: string,
    private transport: Transport,
    options: AuthOptions = {},
  ) {
    const browser = typeof window !== 'undefined';
    this.storageKey = options.storageKey ?? defaultStorageKey(url);
    this.storage =
      options.persistSession === false
        ? memoryStorage()
        : (options.storage ?? globalThis.localStorage ?? memoryStorage());
    this.lock = options.lock ?? defaultLock();
    this.autoRefresh = options.autoRefreshToken ?? true;
    // The admin API acts as the signed-in user when there is one (the server asks
    // auth.can_manage_users() of them), else with the client's key (the service key server-side).
    const adminTransport: Transport = {
      fetch: transport.fetch,
      headers: async () => {
        const headers = await transport.headers();
        const token = (await this.getSession()).data.session?.access_token;
        return token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
      },
    };
    const core: AuthCore = {
      ready: () => this.ready,
      getSession: () => this.getSession(),
      call: (path, request, token) => this.call(path, request, token),
      save: (session, event) => this.save(session, event),
    };
    const account: Public<AccountApi> = lazyApi(
      async () => new (await import('./account')).AccountApi(core),
      [
        'getUser',
        'signUp',
        'signInWithPassword',
        'signInWithOtp',
        'resend',
        'getSettings',
        'verifyOtp',
        'updateUser',
        'reauthenticate',
        'resetPasswordForEmail',
      ],
    );
    Object.assign(this, account);
    this.admin = lazyApi(
      async () => new (await import('./admin')).AdminApi(url, adminTransport),
      [
        'createUser',
        'listUsers',
        'getUserById',
        'updateUserById',
        'deleteUser',
        'inviteUserByEmail',
        'listFactors',
        'deleteFactor',
      ],
    );
    this.mfa = lazyApi(
      async () => new (await import('./mfa')).MfaApi(core),
      [
        'enroll',
        'challenge',
        'verify',
        'challengeAndVerify',
        'unenroll',
        'listFactors',
        'getAuthenticatorAssuranceLevel',
      ],
    );
    if (options.persistSession !== false && typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(this.storageKey);
      (this.channel as { unref?: () => void }).unref?.();
      this.channel.onmessage = (m: MessageEvent<{ event: AuthChangeEvent; session: Session }>) =>
        this.adopt(m.data.session, m.data.event);
    }
    if (browser) {
      // Other tabs write the session to localStorage: follow them (when it is the storage).
      window.addEventListener?.('storage', (e) => {
        if (e.key === this.storageKey && this.storage === globalThis.localStorage) {
          this.adopt(parseSession(e.newValue));
        }
      });
      document?.addEventListener?.('visibilitychange', () => {
        if (document.visibilityState === 'visible') this.schedule();
      });
    }
    this.ready = this.start(options.detectSessionInUrl ?? browser);
  }

  /** Resolves once the stored session (or the one in the URL) is loaded. */
  async initialize(): Promise<{ error: AuthError | null }> {
    return { error: await this.ready };
  }

  /** Calls `listener` on every change, first with INITIAL_SESSION. Never awaited. */
  onAuthStateChange(listener: AuthListener) {
    this.listeners.add(listener);
    void this.ready.then(() => {
      if (this.listeners.has(listener)) notify(listener, 'INITIAL_SESSION', this.session);
    });
    const subscription = { unsubscribe: () => void this.listeners.delete(listener) };
    return { data: { subscription } };
  }

  /** The current session, refreshed first when it expires within 90 s. */
  async getSession(): AuthResult<{ session: Session | null }> {
    await this.ready;
    const current = this.session;
    if (!current || refreshDelay(current) > 0) return { data: { session: current }, error: null };
    try {
      return { data: { session: await this.refresh(current) }, error: null };
    } catch (e) {
      // Still valid for a while: keep using it; the timer tries again.
      if (retryable(e) && current.expires_at * 1000 > Date.now()) {
        return { data: { session: current }, error: null };
      }
      return { data: { session: null }, error: e as SdkError };
    }
  }

  /**
   * Ends the session on the server (`global`: every session of the user, `local`: this one,
   * `others`: all but this one) and, except for `others`, here. When the server cannot be
   * reached (offline: a NetworkError), this device signs out all the same (SIGNED_OUT) and the
   * error says that the server did not hear it; supabase-js keeps the session then. A server
   * that answers with an error (500) keeps it here too, so that a retry can end it there.
   */
  async signOut(options: { scope?: 'global' | 'local' | 'others' } = {}) {
    const scope = options.scope ?? 'global';
    const token = (await this.getSession()).data.session?.access_token;
    if (scope !== 'others') this.signOuts += 1;
    let unreached: SdkError | null = null;
    if (token) {
      const { error } = await settle(() =>
        this.call(`/logout?scope=${scope}`, { method: 'POST' }, token),
      );
      if (error instanceof NetworkError && scope !== 'others') unreached = error;
      // An expired or already ended session is signed out all the same.
      else if (error && ![401, 403, 404].includes(error.status)) return { error };
    }
    if (scope !== 'others') await this.save(null, 'SIGNED_OUT');
    return { error: unreached };
  }

  /** Exchanges the refresh token for a new session now (or that of `current`). */
  async refreshSession(current?: { refresh_token: string }): AuthResult<SessionData> {
    await this.ready;
    const result = await settle(async () => {
      const base = current ?? this.session;
      if (!base) throw missingSession();
      const session = await this.refresh(base);
      return { user: session.user, session };
    });
    return result.error ? { data: { user: null, session: null }, error: result.error } : result;
  }

  // --- requests -----------------------------------------------------------------------------

  /** A JSON request to `/auth/v1`; `token` replaces the API key as the bearer. */
  private async call<T>(path: string, options: RequestOptions, token?: string): Promise<T> {
    if (token) options.headers = { Authorization: `Bearer ${token}` };
    return readJson<T>(await request(this.transport, this.url + path, options, AuthError));
  }

  // --- the session ----------------------------------------------------------------------------

  private async start(detectInUrl: boolean): Promise<AuthError | null> {
    try {
      if (detectInUrl && (await this.fromUrl())) return null;
      this.session = parseSession(await this.storage.getItem(this.storageKey));
      if (this.session && this.autoRefresh && refreshDelay(this.session) <= 0) {
        await this.refresh(this.session).catch(() => undefined);
      }
      return null;
    } catch (e) {
      return e instanceof AuthError ? e : new AuthError(String(e), { cause: e });
    } finally {
      this.schedule();
    }
  }

  /**
   * The session in the URL fragment after an e-mailed link's `/verify` redirect
   * (`#access_token=…&refresh_token=…&expires_in=…&type=recovery`), or its error.
   */
  private async fromUrl(): Promise<boolean> {
    const location = globalThis.location;
    const params = new URLSearchParams(location?.hash.slice(1));
    const error = params.get('error_description');
    const accessToken = params.get('access_token');
    if (!accessToken && !error) return false;
    globalThis.history?.replaceState(history.state, '', location.pathname + location.search);
    if (error) {
      throw new AuthError(error, { code: params.get('error_code') ?? params.get('error') ?? '' });
    }
    const user = await this.call<User>('/user', {}, accessToken!);
    const session = toSession({
      access_token: accessToken,
      refresh_token: params.get('refresh_token'),
      token_type: params.get('token_type') ?? 'bearer',
      expires_in: Number(params.get('expires_in')),
      expires_at: Number(params.get('expires_at')) || undefined,
      user,
    });
    if (!session) throw new AuthError('No session defined in URL');
    await this.save(session, params.get('type') === 'recovery' ? 'PASSWORD_RECOVERY' : 'SIGNED_IN');
    return true;
  }

  /** One refresh at a time in this tab; across tabs, one holds the lock and others adopt. */
  private refresh(current: { refresh_token: string }): Promise<Session> {
    const token = current.refresh_token;
    if (this.refreshing?.token !== token) {
      const held = token === this.session?.refresh_token;
      const promise = this.lock(`lock:${this.storageKey}`, () =>
        this.exchange(token, held),
      ).finally(() => this.refreshing?.promise === promise && (this.refreshing = null));
      this.refreshing = { token, promise };
    }
    return this.refreshing!.promise;
  }

  /** Exchanges `token`; `held`: it is this tab's session's, which another tab may have renewed. */
  private async exchange(token: string, held: boolean): Promise<Session> {
    // Another tab may have refreshed while this one waited for the lock.
    const stored = parseSession(await this.storage.getItem(this.storageKey));
    if (held && stored && stored.refresh_token !== token && refreshDelay(stored) > 0) {
      this.adopt(stored, 'TOKEN_REFRESHED');
      return stored;
    }
    const signOuts = this.signOuts;
    try {
      const answer = await this.call('/token?grant_type=refresh_token', {
        method: 'POST',
        json: { refresh_token: token },
      });
      const session = toSession(answer);
      if (!session) throw new AuthError('The server answered without a session', { status: 500 });
      // Signed out while the answer was on its way: the sign-out stands.
      if (signOuts !== this.signOuts) throw missingSession();
      await this.save(session, 'TOKEN_REFRESHED');
      return session;
    } catch (e) {
      if (!retryable(e) && signOuts === this.signOuts) await this.save(null, 'SIGNED_OUT');
      throw e;
    }
  }

  /** Keeps, stores and announces a new session (or none), here and in other tabs. */
  private async save(session: Session | null, event: AuthChangeEvent): Promise<void> {
    this.session = session;
    if (session) await this.storage.setItem(this.storageKey, JSON.stringify(session));
    else await this.storage.removeItem(this.storageKey);
    this.channel?.postMessage({ event, session });
    this.emit(event, session);
  }

  /** Takes over a session another tab stored; the event is derived when not given. */
  private adopt(session: Session | null, event?: AuthChangeEvent): void {
    const previous = this.session;
    if (JSON.stringify(previous) === JSON.stringify(session)) return;
    this.session = session;
    event ??= !session
      ? 'SIGNED_OUT'
      : previous?.user.id !== session.user.id
        ? 'SIGNED_IN'
        : previous.access_token !== session.access_token
          ? 'TOKEN_REFRESHED'
          : 'USER_UPDATED';
    this.emit(event, session);
  }

  /** Tells every listener, each in its own microtask: a listener never holds up the caller. */
  private emit(event: AuthChangeEvent, session: Session | null): void {
    for (const listener of this.listeners) notify(listener, event, session);
    this.schedule();
  }

  /** Arms the timer that refreshes the session 90 s before it expires. */
  private schedule(delay?: number): void {
    clearTimeout(this.timer);
    const session = this.session;
    if (!this.autoRefresh || !session) return;
    const wait = Math.max(0, delay ?? refreshDelay(session));
    // Timers hold at most 2^31 - 1 ms (24.8 days): a longer wait is re-armed when it ends.
    this.timer = setTimeout(
      () =>
        wait > MAX_TIMER_MS
          ? this.schedule()
          : this.refresh(session).catch((e) => retryable(e) && this.schedule(RETRY_MS)),
      Math.min(wait, MAX_TIMER_MS),
    );
    (this.timer as { unref?: () => void }).unref?.();
  }
}
