// Every text the three registrations share (account step, steps, draft, confirmation, errors).
export const text = {
  accountStep: 'Your account',
  accountIntro:
    'You will sign in with this email address and password once the trust approves you.',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  passwordHint: 'At least 6 characters. Avoid a password you use elsewhere.',
  passwordMin: 'Password must be at least 6 characters',
  passwordCommon: 'This password is too common. Please choose one that is harder to guess',
  signedInAs: (email: string) =>
    `You are signed in as ${email}: the application will belong to this account.`,
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  next: 'Next',
  back: 'Back',
  submitLabels: {
    idle: 'Submit application',
    loading: 'Submitting…',
    success: 'Application submitted',
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
  botFailed: 'The application could not be sent. Please try again.',
  existingAccount:
    'An account with this email address already exists. Enter its password to continue, or sign in first.',
  confirmEmail:
    'Please confirm your email address with the link we sent, then sign in to finish your registration. Your answers are kept on this device.',
  uploadFailed: 'Upload failed',
  fixErrors: 'Please correct the highlighted fields.',
  received: 'Application received',
  receivedBody:
    'Thank you. Your application is now pending approval. The trust office reviews every application, usually within a week; you will be notified here and by email when it is decided.',
  status: 'Status',
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  nextSteps: 'What happens next',
  signInLater: 'Once approved, sign in to open your dashboard.',
  backHome: 'Back to Home',
  dashboard: 'Go to my dashboard',
  alreadyRegistered: 'You have already registered',
  alreadyRegisteredBody: (status: string) => `Your application is ${status}.`,
  otherAccount: (type: string, audience: string) =>
    `You are signed in with a ${type} account. A ${audience} registration needs its own account: sign out and register with another email address.`,
  signOut: 'Sign out',
  yes: 'Yes',
  no: 'No',
  choose: 'Choose…',
  optional: '(optional)',
  parsedAs: (value: string) => `Understood as ${value}`,
  notUnderstood: (what: string) => `Could not read this as ${what}`,
} as const;

export const approvalLabel = (status: string | null | undefined) =>
  status === 'approved' ? text.approved : status === 'rejected' ? text.rejected : text.pending;
