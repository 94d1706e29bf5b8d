// What the app shell says (a Kannada edition comes later): the global error toasts, the
// connectivity toasts and banner, the render error screen and the boot failure
// screen (the page-not-found route's own words are in routes/text.ts). The public layout's words live beside its navigation in nav.ts.
// The first paint loads this module: one named export a string (read them as `appText.x` through
// `import * as appText`), because the minifier shortens the names of constants but not the keys
// of an object, and the entry bundle has no bytes to spare (scripts/size.mjs).
export const skipToContent = 'Skip to content';
export const rejectionTitle = 'Something went wrong';
export const rejectionBody = 'An unexpected error occurred. Please try again.';
export const scriptErrorTitle = 'Application Error';
export const scriptErrorBody = 'An unexpected error occurred. Please refresh the page.';
export const offlineTitle = "You're offline";
export const offlineBody = 'Some features may not work properly. Please check your connection.';
export const onlineTitle = 'Connection Restored';
export const onlineBody = 'Your connection has been restored.';
export const offlineBannerTitle = 'Connection Lost.';
export const offlineBannerBody =
  "You're offline: some features may not work until the connection returns.";
export const errorTitle = 'Oops! Something went wrong';
export const newRelease = 'A new version of the site is available. Please reload the page.';
export const tryAgain = 'Try Again';
export const goHome = 'Go to Homepage';
export const reloadPage = 'Reload Page';
export const contactSupport = 'Contact Support';
export const bootTitle = 'Havyaka Community Mumbai';
export const bootBody =
  'The site cannot reach its server. Please check your connection and reload.';
