// What the confirmation dialog says by default .
import { kannada } from '@/lib/i18n/words';

export const confirmText = {
  confirm: 'Confirm',
  cancel: 'Cancel',
  typeToConfirm: (phrase: string) => `Type “${phrase}” to confirm`,
} as const;

kannada({ confirmText }, () => import('./confirm-text.kn'));
