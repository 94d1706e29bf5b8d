// /admin/board-members: the trust's board (name, designation, photo, term, contact), active
// ones on the About page in display order.
import { formatDate } from '@/lib/images';
import { RecordManager, type ManagerConfig } from '../admin/record-manager';
import { adminText } from '../admin-text';

const t = adminText.boardMembers;

const config = (): ManagerConfig => ({
  table: 'board_members',
  title: t.title,
  intro: t.intro,
  addLabel: t.addLabel,
  empty: t.empty,
  testId: 'admin-board-members',
  ordered: true,
  activeField: 'is_active',
  imageField: 'photo_url',
  nameOf: (r) => String(r.name),
  summaryOf: (r) =>
    [r.designation, r.term_start ? t.since(formatDate(String(r.term_start))) : null]
      .filter(Boolean)
      .join(' · '),
  fields: [
    { name: 'name', label: t.fields.name, kind: 'text', required: true, max: 200 },
    { name: 'designation', label: t.fields.designation, kind: 'text', max: 200 },
    { name: 'email', label: t.fields.email, kind: 'email' },
    { name: 'phone', label: t.fields.phone, kind: 'phone' },
    { name: 'term_start', label: t.fields.term_start, kind: 'date' },
    { name: 'term_end', label: t.fields.term_end, kind: 'date' },
    {
      name: 'is_active',
      label: t.fields.is_active,
      kind: 'checkbox',
      defaultValue: true,
    },
    { name: 'bio', label: t.fields.bio, kind: 'textarea', max: 2000 },
    { name: 'photo_url', label: t.fields.photo_url, kind: 'image' },
  ],
});

export function Component() {
  return <RecordManager config={config()} />;
}
