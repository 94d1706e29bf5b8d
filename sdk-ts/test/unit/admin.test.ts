// auth.admin: the requests and how pages of users are read.

import { describe, expect, test } from 'vitest';
import { AuthError, createClient } from '../../src';
import { parseLink } from '../../src/auth/admin';
import { json, stubFetch, type Responder } from './stub';

function admin(respond: Responder) {
  const stub = stubFetch(respond);
  const sdk = createClient('http://api.test', 'service-key', {
    global: { fetch: stub.fetch },
    auth: { persistSession: false },
  });
  return { stub, admin: sdk.auth.admin };
}

const user = { id: 'u1', email: 'a@example.com' };

describe('Link headers', () => {
  test('give the next and last page numbers', () => {
    const link =
      '</admin/users?page=2&per_page=50>; rel="next", </admin/users?page=12&per_page=50>; rel="last"';
    expect(parseLink(link)).toEqual({ next: 2, last: 12 });
    expect(parseLink(null)).toEqual({});
  });
});

describe('admin calls', () => {
  test('listUsers reads users, total, next and last page', async () => {
    const { stub, admin: api } = admin(() =>
      json(
        { users: [user], aud: 'authenticated' },
        {
          headers: {
            'X-Total-Count': '120',
            Link: '</admin/users?page=3&per_page=50>; rel="next", </admin/users?page=3&per_page=50>; rel="last"',
          },
        },
      ),
    );
    const { data, error } = await api.listUsers({ page: 2, perPage: 50 });
    expect(error).toBeNull();
    expect(data).toEqual({
      users: [user],
      aud: 'authenticated',
      total: 120,
      nextPage: 3,
      lastPage: 3,
    });
    expect(stub.calls[0].url.href).toBe('http://api.test/auth/v1/admin/users?page=2&per_page=50');
    expect(stub.calls[0].headers.get('authorization')).toBe('Bearer service-key');
  });

  test('the last page has no next page', async () => {
    const { admin: api } = admin(() =>
      json({ users: [], aud: 'authenticated' }, { headers: { 'X-Total-Count': '1' } }),
    );
    expect((await api.listUsers()).data).toMatchObject({ total: 1, nextPage: null, lastPage: 1 });
  });

  test('create, get, update and delete', async () => {
    const { stub, admin: api } = admin((req) => json(req.method === 'DELETE' ? {} : user));
    expect(
      (await api.createUser({ email: 'a@example.com', password: 'pw', email_confirm: true })).data,
    ).toEqual({ user });
    expect((await api.getUserById('u1')).data).toEqual({ user });
    expect((await api.updateUserById('u1', { user_metadata: { a: 1 } })).data).toEqual({ user });
    expect((await api.deleteUser('u1')).error).toBeNull();
    expect(stub.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /auth/v1/admin/users',
      'GET /auth/v1/admin/users/u1',
      'PUT /auth/v1/admin/users/u1',
      'DELETE /auth/v1/admin/users/u1',
    ]);
    expect(JSON.parse(String(stub.calls[3].body))).toEqual({ should_soft_delete: false });
  });

  test('a refusal is an AuthError', async () => {
    const { admin: api } = admin(() =>
      json({ code: 'not_admin', message: 'User not allowed' }, { status: 403 }),
    );
    const { data, error } = await api.getUserById('u1');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'not_admin', status: 403 });
  });
});

describe('admin calls of a signed-in user', () => {
  test('carry the session token (the server asks auth.can_manage_users() of that user)', async () => {
    const { authServer, authClient, tokenAnswer } = await import('./auth-stub');
    const { stub } = authServer();
    const client = authClient(stub.fetch);
    await client.auth.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await client.auth.admin.createUser({
      email: 'b@example.com',
      password: 'pw',
      email_confirm: true,
    });
    const call = stub.calls.at(-1)!;
    expect(call.url.href).toBe('http://api.test/auth/v1/admin/users');
    expect(call.headers.get('authorization')).toBe(`Bearer ${tokenAnswer(1).access_token}`);
    expect(call.headers.get('apikey')).toBe('anon-key');
  });
});
