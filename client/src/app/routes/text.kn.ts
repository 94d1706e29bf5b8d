import type { Words } from '@/lib/i18n/words';
import type { notFoundText as en } from './text';

export const notFoundText = {
  title: 'ಪುಟ ಸಿಗಲಿಲ್ಲ',
  body: 'ನೀವು ಹುಡುಕುತ್ತಿರುವ ಪುಟ ಇಲ್ಲ ಅಥವಾ ಬೇರೆಡೆಗೆ ಸರಿದಿದೆ.',
  contactUs: 'ನಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸಿ',
} satisfies Words<typeof en>;
