import type { Words } from '@/lib/i18n/words';
import type { viewText as en } from './view-controls-text';

export const viewText = {
  easyView: 'ಸುಲಭ ನೋಟ',
} satisfies Words<typeof en>;
