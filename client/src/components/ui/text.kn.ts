import type { Words } from '@/lib/i18n/words';
import type { uiText as en } from './text';

export const uiText = {
  loading: 'ಲೋಡ್ ಆಗುತ್ತಿದೆ…',
  somethingWrong: 'ಏನೋ ತಪ್ಪಾಗಿದೆ',
  tryAgain: 'ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ',
  dismissToast: 'ಸೂಚನೆಯನ್ನು ಮುಚ್ಚಿ',
} satisfies Words<typeof en>;
