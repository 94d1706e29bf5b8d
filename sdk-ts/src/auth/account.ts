// The account's own requests to GoTrue: sign up, sign in (password, e-mailed token), the user
// as the server sees it, changing the user, reauthentication, password recovery. Loaded on
// first use (client.ts): a page that only follows the stored session does not carry them.

import { settle, type RequestOptions } from '../lib/fetch';
import { sessionOf, settleAs } from './results';
import { missingSession, type AuthResult, type SessionData } from './session';
import type { AuthChangeEvent, Session, User, UserAttributes } from './types';

/** What the account's requests need of the auth client (its private parts, lent). */
export interface AuthCore {
  ready(): Promise<unknown>;
  getSession(): AuthResult<{ session: Session | null }>;
  call<T>(path: string, options: RequestOptions, token?: string): Promise<T>;
  save(session: Session | null, event: AuthChangeEvent): Promise<void>;
}

const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
};

const NO_USER = { user: null };
const NO_SESSION = { user: null, session: null };

export class AccountApi {
  constructor(private auth: AuthCore) {}

  /** The user of `jwt`, or of the current session, as the server sees it now. */
  async getUser(jwt?: string): AuthResult<{ user: User | null }> {
    const token = jwt ?? (await this.auth.getSession()).data.session?.access_token;
    const result = await settleAs(async () => {
      if (!token) throw missingSession();
      return { user: await this.auth.call<User>('/user', {}, token) };
    }, NO_USER);
    if (result.error?.code === 'session_not_found' && !jwt)
      await this.auth.save(null, 'SIGNED_OUT');
    return result;
  }

  signUp(credentials: {
    email: string;
    password: string;
    options?: { data?: object; emailRedirectTo?: string; captchaToken?: string };
  }): AuthResult<SessionData> {
    const { email, password, options = {} } = credentials;
    return this.signIn(`/signup${query({ redirect_to: options.emailRedirectTo })}`, {
      email,
      password,
      data: options.data ?? {},
      gotrue_meta_security: { captcha_token: options.captchaToken },
    });
  }

  signInWithPassword(credentials: { email: string; password: string }): AuthResult<SessionData> {
    return this.signIn('/token?grant_type=password', { ...credentials, gotrue_meta_security: {} });
  }

  /**
   * Sends a sign-in code (and link) by e-mail, or a code by SMS (`phone`); with
   * `shouldCreateUser: false` an address without an account gets nothing (and the same answer).
   */
  signInWithOtp(
    credentials:
      | {
          email: string;
          options?: { shouldCreateUser?: boolean; emailRedirectTo?: string; data?: object };
        }
      | { phone: string; options?: { shouldCreateUser?: boolean; data?: object } },
  ): AuthResult<SessionData> {
    const { options = {}, ...who } = credentials;
    const redirect = (options as { emailRedirectTo?: string }).emailRedirectTo;
    return settleAs(async () => {
      await this.auth.call(`/otp${query({ redirect_to: redirect })}`, {
        method: 'POST',
        json: {
          ...who,
          create_user: options.shouldCreateUser ?? true,
          data: options.data ?? {},
          gotrue_meta_security: {},
        },
      });
      return { user: null, session: null };
    }, NO_SESSION);
  }

  /** What the server offers (GoTrue's `GET /settings`): `external.phone` when it texts codes. */
  getSettings(): AuthResult<{ external: Record<string, boolean>; [key: string]: unknown } | null> {
    return settle(async () =>
      this.auth.call<{ external: Record<string, boolean> }>('/settings', {}),
    );
  }

  /** Sends the code of `type` again (`signup`, `email_change`, `sms`, `phone_change`). */
  resend(params: {
    type: 'signup' | 'email_change' | 'sms' | 'phone_change';
    email?: string;
    phone?: string;
  }): AuthResult<object | null> {
    return settle(async () => {
      await this.auth.call('/resend', {
        method: 'POST',
        json: { ...params, gotrue_meta_security: {} },
      });
      return {};
    });
  }

  /** Signs in with a mailed or texted token (`token_hash` of a link, or the address and its code). */
  verifyOtp(params: {
    type:
      | 'signup'
      | 'recovery'
      | 'magiclink'
      | 'invite'
      | 'email_change'
      | 'email'
      | 'sms'
      | 'phone_change';
    token_hash?: string;
    email?: string;
    phone?: string;
    token?: string;
  }): AuthResult<SessionData> {
    const event = params.type === 'recovery' ? 'PASSWORD_RECOVERY' : 'SIGNED_IN';
    return this.signIn('/verify', { ...params, gotrue_meta_security: {} }, event);
  }

  /** Changes the signed-in user's e-mail, password or metadata. */
  async updateUser(
    attributes: UserAttributes,
    options: { emailRedirectTo?: string } = {},
  ): AuthResult<{ user: User | null }> {
    const session = (await this.auth.getSession()).data.session;
    return settleAs(async () => {
      if (!session) throw missingSession();
      const path = `/user${query({ redirect_to: options.emailRedirectTo })}`;
      const user = await this.auth.call<User>(
        path,
        { method: 'PUT', json: attributes },
        session.access_token,
      );
      await this.auth.save({ ...session, user }, 'USER_UPDATED');
      return { user };
    }, NO_USER);
  }

  /**
   * Mails the signed-in user a code to pass as `nonce` to `updateUser` when changing the
   * password or e-mail address (the alternative to `current_password`).
   */
  async reauthenticate(): AuthResult<object | null> {
    const session = (await this.auth.getSession()).data.session;
    return settle(async () => {
      if (!session) throw missingSession();
      await this.auth.call('/reauthenticate', { method: 'GET' }, session.access_token);
      return {};
    });
  }

  /** Mails a password-recovery link (the answer is the same for unknown addresses). */
  async resetPasswordForEmail(
    email: string,
    options: { redirectTo?: string; captchaToken?: string } = {},
  ): AuthResult<object | null> {
    return settle(async () => {
      await this.auth.call(`/recover${query({ redirect_to: options.redirectTo })}`, {
        method: 'POST',
        json: { email, gotrue_meta_security: { captcha_token: options.captchaToken } },
      });
      return {};
    });
  }

  private async signIn(
    path: string,
    body: object,
    event: AuthChangeEvent = 'SIGNED_IN',
  ): AuthResult<SessionData> {
    await this.auth.ready();
    return settleAs(async () => {
      const answer = await this.auth.call<{ user?: User }>(path, { method: 'POST', json: body });
      // A sign-up waiting for its e-mail confirmation answers with the user alone.
      if (path.startsWith('/signup') && !answer?.user)
        return { user: answer as User, session: null };
      const session = sessionOf(answer);
      await this.auth.save(session, event);
      return { user: session.user, session };
    }, NO_SESSION);
  }
}
