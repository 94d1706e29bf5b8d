import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  toolbar: 'ಅಕ್ಷರ ವಿನ್ಯಾಸ',
  bold: 'ದಪ್ಪ',
  italic: 'ಓರೆ',
  strike: 'ಅಡ್ಡಗೆರೆ',
  bulletList: 'ಬಿಂದು ಪಟ್ಟಿ',
  orderedList: 'ಸಂಖ್ಯಾ ಪಟ್ಟಿ',
  blockquote: 'ಉಲ್ಲೇಖ',
  alignLeft: 'ಎಡಕ್ಕೆ ಹೊಂದಿಸಿ',
  alignCenter: 'ನಡುವೆ ಹೊಂದಿಸಿ',
  alignRight: 'ಬಲಕ್ಕೆ ಹೊಂದಿಸಿ',
  alignJustify: 'ಎರಡೂ ಬದಿಗೆ ಹೊಂದಿಸಿ',
  undo: 'ರದ್ದುಗೊಳಿಸಿ',
  redo: 'ಮರುಮಾಡಿ',
  loading: 'ಸಂಪಾದಕ ತೆರೆಯುತ್ತಿದೆ…',
  count: (n: number, max?: number) => (max ? `${n} / ${max} ಅಕ್ಷರಗಳು` : `${n} ಅಕ್ಷರಗಳು`),
} satisfies Words<typeof en>;
