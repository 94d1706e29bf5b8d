// GoTrue's session and user JSON (wire-api §4.3) and the auth client's options and events.

export interface User {
  id: string;
  aud: string;
  role?: string;
  email?: string;
  phone?: string;
  email_confirmed_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities?: unknown[];
  created_at: string;
  updated_at?: string;
  is_anonymous?: boolean;
  /** Second factors (GoTrue leaves the key out when there are none). */
  factors?: Factor[];
  [key: string]: unknown;
}

/** A second factor (TOTP). */
export interface Factor {
  id: string;
  friendly_name?: string;
  factor_type: 'totp' | string;
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  /** Lifetime of the access token in seconds, as issued. */
  expires_in: number;
  /** When the access token expires, in Unix seconds. */
  expires_at: number;
  token_type: string;
  user: User;
}

export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export type AuthListener = (event: AuthChangeEvent, session: Session | null) => void;

/** Where the session is kept: `localStorage`, or anything with the same three methods. */
export interface SessionStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

/** Runs `fn` holding the lock `name`, across tabs (default: `navigator.locks` when present). */
export type Lock = <R>(name: string, fn: () => Promise<R>) => Promise<R>;

export interface AuthOptions {
  /** Default: `localStorage` in browsers, else memory. */
  storage?: SessionStorage;
  /** Default: `sb-<first label of the host>-auth-token`, the key supabase-js uses. */
  storageKey?: string;
  /** false: keep the session in memory only. Default true. */
  persistSession?: boolean;
  /** Refresh the access token 90 s before it expires. Default true. */
  autoRefreshToken?: boolean;
  /** Pick up the session of an e-mailed link's redirect (`#access_token=…`). Default true. */
  detectSessionInUrl?: boolean;
  lock?: Lock;
}

export interface UserAttributes {
  email?: string;
  password?: string;
  phone?: string;
  /** Merged into `user_metadata`; a null value removes the key. */
  data?: Record<string, unknown>;
  /** The code mailed by `reauthenticate()`: proof for a password or e-mail change. */
  nonce?: string;
  /** The current password: the other proof for a password or e-mail change. */
  current_password?: string;
}

export interface AdminUserAttributes extends Omit<UserAttributes, 'data'> {
  email_confirm?: boolean;
  phone_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  role?: string;
  /** e.g. '24h'; 'none' lifts a ban. */
  ban_duration?: string;
  id?: string;
  password_hash?: string;
}
