// The part of errors.ts the home page's first paint needs (the home page's queries), in a
// module of its own so that the rest of errors.ts (the toasts' wording, the SDK's messages)
// stays out of the entry bundle. errors.ts re-exports it.

/** Throws the error of an SDK result, or returns its data. */
export function unwrap<T>(result: { data: T; error: null } | { data: null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}
