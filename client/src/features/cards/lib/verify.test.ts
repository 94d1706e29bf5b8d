// The scanner's check: a token signed like the server's (ECDSA P-256, r || s over the
// base64url claims) is valid; tampered, expired, revoked and unknown-key tokens are not.
import type { CardKey } from '@havyaka/sdk';
import { describe, expect, it } from 'vitest';
import { verifyCard } from './verify';

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function signer(kid: string) {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const key = { kid, kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } as CardKey;
  const sign = async (claims: object) => {
    const body = b64url(new TextEncoder().encode(JSON.stringify({ ...claims, k: kid })));
    const sig = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.privateKey,
      new TextEncoder().encode(body),
    );
    return `${body}.${b64url(new Uint8Array(sig))}`;
  };
  return { key, sign };
}

const NOW = 1_800_000_000_000;
const claims = { m: 'LM-1024', t: 'life', v: 2, n: 'ಮೀರಾ Meera', exp: NOW / 1000 + 60 };

describe('verifyCard', () => {
  it('accepts a token signed by a published key, with its claims', async () => {
    const { key, sign } = await signer('k1');
    const verdict = await verifyCard(await sign(claims), [key], [], NOW);
    expect(verdict.status).toBe('valid');
    expect(verdict.claims?.n).toBe('ಮೀರಾ Meera');
  });

  it('refuses a tampered token, another key’s, garbage and an unknown key', async () => {
    const { key, sign } = await signer('k1');
    const other = await signer('k1');
    const token = await sign(claims);
    const [, sig] = token.split('.');
    const forged = `${b64url(new TextEncoder().encode(JSON.stringify({ ...claims, m: 'LM-1025', k: 'k1' })))}.${sig}`;
    expect((await verifyCard(forged, [key], [], NOW)).status).toBe('invalid');
    expect((await verifyCard(await other.sign(claims), [key], [], NOW)).status).toBe('invalid');
    expect((await verifyCard('not a token', [key], [], NOW)).status).toBe('invalid');
    expect((await verifyCard(token, [], [], NOW)).status).toBe('unknown-key');
  });

  it('says expired from exp on, and revoked below the listed version', async () => {
    const { key, sign } = await signer('k1');
    const token = await sign(claims);
    expect((await verifyCard(token, [key], [], NOW + 60_000)).status).toBe('expired');
    const list = [{ member_no: 'LM-1024', revoked_below: 3 }];
    expect((await verifyCard(token, [key], list, NOW)).status).toBe('revoked');
    const older = [{ member_no: 'LM-1024', revoked_below: 2 }];
    expect((await verifyCard(token, [key], older, NOW)).status).toBe('valid');
  });
});
