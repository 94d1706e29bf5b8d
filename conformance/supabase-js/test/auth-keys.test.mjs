// Signing keys and API keys: the published JWKS (no API key needed), getClaims verifying an
// ES256 session locally with it (no GET /user), REST accepting the ES256 token, a token naming
// the server's kid but signed by another key refused, API keys signed with the secret under an
// older issuer still accepted, and requests without an API key answered as hosted Supabase's
// gateway answers them.

import test from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign as signData } from 'node:crypto';
import {
  T, BASE_URL, ANON_KEY, signJwt, authClient, newUser, jwks, decodeJwt, withBearer, authFetch,
} from './helpers.mjs';

test('keys: /auth/v1/.well-known/jwks.json publishes the ES256 public key, without an API key', T, async () => {
  const res = await fetch(`${BASE_URL}/auth/v1/.well-known/jwks.json`);
  assert.equal(res.status, 200);
  const { keys } = await res.json();
  assert.ok(keys.length >= 1);
  for (const key of keys) {
    assert.deepEqual([key.kty, key.crv, key.alg, key.use], ['EC', 'P-256', 'ES256', 'sig']);
    assert.deepEqual(key.key_ops, ['verify']);
    assert.ok(key.kid && key.x && key.y);
    assert.equal(key.d, undefined, 'never the private part');
  }
  const { session } = await newUser({ tag: 'jwks' });
  assert.ok(keys.some((k) => k.kid === decodeJwt(session.access_token).header.kid));
});

test('keys: getClaims verifies the session with the JWKS and never asks GET /user', T, async () => {
  const { email, password } = await newUser({ tag: 'claims-local' });
  const seen = [];
  const client = authClient({ persist: true });
  const originalFetch = globalThis.fetch;
  client.auth.fetch = async (url, options) => {
    seen.push(String(url));
    return originalFetch(url, options);
  };
  const signedIn = await client.auth.signInWithPassword({ email, password });
  assert.equal(signedIn.error, null);
  const { data, error } = await client.auth.getClaims();
  assert.equal(error, null, JSON.stringify(error));
  assert.equal(data.claims.email, email);
  assert.ok(seen.some((u) => u.endsWith('/auth/v1/.well-known/jwks.json')), seen.join(' '));
  assert.ok(!seen.some((u) => u.endsWith('/auth/v1/user')), seen.join(' '));
});

test('keys: REST accepts the ES256 session token and refuses one naming the kid but signed by another key', T, async () => {
  const { session, user } = await newUser({ tag: 'rest-es256' });
  const ok = await withBearer(session.access_token).rpc('whoami');
  assert.equal(ok.error, null, JSON.stringify(ok.error));
  assert.deepEqual([ok.data.role, ok.data.sub], ['authenticated', user.id]);
  const { header, payload } = decodeJwt(session.access_token);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const h = Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: header.kid })).toString('base64url');
  const p = Buffer.from(JSON.stringify({ ...payload, role: 'service_role' })).toString('base64url');
  const s = signData('sha256', Buffer.from(`${h}.${p}`), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  const forged = await withBearer(`${h}.${p}.${s}`).rpc('whoami');
  assert.equal(forged.status, 401);
  assert.equal(forged.error.code, 'PGRST301');
});

test('keys: an API key signed with the secret under an older issuer is still an API key', T, async () => {
  const old = signJwt({ iss: 'an-older-issuer', role: 'anon', iat: 1_767_225_600, exp: 2_082_758_400 });
  const res = await fetch(`${BASE_URL}/rest/v1/people?select=id&limit=1`, { headers: { apikey: old } });
  assert.equal(res.status, 200, await res.text());
  const settings = await authFetch('/settings', { apikey: old, token: old });
  assert.equal(settings.status, 200, JSON.stringify(settings.body));
});

test('keys: requests without an API key get hosted Supabase\'s 401 with its message and hint', T, async () => {
  for (const path of ['/rest/v1/people', '/auth/v1/settings']) {
    const res = await fetch(`${BASE_URL}${path}`);
    assert.equal(res.status, 401, path);
    const body = await res.json();
    assert.equal(body.message, 'No API key found in request', path);
    assert.equal(body.hint, 'No `apikey` request header or url param was found.', path);
  }
  // The mailed links and the key set need none.
  assert.equal((await fetch(`${BASE_URL}/auth/v1/.well-known/jwks.json`)).status, 200);
  assert.ok(ANON_KEY);
});
