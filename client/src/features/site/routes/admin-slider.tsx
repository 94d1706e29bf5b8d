// /admin/slider: the home page's slides (image, caption, link, order, active, dates); the home
// page shows a change at once.
import { formatDate } from '@/lib/images';
import { RecordManager, type ManagerConfig } from '../admin/record-manager';
import { adminText } from '../admin-text';

const t = adminText.slider;

const config = (): ManagerConfig => ({
  table: 'homepage_slider',
  title: t.title,
  intro: t.intro,
  addLabel: t.addLabel,
  empty: t.empty,
  testId: 'admin-slides',
  ordered: true,
  activeField: 'is_active',
  imageField: 'image_url',
  nameOf: (r) => String(r.title || t.untitled),
  summaryOf: (r) =>
    [
      r.subtitle,
      r.link_url ? t.linksTo(String(r.link_url)) : null,
      r.ends_at ? t.until(formatDate(String(r.ends_at))) : null,
    ]
      .filter(Boolean)
      .join(' · '),
  fields: [
    { name: 'title', label: t.fields.title, kind: 'text', max: 200 },
    { name: 'subtitle', label: t.fields.subtitle, kind: 'text', max: 500 },
    {
      name: 'link_url',
      label: t.fields.link_url,
      kind: 'url',
      hint: t.linkHint,
    },
    { name: 'button_text', label: t.fields.button_text, kind: 'text', max: 50 },
    { name: 'starts_at', label: t.fields.starts_at, kind: 'datetime' },
    { name: 'ends_at', label: t.fields.ends_at, kind: 'datetime' },
    {
      name: 'is_active',
      label: t.fields.is_active,
      kind: 'checkbox',
      defaultValue: true,
    },
    { name: 'image_url', label: t.fields.image_url, kind: 'image', required: true },
  ],
});

export function Component() {
  return <RecordManager config={config()} />;
}
