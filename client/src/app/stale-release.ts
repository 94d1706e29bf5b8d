// After a new release, a tab opened before it asks for chunks that no longer exist ("Failed to
// fetch dynamically imported module: …"): it reloads itself onto the new release, once. A
// second failure within a minute shows the error screen instead, so an outage never loops.
const KEY = 'havyaka:stale-release-reload';
const WINDOW_MS = 60_000;

/** A failed load of a code chunk (the browsers' several wordings). */
export function isStaleChunkError(error: unknown): boolean {
  const message =
    error instanceof Error
      ? error.message
      : String((error as { message?: unknown })?.message ?? error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads the page unless it did so in the last minute or the device is offline (a chunk that
 * cannot load offline is no new release); says whether it reloads.
 */
export function reloadOnceForNewRelease(
  now = Date.now(),
  reload: () => void = () => window.location.reload(),
  online: boolean = navigator.onLine,
): boolean {
  if (!online) return false;
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (now - last < WINDOW_MS) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Vite reports a failed dynamic import as `vite:preloadError`: reload instead of failing. */
export function installStaleReleaseReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewRelease()) event.preventDefault();
  });
}
