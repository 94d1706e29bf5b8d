import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  title: 'ಹವ್ಯಕ ಸಂದೇಶ',
  intro:
    'ಸಮುದಾಯದ ನಿಯತಕಾಲಿಕ: ಸುದ್ದಿ, ಲೇಖನಗಳು ಮತ್ತು ಪ್ರಕಟಣೆಗಳು. ಪ್ರಕಟವಾದ ಯಾವುದೇ ಸಂಚಿಕೆಯನ್ನು ಓದಿ ಅಥವಾ ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ.',
  latest: 'ಹವ್ಯಕ ಸಂದೇಶದ ಹೊಸ ಸಂಚಿಕೆ',
  archive: 'ಹಳೆಯ ಸಂಚಿಕೆಗಳನ್ನು ಓದಿ',
  featured: 'ವಿಶೇಷ',
  download: 'PDF ಡೌನ್‌ಲೋಡ್',
  downloading: 'ಸಿದ್ಧಪಡಿಸಲಾಗುತ್ತಿದೆ…',
  empty: 'ಇನ್ನೂ ಯಾವುದೇ ಸಂಚಿಕೆ ಪ್ರಕಟವಾಗಿಲ್ಲ',
  loadError: 'ಸಂಚಿಕೆಗಳನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ.',
  downloadError: 'ಸಂಚಿಕೆಯನ್ನು ಡೌನ್‌ಲೋಡ್ ಮಾಡಲಾಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
  year: (y: number) => String(y),
} satisfies Words<typeof en>;
