// Every text the three registrations share (the account step, the page around the form, the
// confirmation). The form's own texts (steps, draft, anti-spam) are the form kit's.
import { kannada } from '@/lib/i18n/words';

export const text = {
  accountStep: 'Your account',
  accountIntro:
    'You will sign in with this email address and password once the trust approves you.',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  passwordHint: 'At least 6 characters. Avoid a password you use elsewhere.',
  signedInAs: (email: string) =>
    `You are signed in as ${email}: the application will belong to this account.`,
  submitLabels: {
    idle: 'Submit application',
    loading: 'Submitting…',
    success: 'Application submitted',
    error: 'Submission failed',
  },
  existingAccount:
    'An account with this email address already exists. Enter its password to continue, or sign in first.',
  confirmEmail:
    'Please confirm your email address with the link we sent, then sign in to finish your registration. Your answers are kept on this device.',
  uploadFailed: 'Upload failed',
  received: 'Application received',
  receivedBody:
    'Thank you. Your application is now pending approval. The trust office reviews every application, usually within a week; you will be notified here and by email when it is decided.',
  status: 'Status',
  reference: 'Reference',
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
  optional: '(optional)',
} as const;

export const approvalLabel = (status: string | null | undefined) =>
  status === 'approved' ? text.approved : status === 'rejected' ? text.rejected : text.pending;

kannada({ text }, () => import('./text.kn'));
