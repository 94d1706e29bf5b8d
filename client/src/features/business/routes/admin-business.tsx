// /admin/business: every listing, searchable, filtered by approval, sorted and paged (all kept
// in the URL) with an exact count, cards below 768 px and a CSV export of the filtered view;
// approve or withdraw, edit, delete after confirmation. Content staff and admins (the policies
// decide).
import { ResourceList, useResourceList } from '@/components/resource-list';
import { AddLink } from '@/components/ui/add-link';
import { StaffHeader } from '@/components/ui/staff-header';
import { adminText as t } from '../admin-text';
import { adminBusinessPages } from '../api/admin-business';
import { businessColumns, businessCsvColumns } from '../resources/listings/columns';
import { businessList } from '../resources/listings/filters';

export function Component() {
  const list = useResourceList(businessList, adminBusinessPages.page);
  return (
    <div>
      <StaffHeader
        title={t.title}
        intro={t.intro}
        className="mb-6"
        actions={<AddLink to="/admin/business/add">{t.add}</AddLink>}
      />
      <ResourceList
        {...list}
        label={t.tableLabel}
        columns={businessColumns()}
        empty={{ title: t.empty, body: t.emptyBody }}
        noMatch={{ title: t.noMatch }}
        export={{
          filename: t.exportName,
          columns: businessCsvColumns(),
          label: t.exportCsv,
          rows: adminBusinessPages.all,
        }}
      />
    </div>
  );
}
