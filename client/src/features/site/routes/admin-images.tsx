// /admin/images: pictures placed on the site's pages, addressed by key (home.hero, …).
import { RecordManager, type ManagerConfig } from '../admin/record-manager';

const config: ManagerConfig = {
  table: 'website_images',
  title: 'Website Images',
  intro: 'Pictures on the site’s pages, each addressed by its key (for example home.hero).',
  addLabel: 'Add image',
  empty: 'No website images yet',
  testId: 'admin-website-images',
  ordered: true,
  activeField: 'is_active',
  imageField: 'image_url',
  nameOf: (r) => String(r.title || r.key),
  summaryOf: (r) => [r.key, r.page].filter(Boolean).join(' · '),
  fields: [
    {
      name: 'key',
      label: 'Key',
      kind: 'text',
      required: true,
      max: 100,
      pattern: /^[a-z0-9][a-z0-9._-]*$/,
      hint: 'Lower-case letters, digits, dots and dashes: home.hero, about.banner…',
    },
    { name: 'page', label: 'Page', kind: 'text', max: 100 },
    { name: 'title', label: 'Title', kind: 'text', max: 200 },
    {
      name: 'alt_text',
      label: 'Alternative text',
      kind: 'text',
      max: 300,
      hint: 'What the picture shows, for screen readers.',
    },
    { name: 'is_active', label: 'Active', kind: 'checkbox', defaultValue: true },
    { name: 'image_url', label: 'Image', kind: 'image', required: true },
  ],
};

export function Component() {
  return <RecordManager config={config} />;
}
