import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  save: 'ಉಳಿಸಿ',
  saving: 'ಉಳಿಸಲಾಗುತ್ತಿದೆ…',
  cancel: 'ರದ್ದುಮಾಡಿ',
  image: {
    upload: 'ಚಿತ್ರ ಸೇರಿಸಿ',
    replace: 'ಚಿತ್ರ ಬದಲಿಸಿ',
    remove: 'ಚಿತ್ರ ತೆಗೆದುಹಾಕಿ',
    uploading: 'ಅಪ್‌ಲೋಡ್ ಆಗುತ್ತಿದೆ…',
    preview: (label: string) => `${label} ಮುನ್ನೋಟ`,
    invalidType: 'ಈ ಬಗೆಯ ಕಡತ ಸ್ವೀಕಾರಾರ್ಹವಲ್ಲ',
    invalidTypeBody: 'ದಯವಿಟ್ಟು ಚಿತ್ರದ ಕಡತವನ್ನು ಆಯ್ಕೆಮಾಡಿ (JPEG, PNG, WebP)',
    tooLarge: 'ಕಡತ ತುಂಬಾ ದೊಡ್ಡದಿದೆ',
    tooLargeBody: 'ದಯವಿಟ್ಟು 5MB ಗಿಂತ ಚಿಕ್ಕ ಚಿತ್ರವನ್ನು ಆಯ್ಕೆಮಾಡಿ',
    uploaded: 'ಚಿತ್ರ ಯಶಸ್ವಿಯಾಗಿ ಅಪ್‌ಲೋಡ್ ಆಗಿದೆ.',
    failed: 'ಅಪ್‌ಲೋಡ್ ವಿಫಲವಾಯಿತು',
    failedBody: 'ಚಿತ್ರವನ್ನು ಅಪ್‌ಲೋಡ್ ಮಾಡಲಾಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
  },
} satisfies Words<typeof en>;
