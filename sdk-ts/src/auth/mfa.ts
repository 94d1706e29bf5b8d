// Second factors (TOTP), as auth-js's `auth.mfa`: enrol (secret, otpauth URI, QR code), challenge,
// verify (the session becomes aal2), unenrol, list, and the assurance levels read from the
// session's token. Loaded on first use (client.ts).

import { AuthError } from '../lib/errors';
import { settle } from '../lib/fetch';
import type { AuthCore } from './account';
import { missingSession, toSession } from './session';
import type { Factor, Session } from './types';

export interface TotpEnrollment {
  id: string;
  type: 'totp';
  friendly_name: string;
  /** The QR code as an SVG data URL. */
  totp: { qr_code: string; secret: string; uri: string };
}

export type AssuranceLevel = 'aal1' | 'aal2';

/** The claims of a JWT, unverified (the server verified them when it signed). */
function claimsOf(token: string): {
  aal?: AssuranceLevel;
  amr?: { method: string; timestamp: number }[];
} {
  const part = token.split('.')[1] ?? '';
  const json = atob(
    part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '='),
  );
  return JSON.parse(
    new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
  ) as ReturnType<typeof claimsOf>;
}

export class MfaApi {
  constructor(private auth: AuthCore) {}

  private async session(): Promise<Session> {
    const session = (await this.auth.getSession()).data.session;
    if (!session) throw missingSession();
    return session;
  }

  /** Enrols a TOTP factor (unverified until its first code is verified). */
  enroll(params: { factorType: 'totp'; friendlyName?: string; issuer?: string }) {
    return settle(async () => {
      const session = await this.session();
      const data = await this.auth.call<TotpEnrollment>(
        '/factors',
        {
          method: 'POST',
          json: {
            factor_type: params.factorType,
            friendly_name: params.friendlyName,
            issuer: params.issuer,
          },
        },
        session.access_token,
      );
      data.totp.qr_code = `data:image/svg+xml;utf-8,${data.totp.qr_code}`;
      return data;
    });
  }

  challenge(params: { factorId: string }) {
    return settle(async () => {
      const session = await this.session();
      return this.auth.call<{ id: string; type: string; expires_at: number }>(
        `/factors/${params.factorId}/challenge`,
        { method: 'POST', json: {} },
        session.access_token,
      );
    });
  }

  /** Verifies a code: the session becomes aal2 (event MFA_CHALLENGE_VERIFIED). */
  verify(params: { factorId: string; challengeId: string; code: string }) {
    return settle(async () => {
      const session = await this.session();
      const answer = await this.auth.call<object>(
        `/factors/${params.factorId}/verify`,
        { method: 'POST', json: { challenge_id: params.challengeId, code: params.code } },
        session.access_token,
      );
      const raised = toSession(answer);
      if (!raised) throw new AuthError('The server answered without a session', { status: 500 });
      await this.auth.save(raised, 'MFA_CHALLENGE_VERIFIED');
      return raised;
    });
  }

  async challengeAndVerify(params: { factorId: string; code: string }) {
    const challenge = await this.challenge(params);
    if (challenge.error) return { data: null, error: challenge.error };
    return this.verify({ ...params, challengeId: challenge.data.id });
  }

  unenroll(params: { factorId: string }) {
    return settle(async () => {
      const session = await this.session();
      return this.auth.call<{ id: string }>(
        `/factors/${params.factorId}`,
        { method: 'DELETE' },
        session.access_token,
      );
    });
  }

  /** The user's factors as the server sees them now; `totp`: the verified ones. */
  listFactors() {
    return settle(async () => {
      const session = await this.session();
      const user = await this.auth.call<{ factors?: Factor[] }>('/user', {}, session.access_token);
      const all = user.factors ?? [];
      return { all, totp: all.filter((f) => f.factor_type === 'totp' && f.status === 'verified') };
    });
  }

  /** The session's level, and the level the user can reach (aal2 with a verified factor). */
  getAuthenticatorAssuranceLevel() {
    return settle(async () => {
      const session = await this.session();
      const claims = claimsOf(session.access_token);
      const verified = (session.user.factors ?? []).some((f) => f.status === 'verified');
      return {
        currentLevel: claims.aal ?? 'aal1',
        nextLevel: (verified ? 'aal2' : (claims.aal ?? 'aal1')) as AssuranceLevel,
        currentAuthenticationMethods: claims.amr ?? [],
      };
    });
  }
}
