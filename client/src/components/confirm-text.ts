// What the confirmation dialog says by default (a Kannada edition comes later).
export const confirmText = {
  confirm: 'Confirm',
  cancel: 'Cancel',
  typeToConfirm: (phrase: string) => `Type “${phrase}” to confirm`,
} as const;
