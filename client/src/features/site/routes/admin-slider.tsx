// /admin/slider: the home page's slides (image, caption, link, order, active, dates); the home
// page shows a change at once.
import { formatDate } from '@/lib/images';
import { RecordManager, type ManagerConfig } from '../admin/record-manager';

const config: ManagerConfig = {
  table: 'homepage_slider',
  title: 'Homepage Slider',
  intro: 'The slides at the top of the home page, in order; only active slides are shown.',
  addLabel: 'Add slide',
  empty: 'No slides yet',
  testId: 'admin-slides',
  ordered: true,
  activeField: 'is_active',
  imageField: 'image_url',
  nameOf: (r) => String(r.title || 'Untitled slide'),
  summaryOf: (r) =>
    [
      r.subtitle,
      r.link_url ? `→ ${r.link_url}` : null,
      r.ends_at ? `until ${formatDate(String(r.ends_at))}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  fields: [
    { name: 'title', label: 'Caption', kind: 'text', max: 200 },
    { name: 'subtitle', label: 'Subtitle', kind: 'text', max: 500 },
    {
      name: 'link_url',
      label: 'Link',
      kind: 'url',
      hint: 'A page of this site (/events) or a full address.',
    },
    { name: 'button_text', label: 'Button text', kind: 'text', max: 50 },
    { name: 'starts_at', label: 'Show from', kind: 'datetime' },
    { name: 'ends_at', label: 'Show until', kind: 'datetime' },
    {
      name: 'is_active',
      label: 'Active (shown on the home page)',
      kind: 'checkbox',
      defaultValue: true,
    },
    { name: 'image_url', label: 'Image', kind: 'image', required: true },
  ],
};

export function Component() {
  return <RecordManager config={config} />;
}
