import type { Words } from '@/lib/i18n/words';
import type { confirmText as en } from './confirm-text';

export const confirmText = {
  confirm: 'ಖಚಿತಪಡಿಸಿ',
  cancel: 'ರದ್ದುಮಾಡಿ',
  typeToConfirm: (phrase: string) => `ಖಚಿತಪಡಿಸಲು “${phrase}” ಎಂದು ಬರೆಯಿರಿ`,
} satisfies Words<typeof en>;
