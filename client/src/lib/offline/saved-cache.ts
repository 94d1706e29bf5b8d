// The query cache kept on the device (issue 40): the answers SAVED_QUERIES lists, written to
// IndexedDB (idb-keyval) a moment after they change, read back before the first render of a
// later start (online too: the saved answer shows at once and is refreshed behind it), and
// the personal ones deleted at sign-out. Loaded lazily: a first visit never waits for it.
//
// TanStack's own persister packages pin an older @tanstack/query-core than the app's, which
// would put a second copy of the query cache into the bundle; dehydrate/hydrate from the app's
// own copy and idb-keyval (under 1 KB) do the same job.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { keepOf } from './saved-queries';
import { sdk } from '@/lib/sdk';

/** The localStorage mark that this device holds saved answers: main.tsx reads it (by this
 *  name, so that the first paint does not carry this module) and waits for restore() only
 *  then, so a first visit renders at once. */
const SAVED_MARK = 'havyaka:saved';

// Storage refused (a private window): the next start simply does not wait for the saved answers.
const markSaved = () => {
  try {
    localStorage.setItem(SAVED_MARK, String(Date.now()));
  } catch {
    /* as above */
  }
};
const forgetSaved = () => {
  try {
    localStorage.removeItem(SAVED_MARK);
  } catch {
    /* as above */
  }
};

/** Bump when a saved answer's shape changes: older saves are then dropped, not read. */
const VERSION = 1;
/** Older saves are not shown (a month). */
export const MAX_AGE_MS = 30 * 24 * 3600_000;
const THROTTLE_MS = 1000;
const KEY = 'queries';

interface Saved {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

let storeOnce: ReturnType<typeof createStore> | null = null;
const store = () => (storeOnce ??= createStore('havyaka-offline', 'cache'));

/** Signed out (from the sign-out until the next sign-in): personal answers are never saved, even
 * those a screen still on its way out asks for again after the sign-out removed them. */
let signedOut = false;

/** The kept answers of the cache as it is now (only successful ones). */
export function savedState(client: QueryClient): DehydratedState {
  return dehydrate(client, {
    shouldDehydrateQuery: (query) => {
      const keep = keepOf(query.queryKey);
      if (keep === false || (keep === 'personal' && signedOut)) return false;
      return query.state.status === 'success';
    },
    shouldDehydrateMutation: () => false,
  });
}

/** Puts the saved answers into the cache (answers newer in the cache are left as they are). */
export async function restore(client: QueryClient): Promise<void> {
  try {
    const saved = await get<Saved>(KEY, store());
    if (!saved) return forgetSaved();
    if (saved.version !== VERSION || Date.now() - saved.savedAt > MAX_AGE_MS) {
      await del(KEY, store());
      return forgetSaved();
    }
    hydrate(client, saved.state);
    // Saved answers show at once but count as old: a page that is online asks again.
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    // No IndexedDB (a private window, a full disk): the app works without the saved copy.
  }
}

async function write(client: QueryClient) {
  const state = savedState(client);
  if (state.queries.length === 0) {
    await del(KEY, store());
    forgetSaved();
    return;
  }
  await set(KEY, { version: VERSION, savedAt: Date.now(), state } satisfies Saved, store());
  markSaved();
}

let timer: ReturnType<typeof setTimeout> | null = null;
let unsubscribe: (() => void) | null = null;

/**
 * Saves the kept answers whenever the cache changes (at most once a second), and deletes the
 * person's own at sign-out (and at a start without a session: one that ended while the app was
 * closed).
 */
export function startSaving(client: QueryClient): () => void {
  unsubscribe?.();
  // INITIAL_SESSION carries the stored session as it is, even expired offline: only a device
  // with no session at all (or a sign-out) loses the personal answers.
  const { data: listener } = sdk().auth.onAuthStateChange((event, session) => {
    signedOut = !session;
    if (event === 'SIGNED_OUT' || (event === 'INITIAL_SESSION' && !session))
      void forgetPersonal(client);
  });
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void write(client).catch(() => {});
    }, THROTTLE_MS);
  };
  const off = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') {
      if (keepOf(event.query.queryKey) !== false) schedule();
    }
  });
  schedule();
  // Leaving the page (a reload, another site, the app closed) writes at once what is pending.
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    void write(client).catch(() => {});
  };
  window.addEventListener('pagehide', flush);
  unsubscribe = () => {
    off();
    window.removeEventListener('pagehide', flush);
    listener.subscription.unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return unsubscribe;
}

/**
 * Sign-out: the person's own answers leave the cache and the device at once (the public ones
 * stay saved for the next visitor of this browser).
 */
export async function forgetPersonal(client: QueryClient): Promise<void> {
  client.removeQueries({ predicate: (query) => keepOf(query.queryKey) === 'personal' });
  try {
    await write(client);
  } catch {
    await del(KEY, store()).catch(() => {});
  }
}
