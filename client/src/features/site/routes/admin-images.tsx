// /admin/images: pictures placed on the site's pages, addressed by key (home.hero, …).
import { RecordManager, type ManagerConfig } from '../admin/record-manager';
import { adminText } from '../admin-text';
import { SITE_IMAGE_KEYS } from '../api/website-images';

const t = adminText.images;

const config = (): ManagerConfig => ({
  table: 'website_images',
  title: t.title,
  intro: t.intro,
  addLabel: t.addLabel,
  empty: t.empty,
  testId: 'admin-website-images',
  ordered: true,
  activeField: 'is_active',
  imageField: 'image_url',
  nameOf: (r) => String(r.title || r.key),
  // A key no page reads says so: a typo here would otherwise change nothing, silently.
  summaryOf: (r) =>
    [r.key, r.page, (SITE_IMAGE_KEYS as readonly unknown[]).includes(r.key) ? null : t.unusedKey]
      .filter(Boolean)
      .join(' · '),
  fields: [
    {
      name: 'key',
      label: t.fields.key,
      kind: 'text',
      required: true,
      max: 100,
      pattern: /^[a-z0-9][a-z0-9._-]*$/,
      hint: t.keyHint,
    },
    { name: 'page', label: t.fields.page, kind: 'text', max: 100 },
    { name: 'title', label: t.fields.title, kind: 'text', max: 200 },
    {
      name: 'alt_text',
      label: t.fields.alt_text,
      kind: 'text',
      max: 300,
      hint: t.altHint,
    },
    { name: 'is_active', label: t.fields.is_active, kind: 'checkbox', defaultValue: true },
    { name: 'image_url', label: t.fields.image_url, kind: 'image', required: true },
  ],
});

export function Component() {
  return <RecordManager config={config()} />;
}
