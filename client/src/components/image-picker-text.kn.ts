import type { Words } from '@/lib/i18n/words';
import type { imagePickerText as en } from './image-picker-text';

export const imagePickerText = {
  choose: 'ಚಿತ್ರ ಆಯ್ಕೆಮಾಡಿ',
  replace: 'ಚಿತ್ರ ಬದಲಿಸಿ',
  remove: 'ಚಿತ್ರ ತೆಗೆದುಹಾಕಿ',
  preparing: 'ಚಿತ್ರ ಸಿದ್ಧವಾಗುತ್ತಿದೆ…',
  uploading: 'ಅಪ್‌ಲೋಡ್ ಆಗುತ್ತಿದೆ…',
  invalidTypeTitle: 'ಈ ಬಗೆಯ ಕಡತ ಸ್ವೀಕಾರಾರ್ಹವಲ್ಲ',
  invalidType: 'ದಯವಿಟ್ಟು ಚಿತ್ರದ ಕಡತವನ್ನು ಆಯ್ಕೆಮಾಡಿ (JPEG, PNG, WebP)',
  tooLargeTitle: 'ಕಡತ ತುಂಬಾ ದೊಡ್ಡದಿದೆ',
  tooLarge: (size: string) => `ದಯವಿಟ್ಟು ${size} ಗಿಂತ ಚಿಕ್ಕ ಚಿತ್ರವನ್ನು ಆಯ್ಕೆಮಾಡಿ`,
  resizeFailedTitle: 'ಅಪ್‌ಲೋಡ್ ವಿಫಲವಾಯಿತು',
  resizeFailed: 'ಚಿತ್ರವನ್ನು ಅಪ್‌ಲೋಡ್ ಮಾಡಲಾಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
  noImage: 'ಯಾವ ಚಿತ್ರವೂ ಆಯ್ಕೆಯಾಗಿಲ್ಲ',
  dropHint: 'ಅಥವಾ ಚಿತ್ರವನ್ನು ಇಲ್ಲಿಗೆ ಎಳೆದು ಬಿಡಿ',
} satisfies Words<typeof en>;
