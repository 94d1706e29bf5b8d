// /admin/achievements: the community's achievements (draft, published, archived; dated);
// published ones on the About page, newest first.
import { formatDate } from '@/lib/images';
import { RecordManager, type ManagerConfig } from '../admin/record-manager';
import { adminText } from '../admin-text';

const t = adminText.achievements;

const STATUS: Record<string, string> = t.status;

const config = (): ManagerConfig => ({
  table: 'achievements',
  title: t.title,
  intro: t.intro,
  addLabel: t.addLabel,
  empty: t.empty,
  testId: 'admin-achievements',
  order: [
    { column: 'achievement_date', ascending: false },
    { column: 'created_at', ascending: false },
  ],
  imageField: 'image_url',
  nameOf: (r) => String(r.title),
  summaryOf: (r) =>
    [
      STATUS[String(r.status)],
      r.achiever_name,
      r.category,
      formatDate(r.achievement_date as string),
    ]
      .filter(Boolean)
      .join(' · '),
  fields: [
    { name: 'title', label: t.fields.title, kind: 'text', required: true, max: 200 },
    { name: 'achiever_name', label: t.fields.achiever_name, kind: 'text', max: 200 },
    { name: 'category', label: t.fields.category, kind: 'text', max: 100 },
    { name: 'achievement_date', label: t.fields.achievement_date, kind: 'date' },
    {
      name: 'status',
      label: t.fields.status,
      kind: 'select',
      defaultValue: 'draft',
      options: Object.entries(STATUS).map(([value, label]) => ({ value, label })),
    },
    { name: 'description', label: t.fields.description, kind: 'textarea', max: 5000 },
    { name: 'image_url', label: t.fields.image_url, kind: 'image' },
  ],
});

export function Component() {
  return <RecordManager config={config()} />;
}
