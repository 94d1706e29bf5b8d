// Second factors (TOTP), as auth-js's `auth.mfa`: enrol (secret, otpauth URI, QR code), challenge,
// verify (the session becomes aal2), unenrol, list, and the assurance levels read from the
// session's token. Loaded on first use (client.ts).

import { settle } from '../lib/fetch';
import type { AuthCore } from './account';
import { sessionOf } from './results';
import { missingSession } from './session';
import type { Factor, Session } from './types';

export interface TotpEnrollment {
  id: string;
  type: 'totp';
  friendly_name: string;
  /** The QR code as an SVG data URL. */
  totp: { qr_code: string; secret: string; uri: string };
}

export type AssuranceLevel = 'aal1' | 'aal2';

/** The claims of a JWT, unverified (the server verified them when it signed); only the ASCII
 * claims `aal` and `amr` are read, so the payload's bytes need no UTF-8 decoding. */
function claimsOf(token: string): {
  aal?: AssuranceLevel;
  amr?: { method: string; timestamp: number }[];
} {
  return JSON.parse(
    atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')),
  ) as ReturnType<typeof claimsOf>;
}

export class MfaApi {
  constructor(private auth: AuthCore) {}

  private async session(): Promise<Session> {
    const session = (await this.auth.getSession()).data.session;
    if (!session) throw missingSession();
    return session;
  }

  /** Calls the server as the signed-in user (an error without a session). */
  private async call<T>(path: string, init: Parameters<AuthCore['call']>[1]): Promise<T> {
    return this.auth.call<T>(path, init, (await this.session()).access_token);
  }

  /** Enrols a TOTP factor (unverified until its first code is verified). */
  enroll(params: { factorType: 'totp'; friendlyName?: string; issuer?: string }) {
    return settle(async () => {
      const data = await this.call<TotpEnrollment>('/factors', {
        method: 'POST',
        json: {
          factor_type: params.factorType,
          friendly_name: params.friendlyName,
          issuer: params.issuer,
        },
      });
      data.totp.qr_code = `data:image/svg+xml;utf-8,${data.totp.qr_code}`;
      return data;
    });
  }

  challenge(params: { factorId: string }) {
    return settle(() =>
      this.call<{ id: string; type: string; expires_at: number }>(
        `/factors/${params.factorId}/challenge`,
        { method: 'POST', json: {} },
      ),
    );
  }

  /** Verifies a code: the session becomes aal2 (event MFA_CHALLENGE_VERIFIED). */
  verify(params: { factorId: string; challengeId: string; code: string }) {
    return settle(async () => {
      const answer = await this.call<object>(`/factors/${params.factorId}/verify`, {
        method: 'POST',
        json: { challenge_id: params.challengeId, code: params.code },
      });
      const raised = sessionOf(answer);
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
    return settle(() =>
      this.call<{ id: string }>(`/factors/${params.factorId}`, { method: 'DELETE' }),
    );
  }

  /** The user's factors as the server sees them now; `totp`: the verified ones. */
  listFactors() {
    return settle(async () => {
      const user = await this.call<{ factors?: Factor[] }>('/user', {});
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
