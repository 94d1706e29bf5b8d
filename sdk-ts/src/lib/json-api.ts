// The small JSON APIs loaded on first use (`cards`, `backups`): a method and a path, no body,
// a JSON answer or an ApiError. Imported only by those clients, so the first page never
// carries it.

import { ApiError } from './errors';
import { readJson, request, settle, type Result, type Transport } from './fetch';

/** Calls `method path` on the server at `url`; resolves `{ data, error }`. */
export type JsonApi = <T>(method: string, path: string) => Promise<Result<T>>;

export function jsonApi(url: string, transport: Transport): JsonApi {
  return <T>(method: string, path: string) =>
    settle(async () =>
      readJson<T>(await request(transport, `${url}${path}`, { method }, ApiError)),
    );
}
