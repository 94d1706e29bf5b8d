// A query's or a mutation's function that makes one SDK request and answers its data.
import { unwrap } from './errors-core';
import { sdk, type Sdk } from './sdk';

type SdkResult<T> = { data: T; error: null } | { data: null; error: unknown };

/**
 * `queryFn: fromSdk((db) => db.from('events').select().eq('id', id))`, or with the mutation's
 * variables, `mutationFn: fromSdk((db, row: Row) => db.from('events').insert(row))`: makes the
 * request when called and answers its data, or throws its error (as `unwrap(await sdk()…)`).
 */
export const fromSdk =
  <T, A extends unknown[] = []>(request: (db: Sdk, ...args: A) => PromiseLike<SdkResult<T>>) =>
  async (...args: A) =>
    unwrap(await request(sdk(), ...args));
