// What a screen says offline about what is not saved on the device (a Kannada edition comes
// later): its own module, so the first paint does not carry it.
export const notSavedTitle = 'Not saved for offline use';
export const notSavedBody =
  "You're offline, and this was not saved on this device. It will load when the connection returns.";
