// How awaited builders read the server's answer: data, count, status, errors as instances,
// maybeSingle, CSV, HEAD, network failures, aborts, throwOnError, laziness, headers.

import { describe, expect, test } from 'vitest';
import { ApiError, NetworkError, SdkError, createClient } from '../../src';
import { contentRangeTotal } from '../../src/rest/builder';
import { json, stubFetch, type Responder } from './stub';

const client = (respond?: Responder, headers?: Record<string, string>) => {
  const stub = stubFetch(respond);
  return {
    stub,
    db: createClient('http://api.test/', 'anon-key', { global: { fetch: stub.fetch, headers } }),
  };
};

describe('Content-Range', () => {
  test('the total is the number after the slash', () => {
    expect(contentRangeTotal('0-9/42')).toBe(42);
    expect(contentRangeTotal('*/0')).toBe(0);
  });
  test('an unknown total or no header is null', () => {
    expect(contentRangeTotal('0-9/*')).toBeNull();
    expect(contentRangeTotal(null)).toBeNull();
  });
});

describe('a read', () => {
  test('resolves with data, status and statusText', async () => {
    const { db } = client(() => json([{ id: 1 }], { statusText: 'OK' }));
    expect(await db.from('todos').select()).toEqual({
      data: [{ id: 1 }],
      error: null,
      count: null,
      status: 200,
      statusText: 'OK',
    });
  });

  test('reads the count from Content-Range when one was asked for', async () => {
    const { db } = client(() =>
      json([{ id: 1 }], { status: 206, headers: { 'Content-Range': '0-0/7' } }),
    );
    const res = await db.from('todos').select('id', { count: 'exact' }).limit(1);
    expect(res.count).toBe(7);
    expect(res.status).toBe(206);
  });

  test('ignores Content-Range when no count was asked for', async () => {
    const { db } = client(() => json([], { headers: { 'Content-Range': '*/9' } }));
    expect((await db.from('todos').select()).count).toBeNull();
  });

  test('HEAD has null data and the count', async () => {
    const { db, stub } = client(
      () => new Response(null, { status: 200, headers: { 'Content-Range': '*/3' } }),
    );
    const res = await db.from('todos').select('*', { head: true, count: 'exact' });
    expect(stub.calls[0].method).toBe('HEAD');
    expect(res).toMatchObject({ data: null, error: null, count: 3 });
  });

  test('an empty body is null data', async () => {
    const { db } = client(() => new Response(null, { status: 201 }));
    expect(await db.from('todos').insert({ a: 1 })).toMatchObject({
      data: null,
      error: null,
      status: 201,
    });
  });

  test('csv() returns the text', async () => {
    const { db } = client(
      () => new Response('id\n1\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    expect((await db.from('todos').select().csv()).data).toBe('id\n1\n');
  });

  test('a 2xx body that is not JSON is an ApiError with the body as message', async () => {
    const { db } = client(() => new Response('oops'));
    const res = await db.from('todos').select();
    expect(res.error).toBeInstanceOf(ApiError);
    expect(res.error?.message).toBe('oops');
  });
});

describe('maybeSingle', () => {
  test('one row is the object', async () => {
    const { db } = client(() => json([{ id: 1 }]));
    expect((await db.from('t').select().maybeSingle()).data).toEqual({ id: 1 });
  });
  test('no row is null without error', async () => {
    const { db } = client(() => json([]));
    expect(await db.from('t').select().maybeSingle()).toMatchObject({
      data: null,
      error: null,
      status: 200,
    });
  });
  test('several rows are PGRST116 with status 406', async () => {
    const { db } = client(() => json([{ id: 1 }, { id: 2 }]));
    const res = await db.from('t').select().maybeSingle();
    expect(res.status).toBe(406);
    expect(res.statusText).toBe('Not Acceptable');
    expect(res.error).toBeInstanceOf(ApiError);
    expect(res.error).toMatchObject({
      code: 'PGRST116',
      details: 'Results contain 2 rows, application/vnd.pgrst.object+json requires 1 row',
      status: 406,
    });
  });
});

describe('errors', () => {
  const pgError = {
    code: '23505',
    message: 'duplicate key value',
    details: 'Key (id)=(1) exists.',
    hint: null,
  };

  test('a PostgREST error is an ApiError with code, details, hint and status', async () => {
    const { db } = client(() => json(pgError, { status: 409, statusText: 'Conflict' }));
    const res = await db.from('t').insert({ id: 1 });
    expect(res.error).toBeInstanceOf(ApiError);
    expect(res.error).toBeInstanceOf(SdkError);
    expect(res.error).toBeInstanceOf(Error);
    expect(res.error).toMatchObject({ ...pgError, status: 409 });
    expect(res).toMatchObject({ data: null, count: null, status: 409, statusText: 'Conflict' });
  });

  test('a non-JSON error body becomes the message', async () => {
    const { db } = client(() => new Response('Bad gateway', { status: 502 }));
    const res = await db.from('t').select();
    expect(res.error).toBeInstanceOf(ApiError);
    expect(res.error).toMatchObject({ message: 'Bad gateway', status: 502 });
  });

  test('a network failure is a NetworkError with status 0', async () => {
    const { db } = client(() => {
      throw new TypeError('fetch failed');
    });
    const res = await db.from('t').select();
    expect(res.error).toBeInstanceOf(NetworkError);
    expect(res).toMatchObject({
      data: null,
      status: 0,
      error: { code: 'NETWORK_ERROR', message: 'TypeError: fetch failed' },
    });
  });

  test('an aborted request is a NetworkError ABORTED', async () => {
    const { db } = client();
    const controller = new AbortController();
    controller.abort();
    const res = await db.from('t').select().abortSignal(controller.signal);
    expect(res.error).toBeInstanceOf(NetworkError);
    expect(res.error?.code).toBe('ABORTED');
  });

  test('throwOnError rejects with the error instance', async () => {
    const { db } = client(() => json(pgError, { status: 409 }));
    await expect(db.from('t').insert({ id: 1 }).throwOnError()).rejects.toBeInstanceOf(ApiError);
  });

  test('throwOnError resolves normally on success', async () => {
    const { db } = client(() => json([{ id: 1 }]));
    expect((await db.from('t').select().throwOnError()).data).toEqual([{ id: 1 }]);
  });
});

describe('requests', () => {
  test('nothing is sent until the builder is awaited', async () => {
    const { db, stub } = client();
    const query = db.from('t').select().eq('id', 1);
    await Promise.resolve();
    expect(stub.calls).toHaveLength(0);
    await query;
    expect(stub.calls).toHaveLength(1);
  });

  test('reads carry the key, the profile and the client name', async () => {
    const { db, stub } = client();
    await db.from('t').select();
    const h = stub.calls[0].headers;
    expect(stub.calls[0].url.href).toBe('http://api.test/rest/v1/t?select=*');
    expect(h.get('apikey')).toBe('anon-key');
    expect(h.get('authorization')).toBe('Bearer anon-key');
    expect(h.get('accept-profile')).toBe('public');
    expect(h.get('content-profile')).toBeNull();
    expect(h.get('x-client-info')).toMatch(/^havyaka-sdk\//);
  });

  test('writes carry Content-Profile and a JSON content type, also DELETE', async () => {
    const { db, stub } = client(() => new Response(null, { status: 204 }));
    await db.from('t').delete().eq('id', 1);
    const h = stub.calls[0].headers;
    expect(h.get('content-profile')).toBe('public');
    expect(h.get('content-type')).toBe('application/json');
    expect(stub.calls[0].body).toBeNull();
  });

  test('a global Authorization header wins over the key', async () => {
    const { db, stub } = client(undefined, { Authorization: 'Bearer user-token' });
    await db.from('t').select();
    expect(stub.calls[0].headers.get('authorization')).toBe('Bearer user-token');
  });

  test('setHeader adds a header', async () => {
    const { db, stub } = client();
    await db.from('t').select().setHeader('X-Extra', '1');
    expect(stub.calls[0].headers.get('x-extra')).toBe('1');
  });

  test('db.schema picks the profile', async () => {
    const stub = stubFetch();
    const db = createClient('http://api.test', 'k', {
      global: { fetch: stub.fetch },
      db: { schema: 'other' },
    });
    await db.from('t').select();
    await db.from('t').insert({});
    expect(stub.calls[0].headers.get('accept-profile')).toBe('other');
    expect(stub.calls[1].headers.get('content-profile')).toBe('other');
  });

  test('each await sends the request again', async () => {
    const { db, stub } = client();
    const query = db.from('t').select();
    await query;
    await query;
    expect(stub.calls).toHaveLength(2);
  });
});
