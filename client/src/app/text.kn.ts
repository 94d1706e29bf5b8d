import type { Words } from '@/lib/i18n/words';
import type { appText as en } from './text';

export const appText = {
  skipToContent: 'ಮುಖ್ಯ ವಿಷಯಕ್ಕೆ ಹೋಗಿ',
  errorTitle: 'ಕ್ಷಮಿಸಿ, ಏನೋ ತಪ್ಪಾಗಿದೆ',
  newRelease: 'ಜಾಲತಾಣದ ಹೊಸ ಆವೃತ್ತಿ ಲಭ್ಯವಿದೆ. ದಯವಿಟ್ಟು ಪುಟವನ್ನು ಮತ್ತೆ ತೆರೆಯಿರಿ.',
  tryAgain: 'ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ',
  goHome: 'ಮುಖಪುಟಕ್ಕೆ ಹೋಗಿ',
  reloadPage: 'ಪುಟವನ್ನು ಮತ್ತೆ ತೆರೆಯಿರಿ',
  contactSupport: 'ನೆರವಿಗಾಗಿ ಸಂಪರ್ಕಿಸಿ',
  bootTitle: 'ಹವ್ಯಕ ಸಮುದಾಯ, ಮುಂಬಯಿ',
  bootBody: 'ಜಾಲತಾಣವು ತನ್ನ ಸರ್ವರ್ ಅನ್ನು ತಲುಪಲು ಆಗುತ್ತಿಲ್ಲ. ದಯವಿಟ್ಟು ಸಂಪರ್ಕವನ್ನು ಪರಿಶೀಲಿಸಿ ಪುಟವನ್ನು ಮತ್ತೆ ತೆರೆಯಿರಿ.',
} satisfies Words<typeof en>;
