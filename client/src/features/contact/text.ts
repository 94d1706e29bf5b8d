import { kannada } from '@/lib/i18n/words';

export const text = {
  title: 'Contact Us',
  intro:
    'Questions about membership, events, aid or the hall? Write to the trust office and we will reply by email.',
  office: 'Trust office',
  officeAddress: 'Havyaka Bhavan, Matunga, Mumbai 400019',
  officePhone: '+91 22 2400 0000',
  officeHours: 'Monday to Saturday, 10:00 to 18:00',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone (optional)',
  subject: 'Subject',
  message: 'Message',
  captcha: (q: string) => `Security check: what is ${q}?`,
  captchaWrong: 'That answer is not right. Please try the new question.',
  honeypot: 'Leave this field empty',
  labels: {
    idle: 'Send message',
    loading: 'Sending…',
    success: 'Message sent',
    error: 'Could not send',
  },
  sent: 'Message sent',
  sentBody: 'Thank you. The trust office will reply by email.',
  rateLimited: (minutes: number) =>
    `You have sent several messages recently. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  failed: 'Your message could not be sent. Please try again later.',
} as const;

kannada({ text }, () => import('./text.kn'));
