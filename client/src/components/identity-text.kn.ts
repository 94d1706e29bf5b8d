import type { Words } from '@/lib/i18n/words';
import type { text as en } from './identity-text';

export const text = {
  pan: 'PAN',
  aadhar: 'ಆಧಾರ್',
  reveal: 'ತೋರಿಸಿ',
  revealing: 'ತೆರೆಯಲಾಗುತ್ತಿದೆ…',
  hide: 'ಮರೆಮಾಡಿ',
  revealTitle: 'ಪೂರ್ಣ PAN ಮತ್ತು ಆಧಾರ್ ಸಂಖ್ಯೆಗಳನ್ನು ತೋರಿಸಬೇಕೇ?',
  revealBody: 'ಪ್ರತಿ ಬಾರಿ ತೆರೆದಾಗಲೂ ನಿಮ್ಮ ಹೆಸರು ಮತ್ತು ಸಮಯ ದಾಖಲಾಗಿ ಈ ಪುಟದಲ್ಲಿ ಕಾಣಿಸುತ್ತದೆ.',
  revealNone: 'ಯಾವುದೇ ಗುರುತಿನ ಸಂಖ್ಯೆ ದಾಖಲಾಗಿಲ್ಲ.',
  reveals: 'ಹಿಂದೆ ತೆರೆದವರು',
  revealsEmpty: 'ಈ ಸಂಖ್ಯೆಗಳನ್ನು ಇದುವರೆಗೆ ಯಾರೂ ತೆರೆದಿಲ್ಲ.',
  revealedBy: (who: string) => `${who} ಅವರು ತೆರೆದರು`,
  cancel: 'ರದ್ದುಮಾಡಿ',
} satisfies Words<typeof en>;
