// A session from /auth/v1 drives /rest/v1: after sign-in supabase-js sends the user's access
// token as the bearer, so auth.uid() and row-level security see the user (wire-api.md §1, §3;
// fixture: public.whoami() and public.notes in server/tests/fixtures/rest_schema.sql).

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, ok, authClient, newUser, signIn, newEmail, newPassword, T } from './helpers.mjs';

test('auth-rest: rpc whoami follows the client\'s session (anon → user → refreshed → anon)', T, async () => {
  const client = authClient({ persist: true });
  const before = ok(await client.rpc('whoami'));
  assert.equal(before.data.role, 'anon');
  assert.equal(before.data.sub, null);

  const email = newEmail('rest');
  const password = newPassword();
  const up = await client.auth.signUp({ email, password });
  assert.equal(up.error, null, JSON.stringify(up.error));
  const signedIn = ok(await client.rpc('whoami'));
  assert.deepEqual(signedIn.data, { role: 'authenticated', sub: up.data.user.id, method: 'POST' });

  const refreshed = await client.auth.refreshSession();
  assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));
  const afterRefresh = ok(await client.rpc('whoami'));
  assert.equal(afterRefresh.data.sub, up.data.user.id);

  const out = await client.auth.signOut();
  assert.equal(out.error, null);
  const after = ok(await client.rpc('whoami'));
  assert.equal(after.data.role, 'anon');
  assert.equal(after.data.sub, null);
});

test('auth-rest: row-level security sees the signed-in user (notes.owner_id defaults to auth.uid())', T, async () => {
  const alice = await newUser({ tag: 'rest-owner' });
  const bob = await newUser({ tag: 'rest-other' });
  const body = `auth-rest: private note ${alice.user.id}`;
  try {
    const inserted = ok(await alice.client.from('notes').insert({ body }).select('id, owner_id, is_public'), 201);
    assert.equal(inserted.data.length, 1);
    const note = inserted.data[0];
    assert.equal(note.owner_id, alice.user.id);
    assert.equal(note.is_public, false);
    assert.deepEqual(ok(await alice.client.from('notes').select('body').eq('id', note.id)).data, [{ body }]);
    assert.deepEqual(ok(await bob.client.from('notes').select('body').eq('id', note.id)).data, [], 'another user must not see it');
    assert.deepEqual(ok(await anon().from('notes').select('body').eq('id', note.id)).data, []);
    // Bob cannot update Alice's note; Alice can.
    const bobUpdate = ok(await bob.client.from('notes').update({ body: 'hacked' }).eq('id', note.id).select());
    assert.deepEqual(bobUpdate.data, []);
    const aliceUpdate = ok(await alice.client.from('notes').update({ is_public: true }).eq('id', note.id).select('is_public'));
    assert.deepEqual(aliceUpdate.data, [{ is_public: true }]);
    // A second sign-in of Alice (new session, new token) sees the same rows.
    const again = await signIn(alice.email, alice.password);
    assert.deepEqual(ok(await again.client.from('notes').select('id').eq('id', note.id)).data, [{ id: note.id }]);
  } finally {
    await service().from('notes').delete().eq('body', body);
  }
});
