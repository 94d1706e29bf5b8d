// What the identity-number panel says .
import { kannada } from '@/lib/i18n/words';

export const text = {
  pan: 'PAN',
  aadhar: 'Aadhaar',
  reveal: 'Reveal',
  revealing: 'Revealing…',
  hide: 'Hide',
  revealTitle: 'Reveal the full PAN and Aadhaar?',
  revealBody: 'Every reveal is recorded with your name and the time, and shown on this page.',
  revealNone: 'No identity numbers on record.',
  reveals: 'Past reveals',
  revealsEmpty: 'Nobody has revealed these numbers yet.',
  revealedBy: (who: string) => `Revealed by ${who}`,
  cancel: 'Cancel',
} as const;

kannada({ text }, () => import('./identity-text.kn'));
