// Shared by the integration cases: the two clients (this SDK and supabase-js) for each
// caller, the parity check, user JWTs, and SQL as the cluster's superuser.

/* eslint-disable @typescript-eslint/no-explicit-any -- one scenario runs on two clients' types */
import { createClient as createSupabaseClient } from '@supabase/supabase-js';
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { expect, inject, test } from 'vitest';
import ws from 'ws';
import { createClient } from '../../src';
import type { Database } from '../fixture/database';

export const platform = inject('platform');

export const ALICE = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';

/** An HS256 JWT signed with the server's secret. */
export function signJwt(claims: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createHmac('sha256', platform.jwtSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** An access token of a signed-in user `sub` (role authenticated). */
export function userJwt(sub: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 });
}

export interface Caller {
  /** The API key: anon (default) or service. */
  service?: boolean;
  /** A bearer token sent instead of the key (a user JWT). */
  bearer?: string;
}

const keyOf = (caller: Caller) => (caller.service ? platform.serviceKey : platform.anonKey);
const headersOf = (caller: Caller) =>
  caller.bearer ? { Authorization: `Bearer ${caller.bearer}` } : undefined;

/** This SDK, typed with the fixture's generated Database. */
export function sdk(caller: Caller = {}) {
  return createClient<Database>(platform.url, keyOf(caller), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: headersOf(caller) },
  });
}

/** The official supabase-js, configured the same way. */
export function supabase(caller: Caller = {}) {
  return createSupabaseClient(platform.url, keyOf(caller), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: headersOf(caller) },
    realtime: { transport: ws as never },
  });
}

/** `Failing row contains (1003, …)`: the generated ids differ between the two runs. */
const stableDetails = (details: unknown) =>
  typeof details === 'string' && details.startsWith('Failing row contains')
    ? 'Failing row contains (…)'
    : (details ?? null);

/** What a REST answer is compared on: data, the error's four fields, count and status. */
export function rest(res: { data: unknown; error: any; count?: number | null; status?: number }) {
  const { error } = res;
  return {
    data: res.data,
    error: error && {
      code: error.code,
      message: error.message,
      details: stableDetails(error.details),
      hint: error.hint ?? null,
    },
    count: res.count ?? null,
    status: res.status,
  };
}

/** The message of an auth or storage error (and its status when the client gives one). */
export const failure = (error: any) => error && { message: error.message, status: error.status };

type Scenario<T> = (client: any, caller: Caller) => Promise<T>;

/**
 * A case run twice, on this SDK and on supabase-js, for `caller`: both outcomes must be equal,
 * and `check` asserts what the outcome is.
 */
export function parity<T>(
  name: string,
  scenario: Scenario<T>,
  check: (outcome: T) => void,
  caller: Caller = {},
) {
  test(name, async () => {
    const ours = await scenario(sdk(caller), caller);
    const theirs = await scenario(supabase(caller), caller);
    expect(ours).toEqual(theirs);
    check(ours);
  });
}

/** Runs SQL as the cluster's superuser (`psql -At`); returns the output, trimmed. */
export function sql(query: string): string {
  const result = spawnSync(
    platform.psql,
    [
      '-X',
      '-q',
      '-At',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      platform.socketDir,
      '-p',
      String(platform.socketPort),
      '-U',
      'postgres',
      '-d',
      'app',
      '-c',
      query,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`psql failed on ${query}: ${result.stderr}`);
  return result.stdout.trim();
}

export const unique = (tag: string) => `${tag}-${randomUUID()}`;
export const ids = (rows: { id: unknown }[] | null) => (rows ?? []).map((r) => r.id);
