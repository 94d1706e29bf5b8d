// /admin/members: the trust's register for staff (spec §7 member_directory). Filters, search,
// page and sort live in the URL; the count is exact; approve or reject one or many (§4);
// export the filtered list as CSV.
import { Check, X } from 'lucide-react';
import { useMemo } from 'react';
import { listWords, ResourceList, useResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { AddLink } from '@/components/ui/add-link';
import { PageHeader } from '@/components/ui/states';
import { adminsOnlyScreen } from '@/components/ui/admins-only';
import { directoryPages, useLiveDirectory } from '../api/admin-directory';
import { DirectoryStatsPanel } from '../components/directory-stats-panel';
import { useApprovalActions } from '../components/use-approval-actions';
import {
  directoryColumns,
  directoryCsvColumns,
  directoryCsvName,
} from '../resources/directory/columns';
import { directoryList, isFiltered } from '../resources/directory/filters';
import { adminText as text } from '../text';

function Screen() {
  const list = useResourceList(directoryList, directoryPages.page);
  useLiveDirectory();
  const actions = useApprovalActions();
  const columns = useMemo(() => directoryColumns(actions), [actions]);

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <DirectoryStatsPanel />
      <div className="mt-6">
        <ResourceList
          {...list}
          {...listWords(text)}
          columns={columns}
          selectable
          rowLabel={(m) => m.full_name}
          bulkActions={({ rows, clear }) => {
            // Decides on every selected row; the selection is cleared once it is done.
            const onAll = (decide: (ids: string[]) => Promise<boolean>) => async () => {
              if (await decide(rows.map((m) => m.id))) clear();
            };
            return (
              <>
                <Button
                  variant="secondary"
                  disabled={actions.busy}
                  onClick={onAll(actions.approve)}
                >
                  <Check className="h-4 w-4" aria-hidden /> {text.approveSelected(rows.length)}
                </Button>
                <Button variant="danger" disabled={actions.busy} onClick={onAll(actions.reject)}>
                  <X className="h-4 w-4" aria-hidden /> {text.rejectSelected(rows.length)}
                </Button>
              </>
            );
          }}
          export={{
            filename: (view) => directoryCsvName(isFiltered(view.filters, view.search)),
            columns: directoryCsvColumns(),
            label: text.exportCsv,
            rows: directoryPages.all,
          }}
          actions={<AddLink to="/admin/members/add">{text.addMember}</AddLink>}
        />
      </div>
    </div>
  );
}

/** Only admins use this screen; another staff role is told so (issue 40). */
export const Component = adminsOnlyScreen(text, Screen);
