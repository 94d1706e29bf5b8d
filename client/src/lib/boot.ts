// The requests the HTML shell starts before the app's JavaScript has arrived (on the home page:
// features/site/hero-boot.ts), handed over to the app so that it does not repeat them.

export interface Boot {
  /** The anon key from /api/client-config. */
  anonKey: Promise<string>;
  /** The active slides' rows, as the REST API sent them (null once the app took them). */
  slides: Promise<unknown[]> | null;
}

declare global {
  interface Window {
    __havyakaBoot?: Boot;
  }
}

export function setBoot(win: Window, boot: Boot) {
  win.__havyakaBoot = boot;
}

/** The anon key's request, if the shell started it. */
export function bootAnonKey(): Promise<string> | null {
  return window.__havyakaBoot?.anonKey ?? null;
}

/** The slides' rows the shell asked for, once (a later refetch asks the server itself). */
export function takeBootSlides(): Promise<unknown[]> | null {
  const boot = window.__havyakaBoot;
  const slides = boot?.slides ?? null;
  if (boot) boot.slides = null;
  return slides;
}
