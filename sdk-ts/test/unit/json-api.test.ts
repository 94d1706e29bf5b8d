// The small JSON APIs loaded on first use (cards, backups): their requests, answers and errors,
// through the client as an app calls them.

import { describe, expect, test } from 'vitest';
import { ApiError, createClient } from '../../src';
import { json, stubFetch, type Responder } from './stub';

function client(respond: Responder) {
  const stub = stubFetch(respond);
  const sdk = createClient('http://api.test', 'anon-key', {
    global: { fetch: stub.fetch },
    auth: { persistSession: false },
  });
  return { stub, sdk };
}

describe('cards', () => {
  test('token posts to /cards/v1/token and reads the JSON answer', async () => {
    const card = { token: 'a.b', claims: { k: 'k1', iat: 1, exp: 2 } };
    const { stub, sdk } = client(() => json(card));
    const { data, error } = await sdk.cards.token();
    expect(error).toBeNull();
    expect(data).toEqual(card);
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]!.method).toBe('POST');
    expect(stub.calls[0]!.url.href).toBe('http://api.test/cards/v1/token');
    expect(stub.calls[0]!.headers.get('apikey')).toBe('anon-key');
  });

  test('a failed call resolves an ApiError with the status and code', async () => {
    const { sdk } = client(() => json({ code: 'not_found', message: 'No card' }, { status: 404 }));
    const { data, error } = await sdk.cards.keys();
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No card' });
  });
});

describe('backups', () => {
  test('each call names its method and its path, ids encoded', async () => {
    const { stub, sdk } = client(() => json({ status: 'discarded' }));
    await sdk.backups.list();
    await sdk.backups.restore('2026/12 a');
    const { data } = await sdk.backups.discard('r 1');
    expect(data).toEqual({ status: 'discarded' });
    expect(stub.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/admin/backups',
      'POST /api/admin/backups/2026%2F12%20a/restore',
      'POST /api/admin/restores/r%201/discard',
    ]);
  });

  test('an empty answer reads as null', async () => {
    const { sdk } = client(() => new Response(null, { status: 204 }));
    expect(await sdk.backups.create()).toEqual({ data: null, error: null });
  });
});
