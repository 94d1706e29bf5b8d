// The words index.html and offline.html are filled with (scripts/document-text.ts): the
// document's own, the public layout's brand (the painted shell's header) and the home page's
// hero (the painted shell's hero), so the page before the app says what the app then says.
import { documentText } from '../src/app/document-text';
import { documentText as kannada } from '../src/app/document-text.kn';
import { layoutText } from '../src/app/nav';
import { text as siteText } from '../src/features/site/text';
import type { Words } from './document-text';

export const pageWords: Words = {
  ...documentText,
  brand: layoutText.brand,
  brandSub: layoutText.brandSub,
  heroTitle: siteText.heroTitle,
  heroBody: siteText.heroBody,
  // The offline page says it in both languages (it cannot know which one the visitor chose).
  knOfflineHeading: kannada.offlineHeading,
  knOfflineBody: kannada.offlineBody,
  knOfflineRetry: kannada.offlineRetry,
};
