// The staff directory's CSV export: one row per listing of the filtered view.
import type { CsvColumn } from '@/lib/csv';
import { adminText } from '../admin-text';
import type { Business } from '../api/business';

const t = adminText.csv;
const yesNo = (v: boolean) => (v ? t.yes : t.no);

export const businessCsvColumns: CsvColumn<Business>[] = [
  { header: t.name, value: 'business_name' },
  { header: t.category, value: 'category' },
  { header: t.owner, value: 'owner_name' },
  { header: t.contact, value: 'contact_person' },
  { header: t.phone, value: 'phone' },
  { header: t.email, value: 'email' },
  { header: t.website, value: 'website' },
  { header: t.address, value: 'address' },
  { header: t.city, value: 'city' },
  { header: t.pincode, value: 'pincode' },
  { header: t.approved, value: (b) => yesNo(b.is_active) },
  { header: t.featured, value: (b) => yesNo(b.is_featured) },
  { header: t.created, value: 'created_at' },
];
