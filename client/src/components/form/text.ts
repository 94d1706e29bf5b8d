// What the form kit says .
import { errorText } from '@/lib/text';
import { kannada } from '@/lib/i18n/words';

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
  // Forms in steps (StepsForm): progress, draft, anti-spam (spec §5), the parsers' reading.
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  progress: 'Progress',
  next: 'Next',
  back: 'Back',
  submitLabels: {
    idle: 'Submit',
    loading: 'Submitting…',
    success: 'Submitted',
    error: 'Submission failed',
  },
  draftRestored: 'We restored the answers you had typed on this device.',
  draftNote:
    'Your answers are kept on this device until you submit (never your password, PAN, Aadhaar or files).',
  discardDraft: 'Clear the form',
  captcha: (q: string) => `Security check: what is ${q}?`,
  captchaWrong: 'That answer is not right. Please try the new question.',
  honeypot: 'Leave this field empty',
  rateLimited: (minutes: number) =>
    `Too many submissions from this device. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  botFailed: 'The form could not be sent. Please try again.',
  fixErrors: 'Please correct the highlighted fields.',
  error: errorText.title,
  yes: 'Yes',
  no: 'No',
  parsedAs: (value: string) => `Understood as ${value}`,
  notUnderstood: (what: string) => `Could not read this as ${what}`,
  /** What a field's parser reads (FieldSpec.parseWhat), for `notUnderstood`. */
  what: {
    value: 'a value',
    date: 'a date',
    height: 'a height',
    weight: 'a weight',
    amount: 'an amount',
    mobile: 'an Indian mobile number',
    phone: 'a phone number',
    pan: 'a PAN',
    aadhaar: 'an Aadhaar number',
  },
} as const;

kannada({ text }, () => import('./text.kn'));
