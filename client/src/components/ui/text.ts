// What the UI primitives say by default (a Kannada edition comes later). The first paint loads
// this module (the toast, the loading placeholder), so one named export a string, read as
// `uiText.x` through `import * as uiText` (the minifier shortens constants' names, not keys).
export const loading = 'Loading…';
export const somethingWrong = 'Something went wrong';
export const tryAgain = 'Try again';
export const dismissToast = 'Dismiss notification';
