// /admin/achievements: the community's achievements (draft, published, archived; dated);
// published ones on the About page, newest first.
import { formatDate } from '@/lib/images';
import { RecordManager, type ManagerConfig } from '../admin/record-manager';

const STATUS: Record<string, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

const config: ManagerConfig = {
  table: 'achievements',
  title: 'Achievements',
  intro: 'Achievements of the community; published ones appear on the About page, newest first.',
  addLabel: 'Add achievement',
  empty: 'No achievements yet',
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
    { name: 'title', label: 'Title', kind: 'text', required: true, max: 200 },
    { name: 'achiever_name', label: 'Achiever', kind: 'text', max: 200 },
    { name: 'category', label: 'Category', kind: 'text', max: 100 },
    { name: 'achievement_date', label: 'Date', kind: 'date' },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      defaultValue: 'draft',
      options: Object.entries(STATUS).map(([value, label]) => ({ value, label })),
    },
    { name: 'description', label: 'Description', kind: 'textarea', max: 5000 },
    { name: 'image_url', label: 'Image', kind: 'image' },
  ],
};

export function Component() {
  return <RecordManager config={config} />;
}
