// Parts of the SDK a page rarely needs (storage's object API, web push, the admin API) load on
// first use: the client holds a stand-in whose methods import the real one and call it, so an
// app's first page does not carry their code. Every such method returns a promise already, so
// callers see no difference; if the code cannot be loaded (offline before it was cached), the
// call rejects with the loader's error, and the next call tries again.

/** The public members of a class (an object literal can stand in for it). */
export type Public<T> = { [K in keyof T]: T[K] };

type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/** `load`, run once on first use; a failed load is run again on the next use. */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** A stand-in for `T` whose `methods` load it on first use, then call it. */
export function lazyApi<T extends object, K extends AsyncMethods<T>>(
  load: () => Promise<T>,
  methods: readonly K[],
): Pick<T, K> {
  const api = onDemand(load);
  return Object.fromEntries(
    methods.map((name) => [
      name,
      (...args: unknown[]) =>
        api().then((real) => (real[name] as (...a: unknown[]) => unknown).apply(real, args)),
    ]),
  ) as Pick<T, K>;
}
