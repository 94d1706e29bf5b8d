// What the rich text editor says (spec §2 Edit Event toolbar; Kannada: text.kn.ts).
import { kannada } from '@/lib/i18n/words';

export const text = {
  toolbar: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  strike: 'Strikethrough',
  bulletList: 'Bullet list',
  orderedList: 'Numbered list',
  blockquote: 'Quote',
  alignLeft: 'Align left',
  alignCenter: 'Align center',
  alignRight: 'Align right',
  alignJustify: 'Justify',
  undo: 'Undo',
  redo: 'Redo',
  loading: 'Loading editor…',
  count: (n: number, max?: number) => (max ? `${n} / ${max} characters` : `${n} characters`),
} as const;

kannada({ text }, () => import('./text.kn'));
