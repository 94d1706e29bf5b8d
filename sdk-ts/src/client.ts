// createClient: one object with `from`, `rpc`, `auth`, `storage`, `push` and `backups`, shaped like
// supabase-js's, for a server at `url` and an API key (the anon key in the browser).

import { AuthClient } from './auth/client';
import type { AuthOptions } from './auth/types';
import type { Fetch, Transport } from './lib/fetch';
import { lazyApi, type Public } from './lib/lazy';
import type { BackupsClient } from './backups/client';
import type { CardsClient } from './cards/client';
import type { PushClient } from './push/client';
import { QueryBuilder, rpc, type RpcOptions } from './rest/query';
import type { GenericSchema, RelationName, RelationOf, SchemaOf } from './rest/types';
import { StorageClient } from './storage/client';

export const VERSION = '0.1.0';

export interface ClientOptions<SchemaName extends string = 'public'> {
  auth?: AuthOptions;
  global?: {
    /** Default: the platform's fetch. */
    fetch?: Fetch;
    /** Sent with every request; an `Authorization` here replaces the session's token. */
    headers?: Record<string, string>;
  };
  db?: { schema?: SchemaName };
}

export class SdkClient<Database = unknown, SchemaName extends string = 'public'> {
  readonly auth: AuthClient;
  readonly storage: StorageClient;
  /** Web push (its code loads on first use). */
  readonly push: Public<PushClient>;
  /** Backups and restores for super admins (its code loads on first use). */
  readonly backups: Public<BackupsClient>;
  /** App tokens (`/cards/v1`): the caller's, and the keys verifying them (loads on first use). */
  readonly cards: Public<CardsClient>;
  private rest: { transport: Transport; url: string; schema: string };

  constructor(url: string, key: string, options: ClientOptions<SchemaName> = {}) {
    const base = url.replace(/\/+$/, '');
    const extra = options.global?.headers ?? {};
    const fetchFn: Fetch = (input, init) => (options.global?.fetch ?? fetch)(input, init);
    const headers = (token: string) => ({
      apikey: key,
      Authorization: `Bearer ${token}`,
      'X-Client-Info': `havyaka-sdk/${VERSION}`,
      ...extra,
    });
    this.auth = new AuthClient(
      `${base}/auth/v1`,
      {
        fetch: fetchFn,
        headers: async () => ({ ...headers(key), 'X-Supabase-Api-Version': '2024-01-01' }),
      },
      options.auth,
    );
    // REST, storage and push carry the session's access token, or the key when signed out.
    const transport: Transport = {
      fetch: fetchFn,
      headers: async () =>
        headers((await this.auth.getSession()).data.session?.access_token ?? key),
    };
    this.rest = { transport, url: `${base}/rest/v1`, schema: options.db?.schema ?? 'public' };
    this.storage = new StorageClient(`${base}/storage/v1`, transport);
    this.push = lazyApi(
      async () => new (await import('./push/client')).PushClient(base, transport),
      ['publicKey', 'subscribe', 'save', 'unsubscribe'],
    );
    this.backups = lazyApi(
      async () => new (await import('./backups/client')).BackupsClient(base, transport),
      ['list', 'create', 'drill', 'restore', 'restoreStatus', 'switchTo', 'discard'],
    );
    this.cards = lazyApi(
      async () => new (await import('./cards/client')).CardsClient(base, transport),
      ['token', 'keys'],
    );
  }

  /** Queries a table or view. */
  from<Name extends RelationName<SchemaOf<Database, SchemaName>>>(relation: Name) {
    return new QueryBuilder<RelationOf<SchemaOf<Database, SchemaName>, Name>>({
      ...this.rest,
      url: `${this.rest.url}/${relation}`,
    });
  }

  /** Calls a function: POST with `args` as JSON, or GET/HEAD (`get`, `head`). */
  rpc<Fn extends string & keyof Functions<Database, SchemaName>>(
    fn: Fn,
    args?: Functions<Database, SchemaName>[Fn]['Args'],
    options?: RpcOptions,
  ) {
    return rpc<Functions<Database, SchemaName>[Fn]>(this.rest, fn, args, options);
  }
}

type Functions<Database, SchemaName> = SchemaOf<Database, SchemaName>['Functions'];

/**
 * A client for the server at `url` with an API key. `Database` is the generated type
 * (`types/database.ts`); without it rows are untyped records.
 */
export function createClient<Database = unknown, SchemaName extends string = 'public'>(
  url: string,
  key: string,
  options?: ClientOptions<SchemaName>,
): SdkClient<Database, SchemaName> {
  return new SdkClient<Database, SchemaName>(url, key, options);
}

export type { GenericSchema };
