// What the connectivity banner and toasts say (a Kannada edition comes later), beside the
// rest of the app shell's words (text.ts) but in a module of its own, so that they load with
// connectivity.tsx's chunk and not with the first paint.
export const offlineTitle = "You're offline";
export const offlineBody = 'Some features may not work properly. Please check your connection.';
export const onlineTitle = 'Connection Restored';
export const onlineBody = 'Your connection has been restored.';
export const offlineBannerTitle = 'Connection Lost.';
export const offlineBannerBody =
  "You're offline: some features may not work until the connection returns.";
/** Offline, with the saved answers on screen: when the oldest of them was fetched. */
export const offlineSavedBody = (when: string) =>
  `You're offline, showing what was saved on ${when}.`;
