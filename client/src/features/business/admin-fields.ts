import type { FieldSpec } from '@/components/record-editor';
import { adminText } from './admin-text';

const f = adminText.fields;

/** The listing's fields as staff edit them (the table's checks, spec §5 messages). */
export const businessFields = (): FieldSpec[] => [
  { name: 'business_name', label: f.business_name, kind: 'text', required: true, max: 200 },
  { name: 'category', label: f.category, kind: 'text', max: 100 },
  { name: 'owner_name', label: f.owner_name, kind: 'text', max: 200 },
  { name: 'contact_person', label: f.contact_person, kind: 'text', max: 200 },
  { name: 'phone', label: f.phone, kind: 'phone' },
  { name: 'email', label: f.email, kind: 'email' },
  { name: 'website', label: f.website, kind: 'url', hint: 'https://…' },
  { name: 'city', label: f.city, kind: 'text', max: 100 },
  { name: 'pincode', label: f.pincode, kind: 'pincode' },
  { name: 'display_order', label: f.display_order, kind: 'number', defaultValue: '0' },
  { name: 'address', label: f.address, kind: 'textarea', max: 500 },
  { name: 'description', label: f.description, kind: 'textarea', max: 5000 },
  {
    name: 'is_active',
    label: f.is_active,
    kind: 'checkbox',
    defaultValue: true,
  },
  { name: 'is_featured', label: f.is_featured, kind: 'checkbox' },
  { name: 'logo_url', label: f.logo_url, kind: 'image' },
];
