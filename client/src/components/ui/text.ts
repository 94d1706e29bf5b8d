// What the UI primitives say by default (a Kannada edition comes later). The first paint loads
// this module (the toast, the loading placeholder): keep it to these few strings.
export const uiText = {
  loading: 'Loading…',
  somethingWrong: 'Something went wrong',
  tryAgain: 'Try again',
  dismissToast: 'Dismiss notification',
} as const;
