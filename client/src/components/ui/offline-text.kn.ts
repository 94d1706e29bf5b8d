import type { Words } from '@/lib/i18n/words';
import type { offlineText as en } from './offline-text';

export const offlineText = {
  notSavedTitle: 'ಆಫ್‌ಲೈನ್ ಬಳಕೆಗೆ ಉಳಿಸಿಲ್ಲ',
  notSavedBody: 'ನೀವು ಆಫ್‌ಲೈನ್ ಇದ್ದೀರಿ, ಮತ್ತು ಇದನ್ನು ಈ ಸಾಧನದಲ್ಲಿ ಉಳಿಸಿಲ್ಲ. ಸಂಪರ್ಕ ಮರಳಿದಾಗ ಇದು ತೆರೆಯುತ್ತದೆ.',
} satisfies Words<typeof en>;
