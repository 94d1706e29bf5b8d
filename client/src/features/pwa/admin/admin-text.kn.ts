import type { Words } from '@/lib/i18n/words';
import type { adminText as en } from './admin-text';

export const adminText = {
  title: 'ಆ್ಯಪ್ ಬಳಕೆಯ ಅಂಕಿಅಂಶಗಳು',
  intro: 'ಆ್ಯಪ್‌ನ ಸ್ಥಾಪನೆಗಳು ಮತ್ತು ಸಂದರ್ಶಕರು ಅದನ್ನು ಹೇಗೆ ಬಳಸುತ್ತಾರೆ (spec §9).',
  window: 'ಅವಧಿ',
  days: (n: number) => `ಕಳೆದ ${n} ದಿನಗಳು`,
  installs: 'ಸ್ಥಾಪನೆಗಳು',
  engagement: 'ಬಳಕೆಯ ದಾಖಲೆಗಳು',
  records: 'ಸ್ಥಾಪನೆಗಳು ಮತ್ತು ಬಳಕೆಯ ದಾಖಲೆಗಳು',
  averageScore: 'ಸರಾಸರಿ ಬಳಕೆ ಅಂಕ',
  scoreHint:
    'ಜಾಲತಾಣದಲ್ಲಿ 30 ಸೆಕೆಂಡಿಗಿಂತ ಹೆಚ್ಚು, 2 ಕ್ಕಿಂತ ಹೆಚ್ಚು ಪುಟಗಳು ಮತ್ತು 5 ಕ್ಕಿಂತ ಹೆಚ್ಚು ಕ್ರಿಯೆಗಳಿಗೆ ತಲಾ ಒಂದು ಅಂಕ (0-3).',
  perDay: 'ದಿನಕ್ಕೆ ಸ್ಥಾಪನೆಗಳು ಮತ್ತು ಬಳಕೆ',
  byPlatform: 'ವೇದಿಕೆಯ ಪ್ರಕಾರ ಸ್ಥಾಪನೆಗಳು',
  byDisplayMode: 'ಪ್ರದರ್ಶನ ವಿಧಾನದ ಪ್ರಕಾರ',
  recentInstalls: 'ಇತ್ತೀಚಿನ 10 ಸ್ಥಾಪನೆಗಳು',
  recentEngagement: 'ಇತ್ತೀಚಿನ 20 ಬಳಕೆಯ ದಾಖಲೆಗಳು',
  columns: {
    when: 'ಯಾವಾಗ',
    platform: 'ವೇದಿಕೆ',
    displayMode: 'ಪ್ರದರ್ಶನ ವಿಧಾನ',
    method: 'ಸ್ಥಾಪನೆಯ ವಿಧಾನ',
    event: 'ಘಟನೆ',
    time: 'ಜಾಲತಾಣದಲ್ಲಿ ಕಳೆದ ಸಮಯ (ಸೆ.)',
    pages: 'ಪುಟಗಳು',
    interactions: 'ಕ್ರಿಯೆಗಳು',
    score: 'ಅಂಕ',
  },
  none: 'ಈ ಅವಧಿಯಲ್ಲಿ ಯಾವುದೇ ಮಾಹಿತಿ ಇಲ್ಲ',
  loadError: 'ಅಂಕಿಅಂಶಗಳನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ.',
} satisfies Words<typeof en>;
