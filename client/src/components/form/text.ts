// What the form kit says (a Kannada edition comes later).
export const text = {
  summaryTitle: 'Please correct the following',
  summaryCount: (n: number) => (n === 1 ? '1 field needs attention' : `${n} fields need attention`),
  saving: 'Saving…',
  save: 'Save',
  cancel: 'Cancel',
  choose: 'Select…',
  chosenFile: (name: string) => `Selected: ${name}`,
  clearFile: 'Remove file',
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your changes on this page have not been saved.',
  leaveConfirm: 'Leave page',
  leaveCancel: 'Stay',
} as const;
