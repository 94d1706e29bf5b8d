import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  title: 'ಉದ್ಯಮ ಪಟ್ಟಿ',
  intro: 'ಹವ್ಯಕ ಸಮುದಾಯದ ಉದ್ಯಮಗಳು ಮತ್ತು ವೃತ್ತಿಪರರು. ನಮ್ಮವರನ್ನು ಬೆಂಬಲಿಸೋಣ.',
  search: 'ಉದ್ಯಮಗಳನ್ನು ಹುಡುಕಿ',
  searchPlaceholder: 'ಹೆಸರು, ವಿಭಾಗ ಅಥವಾ ಊರು',
  category: 'ವಿಭಾಗ',
  allCategories: 'ಎಲ್ಲ ವಿಭಾಗಗಳು',
  featured: 'ವಿಶೇಷ',
  empty: 'ನಿಮ್ಮ ಹುಡುಕಾಟಕ್ಕೆ ಹೊಂದುವ ಉದ್ಯಮಗಳಿಲ್ಲ',
  emptyBody: 'ಬೇರೆ ಹೆಸರು, ವಿಭಾಗ ಅಥವಾ ಊರನ್ನು ಪ್ರಯತ್ನಿಸಿ.',
  loadError: 'ಉದ್ಯಮ ಪಟ್ಟಿಯನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ.',
  notFound: 'ಉದ್ಯಮ ಸಿಗಲಿಲ್ಲ',
  notFoundBody: 'ಈ ನಮೂದು ಇಲ್ಲ ಅಥವಾ ಈಗ ಸಕ್ರಿಯವಾಗಿಲ್ಲ.',
  back: 'ಉದ್ಯಮ ಪಟ್ಟಿಗೆ ಹಿಂತಿರುಗಿ',
  owner: 'ಮಾಲೀಕರು',
  phone: 'ದೂರವಾಣಿ',
  email: 'ಇ-ಮೇಲ್',
  website: 'ಜಾಲತಾಣ',
  address: 'ವಿಳಾಸ',
} satisfies Words<typeof en>;
