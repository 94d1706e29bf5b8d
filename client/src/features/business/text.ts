import { kannada } from '@/lib/i18n/words';

export const text = {
  title: 'Business Directory',
  intro: 'Businesses and professionals of the Havyaka community. Support our own.',
  search: 'Search businesses',
  searchPlaceholder: 'Name, category or city',
  category: 'Category',
  allCategories: 'All categories',
  featured: 'Featured',
  empty: 'No businesses match your search',
  emptyBody: 'Try another name, category or city.',
  loadError: 'The directory could not be loaded.',
  notFound: 'Business not found',
  notFoundBody: 'This listing does not exist or is no longer active.',
  back: 'Back to the directory',
  owner: 'Owner',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  address: 'Address',
} as const;

kannada({ text }, () => import('./text.kn'));
