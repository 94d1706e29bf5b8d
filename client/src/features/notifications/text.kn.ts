import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  bell: (unread: number) => (unread > 0 ? `ಸೂಚನೆಗಳು, ${unread} ಓದದವು` : 'ಸೂಚನೆಗಳು'),
  title: 'ಸೂಚನೆಗಳು',
  markAllRead: 'ಎಲ್ಲವನ್ನೂ ಓದಿದಂತೆ ಗುರುತಿಸಿ',
  allMarked: 'ಎಲ್ಲ ಸೂಚನೆಗಳನ್ನು ಓದಿದಂತೆ ಗುರುತಿಸಲಾಗಿದೆ',
  empty: 'ಇನ್ನೂ ಯಾವುದೇ ಸೂಚನೆ ಇಲ್ಲ',
  emptyBody: 'ಕಾರ್ಯಕ್ರಮಗಳು, ಆಲ್ಬಮ್‌ಗಳು ಮತ್ತು ಹವ್ಯಕ ಸಂದೇಶದ ಸುದ್ದಿ ಇಲ್ಲಿ ಕಾಣಿಸುತ್ತದೆ.',
  loadError: 'ಸೂಚನೆಗಳನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ.',
  remove: (title: string) => `ಸೂಚನೆ ಅಳಿಸಿ: ${title}`,
  unreadLabel: 'ಓದಿಲ್ಲ',
  settings: 'ಸೂಚನೆಗಳ ಆಯ್ಕೆಗಳು',
} satisfies Words<typeof en>;
