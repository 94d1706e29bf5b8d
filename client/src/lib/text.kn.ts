import type { Words } from '@/lib/i18n/words';
import type { errorText as en } from './text';

export const errorText = {
  title: 'ದೋಷ',
  byCode: {
    AUTHENTICATION_ERROR: 'ಮುಂದುವರಿಯಲು ದಯವಿಟ್ಟು ಲಾಗಿನ್ ಮಾಡಿ.',
    AUTHORIZATION_ERROR: 'ಈ ಕೆಲಸ ಮಾಡಲು ನಿಮಗೆ ಅನುಮತಿ ಇಲ್ಲ.',
    NOT_FOUND: 'ಕೇಳಿದ ಮಾಹಿತಿ ಸಿಗಲಿಲ್ಲ.',
    DUPLICATE_ENTRY: 'ಈ ದಾಖಲೆ ಈಗಾಗಲೇ ಇದೆ.',
    RATE_LIMIT_EXCEEDED: 'ಒಂದೇ ಬಾರಿಗೆ ಹಲವು ಕೋರಿಕೆಗಳು ಬಂದಿವೆ - ದಯವಿಟ್ಟು ಸ್ವಲ್ಪ ಹೊತ್ತಿನ ನಂತರ ಪ್ರಯತ್ನಿಸಿ.',
  },
  unreachable: 'ಸರ್ವರ್ ಸಂಪರ್ಕ ಸಿಗಲಿಲ್ಲ. ನಿಮ್ಮ ಸಂಪರ್ಕವನ್ನು ಪರಿಶೀಲಿಸಿ; ಸಂಪರ್ಕ ಮರಳಿದಾಗ ಇದು ತೆರೆಯುತ್ತದೆ.',
  notSaved:
    'ನೀವು ಆಫ್‌ಲೈನ್ ಇದ್ದೀರಿ ಅಥವಾ ಸರ್ವರ್ ಸಂಪರ್ಕ ಸಿಗಲಿಲ್ಲ: ಈ ಬದಲಾವಣೆ ಉಳಿಯಲಿಲ್ಲ. ಸಂಪರ್ಕ ಮರಳಿದ ಮೇಲೆ ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
  unexpected: 'ಅನಿರೀಕ್ಷಿತ ದೋಷ ಉಂಟಾಗಿದೆ',
} satisfies Words<typeof en>;
