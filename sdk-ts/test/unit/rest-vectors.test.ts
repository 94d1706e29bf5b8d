// Every call of rest-calls.ts sends exactly what test/vectors/rest-requests.json says, on this
// SDK and (where the entry says `same`) on supabase-js too. The server parses the same file
// (server/src/rest/request/sdk_vectors.rs).

import { createClient as createSupabaseClient } from '@supabase/supabase-js';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import ws from 'ws';
import { createClient } from '../../src';
import { CALLS } from './rest-calls';
import { stubFetch } from './stub';

interface Vector {
  name: string;
  method: string;
  path: string;
  query: string;
  pairs: [string, string][];
  prefer?: string;
  accept?: string;
  body?: unknown;
  supabaseJs: 'same' | 'differs';
}

const vectors: Vector[] = JSON.parse(
  readFileSync(new URL('../vectors/rest-requests.json', import.meta.url), 'utf8'),
);

type Make = (fetch: typeof globalThis.fetch) => unknown;

const ours: Make = (fetch) => createClient('http://api.test', 'anon-key', { global: { fetch } });
const supabase: Make = (fetch) =>
  createSupabaseClient('http://api.test', 'anon-key', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });

async function sent(make: Make, name: string) {
  const stub = stubFetch();
  await CALLS[name](make(stub.fetch));
  expect(stub.calls).toHaveLength(1);
  const [request] = stub.calls;
  return {
    method: request.method,
    path: request.url.pathname.replace(/^\/rest\/v1\//, ''),
    query: request.url.search.slice(1),
    prefer: request.headers.get('prefer') ?? undefined,
    accept: request.headers.get('accept') ?? undefined,
    body: typeof request.body === 'string' ? JSON.parse(request.body) : undefined,
  };
}

const expected = (v: Vector) => ({
  method: v.method,
  path: v.path,
  query: v.query,
  prefer: v.prefer,
  accept: v.accept,
  body: v.body,
});

test('every call has a vector and every vector a call', () => {
  expect(vectors.map((v) => v.name).sort()).toEqual(Object.keys(CALLS).sort());
});

describe.each(vectors)('$name', (vector) => {
  test('the SDK sends the vector', async () => {
    expect(await sent(ours, vector.name)).toEqual(expected(vector));
  });

  test('the pairs are the decoded query', () => {
    expect([...new URLSearchParams(vector.query)]).toEqual(vector.pairs);
  });

  test(`supabase-js sends ${vector.supabaseJs === 'same' ? 'the same' : 'something else'}`, async () => {
    const theirs = await sent(supabase, vector.name);
    if (vector.supabaseJs === 'same') expect(theirs).toEqual(expected(vector));
    else expect(theirs).not.toEqual(expected(vector));
  });
});
