// /admin/events: every event in every state (spec §4), with search, filters by type and state,
// sort, paging (all kept in the URL), an exact count, CSV export of the filtered view, a change
// of state, duplicate and delete (after confirmation); cards below 768 px.
// Event editors (admins, event managers) change events; other staff read.
import { useMemo } from 'react';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { AddLink } from '@/components/ui/add-link';
import { useAuth } from '@/lib/auth';
import { EVENT_EDITORS, type Role } from '@/lib/authorization';
import { adminText } from '../admin-text';
import { adminEventPages } from '../api/admin-events';
import { eventColumns, eventCsvColumns } from '../resources/events/columns';
import { eventList } from '../resources/events/filters';

const t = adminText.list;

export function Component() {
  const auth = useAuth();
  const canEdit = EVENT_EDITORS.includes(auth.user?.type as Role);
  const list = useResourceList(eventList, adminEventPages.page);
  const columns = useMemo(() => eventColumns(canEdit), [canEdit]);

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-stone-700">{t.intro}</p>
        </div>
        {canEdit && <AddLink to="/admin/events/create">{t.create}</AddLink>}
      </header>
      <ResourceList
        {...list}
        label={t.tableLabel}
        columns={columns}
        getRowId={(e) => e.id}
        empty={{ title: t.empty, body: canEdit ? t.emptyBody : undefined }}
        noMatch={{ title: t.noMatch, body: t.noMatchBody }}
        export={{
          filename: t.exportName,
          columns: eventCsvColumns(),
          label: t.exportCsv,
          rows: adminEventPages.all,
        }}
      />
    </div>
  );
}
