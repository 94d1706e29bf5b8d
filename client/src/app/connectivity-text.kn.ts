import type { Words } from '@/lib/i18n/words';
import type { connectivityText as en } from './connectivity-text';

export const connectivityText = {
  offlineTitle: 'ನೀವು ಆಫ್‌ಲೈನ್ ಇದ್ದೀರಿ',
  offlineBody: 'ಕೆಲವು ಸೌಲಭ್ಯಗಳು ಸರಿಯಾಗಿ ಕೆಲಸ ಮಾಡದಿರಬಹುದು. ದಯವಿಟ್ಟು ಸಂಪರ್ಕವನ್ನು ಪರಿಶೀಲಿಸಿ.',
  onlineTitle: 'ಸಂಪರ್ಕ ಮರಳಿ ಬಂದಿದೆ',
  onlineBody: 'ನಿಮ್ಮ ಇಂಟರ್ನೆಟ್ ಸಂಪರ್ಕ ಮತ್ತೆ ಸಿಕ್ಕಿದೆ.',
  offlineBannerTitle: 'ಸಂಪರ್ಕ ಕಡಿದಿದೆ.',
  offlineBannerBody: 'ನೀವು ಆಫ್‌ಲೈನ್ ಇದ್ದೀರಿ: ಸಂಪರ್ಕ ಮರಳುವವರೆಗೆ ಕೆಲವು ಸೌಲಭ್ಯಗಳು ಕೆಲಸ ಮಾಡದಿರಬಹುದು.',
  offlineSavedBody: (when: string) => `ನೀವು ಆಫ್‌ಲೈನ್ ಇದ್ದೀರಿ; ${when} ರಂದು ಉಳಿಸಿಟ್ಟದ್ದನ್ನು ತೋರಿಸಲಾಗುತ್ತಿದೆ.`,
  rejectionTitle: 'ಏನೋ ತಪ್ಪಾಗಿದೆ',
  rejectionBody: 'ಅನಿರೀಕ್ಷಿತ ದೋಷ ಉಂಟಾಗಿದೆ. ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
  scriptErrorTitle: 'ಅಪ್ಲಿಕೇಶನ್ ದೋಷ',
  scriptErrorBody: 'ಅನಿರೀಕ್ಷಿತ ದೋಷ ಉಂಟಾಗಿದೆ. ದಯವಿಟ್ಟು ಪುಟವನ್ನು ಮತ್ತೆ ತೆರೆಯಿರಿ.',
} satisfies Words<typeof en>;
