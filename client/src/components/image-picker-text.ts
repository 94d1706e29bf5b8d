// What the image picker says (spec §5 Uploads; Kannada: image-picker-text.kn.ts).
import { kannada } from '@/lib/i18n/words';

export const imagePickerText = {
  choose: 'Choose image',
  replace: 'Replace image',
  remove: 'Remove image',
  preparing: 'Preparing image…',
  uploading: 'Uploading…',
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file (JPEG, PNG, WebP)',
  tooLargeTitle: 'File too large',
  tooLarge: (size: string) => `Please select an image smaller than ${size}`,
  resizeFailedTitle: 'Upload failed',
  resizeFailed: 'Failed to upload image. Please try again.',
  noImage: 'No image chosen',
  dropHint: 'or drop an image here',
} as const;

kannada({ imagePickerText }, () => import('./image-picker-text.kn'));
