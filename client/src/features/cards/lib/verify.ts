// Checks a membership card's token on this device (offline too): the server's compact ES256
// token, base64url(claims JSON) "." base64url(r || s), against the public keys of
// /cards/v1/keys and the revocation list (card_revocation_list), both kept on the device.
import type { CardKey } from '@havyaka/sdk';

export interface CardClaims {
  m: string;
  t?: string;
  v?: number;
  n?: string;
  exp: number;
  iat?: number;
  k: string;
}

export interface Revocation {
  member_no: string;
  revoked_below: number;
}

export type Verdict =
  | { status: 'valid' | 'revoked' | 'expired'; claims: CardClaims }
  | { status: 'invalid' | 'unknown-key'; claims?: undefined };

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function parseClaims(body: string): CardClaims | null {
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(body)));
    if (typeof claims !== 'object' || claims === null) return null;
    const c = claims as Record<string, unknown>;
    if (typeof c.m !== 'string' || typeof c.k !== 'string' || typeof c.exp !== 'number')
      return null;
    return c as unknown as CardClaims;
  } catch {
    return null;
  }
}

/** The verdict on `token` at `now` (milliseconds). */
export async function verifyCard(
  token: string,
  keys: readonly CardKey[],
  revocations: readonly Revocation[],
  now = Date.now(),
): Promise<Verdict> {
  const [body, signature, extra] = token.trim().split('.');
  if (!body || !signature || extra !== undefined) return { status: 'invalid' };
  const claims = parseClaims(body);
  if (!claims) return { status: 'invalid' };
  const jwk = keys.find((key) => key.kid === claims.k);
  if (!jwk) return { status: 'unknown-key' };
  let good: boolean;
  try {
    const key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, ext: true },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    good = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      fromBase64Url(signature),
      new TextEncoder().encode(body),
    );
  } catch {
    good = false;
  }
  if (!good) return { status: 'invalid' };
  const revoked = revocations.find((r) => r.member_no === claims.m);
  if (revoked && (claims.v ?? 1) < revoked.revoked_below) return { status: 'revoked', claims };
  if (claims.exp * 1000 <= now) return { status: 'expired', claims };
  return { status: 'valid', claims };
}
