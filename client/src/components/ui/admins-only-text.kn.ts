import type { Words } from '@/lib/i18n/words';
import type { adminsOnlyText as en } from './admins-only-text';

export const adminsOnlyText = {
  backToDashboard: 'ಫಲಕಕ್ಕೆ ಹಿಂತಿರುಗಿ',
} satisfies Words<typeof en>;
