// A query's or a mutation's function that makes one SDK request and answers its data.
import { unwrap } from './errors-core';
import { sdk, type Sdk } from './sdk';

type SdkResult<T> = { data: T; error: null } | { data: null; error: unknown };

/**
 * `queryFn: fromSdk((db) => db.from('events').select().eq('id', id))`: makes the request when
 * called and answers its data, or throws its error (as `unwrap(await sdk()…)` does).
 */
export const fromSdk =
  <T>(request: (db: Sdk) => PromiseLike<SdkResult<T>>) =>
  async () =>
    unwrap(await request(sdk()));
