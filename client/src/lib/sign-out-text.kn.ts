import type { Words } from '@/lib/i18n/words';
import type { signOutText as en } from './sign-out-text';

export const signOutText = {
  loggedOutHere: 'ಈ ಸಾಧನದಲ್ಲಿ ಲಾಗ್ ಔಟ್ ಆಗಿದೆ',
  loggedOutOffline:
    'ನೀವು ಆಫ್‌ಲೈನ್ ಇರುವುದರಿಂದ ನಮ್ಮ ಸರ್ವರ್‌ಗೆ ತಿಳಿಸಲಾಗಲಿಲ್ಲ, ಆದರೆ ನಿಮ್ಮ ಖಾತೆಯ ಯಾವುದೂ ಈ ಸಾಧನದಲ್ಲಿ ಉಳಿದಿಲ್ಲ.',
  logoutFailed: 'ಲಾಗ್ ಔಟ್ ಆಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
} satisfies Words<typeof en>;
