import type { Words } from '@/lib/i18n/words';
import type { coreText as en } from './core-text';

export const coreText = {
  renderErrorFallback: 'ತಾಂತ್ರಿಕ ತೊಂದರೆ ಉಂಟಾಗಿದೆ. ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
} satisfies Words<typeof en>;
