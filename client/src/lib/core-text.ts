// What errors-core.ts says, in a module of its own so that the first paint carries this one
// string and not the rest of lib/text.ts. Kannada: core-text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const coreText = {
  renderErrorFallback: "We're experiencing technical difficulties. Please try again.",
} as const;

kannada({ coreText }, () => import('./core-text.kn'));
