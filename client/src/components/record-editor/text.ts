// The strings of the field-driven record editor (site content, business directory).
import { kannada } from '@/lib/i18n/words';

export const text = {
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  image: {
    upload: 'Upload image',
    replace: 'Replace image',
    remove: 'Remove image',
    uploading: 'Uploading…',
    preview: (label: string) => `${label} preview`,
    invalidType: 'Invalid file type',
    invalidTypeBody: 'Please select an image file (JPEG, PNG, WebP)',
    tooLarge: 'File too large',
    tooLargeBody: 'Please select an image smaller than 5MB',
    uploaded: 'Image uploaded successfully.',
    failed: 'Upload failed',
    failedBody: 'Failed to upload image. Please try again.',
  },
} as const;

kannada({ text }, () => import('./text.kn'));
