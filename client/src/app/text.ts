// What the app shell says (a Kannada edition comes later): the global error toasts, the render
// error screen and the boot failure screen. The page-not-found route's own words are in
// routes/text.ts, the connectivity banner's and toasts' in connectivity-text.ts (loaded with
// its chunk), the public layout's beside its navigation in nav.ts.
// The first paint loads this module: one named export a string (read them as `appText.x` through
// `import * as appText`), because the minifier shortens the names of constants but not the keys
// of an object, and the entry bundle has no bytes to spare (scripts/size.mjs).
export const skipToContent = 'Skip to content';
export const rejectionTitle = 'Something went wrong';
export const rejectionBody = 'An unexpected error occurred. Please try again.';
export const scriptErrorTitle = 'Application Error';
export const scriptErrorBody = 'An unexpected error occurred. Please refresh the page.';
export const errorTitle = 'Oops! Something went wrong';
export const newRelease = 'A new version of the site is available. Please reload the page.';
export const tryAgain = 'Try Again';
export const goHome = 'Go to Homepage';
export const reloadPage = 'Reload Page';
export const contactSupport = 'Contact Support';
export const bootTitle = 'Havyaka Community Mumbai';
export const bootBody =
  'The site cannot reach its server. Please check your connection and reload.';
