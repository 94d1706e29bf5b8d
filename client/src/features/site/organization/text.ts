// What the organization screen (/admin/organization) says; Kannada: text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const text = {
  title: 'Organization',
  intro:
    'The sections of the About page: what the trust is, its mission, contact details. Published sections appear on the public About page in this order.',
  viewAbout: 'View the About page',
  add: 'Add section',
  empty: 'No sections yet',
  published: 'Published',
  draft: 'Draft',
  publishShort: 'Publish',
  unpublishShort: 'Unpublish',
  publish: (title: string) => `Publish ${title}`,
  unpublish: (title: string) => `Unpublish ${title}`,
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  edit: (title: string) => `Edit ${title}`,
  remove: (title: string) => `Delete ${title}`,
  removeTitle: (title: string) => `Delete the section ${title}?`,
  removeBody: 'It disappears from the About page. This cannot be undone.',
  removed: 'Section deleted',
  saved: 'Section saved',
  publishedToast: 'Section published',
  unpublishedToast: 'Section unpublished',
  cancel: 'Cancel',
  save: 'Save section',
  formTitleNew: 'New section',
  formTitleEdit: 'Edit section',
  fields: {
    section: 'Section key',
    title: 'Title',
    content: 'Content',
    is_published: 'Published on the About page',
  },
  sectionHint:
    'Lower case letters, digits, - and _ (e.g. mission). Saving a key that exists replaces that section.',
  sectionInvalid: 'Section key format is invalid',
  titleRequired: 'Title is required',
} as const;

kannada({ text }, () => import('./text.kn'));
