// The Kannada of document-text.ts: the offline page shows it beside the English, the web app
// manifest carries it as its Kannada name and description (scripts/page-words.ts, vite.config.ts).
import type { Words } from '@/lib/i18n/words';
import type { documentText as en } from './document-text';

export const documentText = {
  title: 'ಹವ್ಯಕ ಸಮುದಾಯ ಮುಂಬಯಿ',
  description:
    'ಮುಂಬಯಿಯ ಹವ್ಯಕ ಸಮುದಾಯ ಟ್ರಸ್ಟ್: ಕಾರ್ಯಕ್ರಮಗಳು, ಚಿತ್ರಸಂಪುಟಗಳು, ಹವ್ಯಕ ಸಂದೇಶ, ಉದ್ಯಮ ಮಾಹಿತಿ ಕೋಶ ಮತ್ತು ಸಮುದಾಯ ಸೇವೆಗಳು.',
  noscript: 'ಹವ್ಯಕ ಸಮುದಾಯದ ಜಾಲತಾಣಕ್ಕೆ JavaScript ಅಗತ್ಯವಿದೆ.',
  offlineTitle: 'ಆಫ್‌ಲೈನ್ · ಹವ್ಯಕ ಸಮುದಾಯ ಮುಂಬಯಿ',
  offlineHeading: 'ನೀವು ಆಫ್‌ಲೈನ್ ಇದ್ದೀರಿ',
  offlineBody: 'ಕೆಲವು ಸೌಲಭ್ಯಗಳು ಸರಿಯಾಗಿ ಕೆಲಸ ಮಾಡದಿರಬಹುದು. ದಯವಿಟ್ಟು ಸಂಪರ್ಕವನ್ನು ಪರಿಶೀಲಿಸಿ.',
  offlineRetry: 'ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ',
  appName: 'ಹವ್ಯಕ ಸಮುದಾಯ ಮುಂಬಯಿ',
  appShortName: 'ಹವ್ಯಕ',
  appDescription:
    'ಮುಂಬಯಿಯ ಹವ್ಯಕ ಟ್ರಸ್ಟ್‌ನ ಕಾರ್ಯಕ್ರಮಗಳು, ಚಿತ್ರಸಂಪುಟಗಳು, ಹವ್ಯಕ ಸಂದೇಶ, ಉದ್ಯಮ ಮಾಹಿತಿ ಕೋಶ ಮತ್ತು ಸಮುದಾಯ ಸೇವೆಗಳು.',
  notificationTitle: 'ಹವ್ಯಕ ಸಮುದಾಯ',
} satisfies Words<typeof en>;
