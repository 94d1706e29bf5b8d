// /admin/business: every listing, searchable, filtered by approval, sorted and paged (all kept
// in the URL) with an exact count, cards below 768 px and a CSV export of the filtered view;
// approve or withdraw, edit, delete after confirmation. Content staff and admins (the policies
// decide).
import { Plus } from 'lucide-react';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { ButtonLink } from '@/components/ui/button';
import { adminText as t } from '../admin-text';
import { adminBusinessPages } from '../api/admin-business';
import { businessColumns, businessCsvColumns } from '../resources/listings/columns';
import { businessList } from '../resources/listings/filters';

export function Component() {
  const list = useResourceList(businessList, adminBusinessPages.page);
  return (
    <div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-stone-700">{t.intro}</p>
        </div>
        <ButtonLink to="/admin/business/add">
          <Plus className="h-4 w-4" aria-hidden /> {t.add}
        </ButtonLink>
      </header>
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
