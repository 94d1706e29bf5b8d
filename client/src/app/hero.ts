// The home page's hero (the slider's first image, or the plain hero when there is none) is what
// a first visit waits for: its largest paint. Work that can wait (the sections below it, the PWA
// overlays, the rest of the route table) starts once the hero has settled, so that its requests
// do not queue before the slider's data and image on a slow connection.

let settle: () => void = () => {};
const settled = new Promise<void>((resolve) => (settle = resolve));
const LATEST_MS = 3000;

/** The hero has painted its image, or has none to paint (no slides, an error). */
export function markHeroSettled() {
  settle();
}

/** Resolves once the hero has settled, at the latest after 3 s; at once when the visit did not
 *  start on the home page (no hero to wait for). */
export function afterHero(): Promise<void> {
  if (window.location.pathname !== '/') markHeroSettled();
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, LATEST_MS))]);
}
