// The staff directory's columns (name linking to the editor, approval state, the row's
// approve, edit and delete) and the CSV export's, one row per listing of the filtered view.
import { Check, Pencil, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { toastWhenDone } from '@/components/ui/toast';
import type { CsvColumn } from '@/lib/csv';
import { adminText as t } from '../../admin-text';
import { useBusinessActions } from '../../api/admin-business';
import type { Business } from '../../api/business';
import { DeleteButton } from '@/components/row-actions';

const col = columnHelper<Business>();

function RowActions({ b }: { b: Business }) {
  const { save, remove } = useBusinessActions();
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant={b.is_active ? 'ghost' : 'secondary'}
        className="!min-h-9"
        aria-label={b.is_active ? t.unapprove(b.business_name) : t.approve(b.business_name)}
        disabled={save.isPending}
        onClick={() =>
          // mutateAsync: with a filter on approval, this row leaves the list once it is saved.
          void toastWhenDone(
            save.mutateAsync({ id: b.id, input: { is_active: !b.is_active } }),
            b.is_active ? t.withdrawnToast : t.approvedToast,
          )
        }
      >
        {b.is_active ? (
          <Undo2 className="h-4 w-4" aria-hidden />
        ) : (
          <Check className="h-4 w-4" aria-hidden />
        )}
        <span className="hidden sm:inline">{b.is_active ? t.withdrawShort : t.approveShort}</span>
      </Button>
      <ButtonLink
        to={`/admin/business/${b.id}/edit`}
        variant="ghost"
        className="!min-h-9"
        aria-label={t.edit(b.business_name)}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </ButtonLink>
      <DeleteButton
        className="!min-h-9 text-red-700"
        aria-label={t.delete(b.business_name)}
        disabled={remove.isPending}
        confirm={{ title: t.confirmDelete(b.business_name), confirmLabel: t.deleteLabel }}
        action={() => remove.mutateAsync(b.id)}
        done={t.deleted}
      />
    </div>
  );
}

export const businessColumns = (): DataTableColumn<Business>[] => [
  col.accessor('business_name', {
    header: t.columns.name,
    meta: { sort: true, cardTitle: true },
    cell: ({ row }) => (
      <Link
        to={`/admin/business/${row.original.id}/edit`}
        className="font-semibold hover:underline"
      >
        {row.original.business_name}
      </Link>
    ),
  }),
  col.accessor('category', { header: t.columns.category, meta: { sort: true } }),
  col.accessor('city', { header: t.columns.city, meta: { sort: true } }),
  col.accessor('owner_name', { header: t.columns.owner, meta: { sort: true } }),
  col.accessor('is_active', {
    header: t.columns.state,
    meta: { sort: true },
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        <Badge tone={row.original.is_active ? 'success' : 'warning'}>
          {row.original.is_active ? t.approved : t.awaiting}
        </Badge>
        {row.original.is_featured && <Badge tone="info">{t.featured}</Badge>}
      </span>
    ),
  }),
  col.display({
    id: 'actions',
    header: t.columns.actions,
    cell: ({ row }) => <RowActions b={row.original} />,
  }),
];

const yesNo = (v: boolean) => (v ? t.csv.yes : t.csv.no);

export const businessCsvColumns = (): CsvColumn<Business>[] => [
  { header: t.csv.name, value: 'business_name' },
  { header: t.csv.category, value: 'category' },
  { header: t.csv.owner, value: 'owner_name' },
  { header: t.csv.contact, value: 'contact_person' },
  { header: t.csv.phone, value: 'phone' },
  { header: t.csv.email, value: 'email' },
  { header: t.csv.website, value: 'website' },
  { header: t.csv.address, value: 'address' },
  { header: t.csv.city, value: 'city' },
  { header: t.csv.pincode, value: 'pincode' },
  { header: t.csv.approved, value: (b) => yesNo(b.is_active) },
  { header: t.csv.featured, value: (b) => yesNo(b.is_featured) },
  { header: t.csv.created, value: 'created_at' },
];
