import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  title: 'ಸಂಸ್ಥೆ',
  intro:
    '"ನಮ್ಮ ಬಗ್ಗೆ" ಪುಟದ ವಿಭಾಗಗಳು: ಟ್ರಸ್ಟ್ ಎಂದರೇನು, ಅದರ ಧ್ಯೇಯ, ಸಂಪರ್ಕ ವಿವರಗಳು. ಪ್ರಕಟಿತ ವಿಭಾಗಗಳು ಸಾರ್ವಜನಿಕ "ನಮ್ಮ ಬಗ್ಗೆ" ಪುಟದಲ್ಲಿ ಇದೇ ಕ್ರಮದಲ್ಲಿ ಕಾಣುತ್ತವೆ.',
  viewAbout: '"ನಮ್ಮ ಬಗ್ಗೆ" ಪುಟ ನೋಡಿ',
  add: 'ವಿಭಾಗ ಸೇರಿಸಿ',
  empty: 'ಇನ್ನೂ ವಿಭಾಗಗಳಿಲ್ಲ',
  published: 'ಪ್ರಕಟಿತ',
  draft: 'ಕರಡು',
  publishShort: 'ಪ್ರಕಟಿಸಿ',
  unpublishShort: 'ಪ್ರಕಟಣೆ ತೆಗೆಯಿರಿ',
  publish: (title: string) => `${title} ಪ್ರಕಟಿಸಿ`,
  unpublish: (title: string) => `${title} ಪ್ರಕಟಣೆ ತೆಗೆಯಿರಿ`,
  moveUp: (title: string) => `${title} ಮೇಲಕ್ಕೆ ಸರಿಸಿ`,
  moveDown: (title: string) => `${title} ಕೆಳಕ್ಕೆ ಸರಿಸಿ`,
  edit: (title: string) => `${title} ತಿದ್ದಿ`,
  remove: (title: string) => `${title} ಅಳಿಸಿ`,
  removeTitle: (title: string) => `${title} ವಿಭಾಗವನ್ನು ಅಳಿಸಬೇಕೆ?`,
  removeBody: 'ಇದು "ನಮ್ಮ ಬಗ್ಗೆ" ಪುಟದಿಂದ ಮರೆಯಾಗುತ್ತದೆ. ಇದನ್ನು ಹಿಂದಿರುಗಿಸಲು ಆಗದು.',
  removed: 'ವಿಭಾಗ ಅಳಿಸಲಾಗಿದೆ',
  saved: 'ವಿಭಾಗ ಉಳಿಸಲಾಗಿದೆ',
  publishedToast: 'ವಿಭಾಗ ಪ್ರಕಟಿಸಲಾಗಿದೆ',
  unpublishedToast: 'ವಿಭಾಗದ ಪ್ರಕಟಣೆ ತೆಗೆಯಲಾಗಿದೆ',
  cancel: 'ರದ್ದುಮಾಡಿ',
  save: 'ವಿಭಾಗ ಉಳಿಸಿ',
  formTitleNew: 'ಹೊಸ ವಿಭಾಗ',
  formTitleEdit: 'ವಿಭಾಗ ತಿದ್ದಿ',
  fields: {
    section: 'ವಿಭಾಗದ ಕೀಲಿ',
    title: 'ಶೀರ್ಷಿಕೆ',
    content: 'ವಿಷಯ',
    is_published: '"ನಮ್ಮ ಬಗ್ಗೆ" ಪುಟದಲ್ಲಿ ಪ್ರಕಟಿತ',
  },
  sectionHint:
    'ಸಣ್ಣ ಇಂಗ್ಲಿಷ್ ಅಕ್ಷರಗಳು, ಅಂಕಿಗಳು, - ಮತ್ತು _ (ಉದಾ. mission). ಇರುವ ಕೀಲಿಯನ್ನೇ ಉಳಿಸಿದರೆ ಆ ವಿಭಾಗ ಬದಲಾಗುತ್ತದೆ.',
  sectionInvalid: 'ವಿಭಾಗದ ಕೀಲಿಯ ರೂಪ ಸರಿಯಿಲ್ಲ',
  titleRequired: 'ಶೀರ್ಷಿಕೆ ಅಗತ್ಯವಿದೆ',
} satisfies Words<typeof en>;
