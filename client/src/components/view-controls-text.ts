// What the Easy view switch says (the language switch names each language in itself).
// Kannada: view-controls-text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const viewText = {
  easyView: 'Easy view',
} as const;

kannada({ viewText }, () => import('./view-controls-text.kn'));
