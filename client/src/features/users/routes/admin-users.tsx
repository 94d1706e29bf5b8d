// /admin/users: accounts filtered by type, status and approval, searched by name or email
// (all in the URL); type and status changed within the rules of app.guard_users; deactivation
// instead of deletion.
import { useMemo } from 'react';
import { listWords, ResourceList, useResourceList } from '@/components/resource-list';
import { PageHeader } from '@/components/ui/states';
import { adminsOnlyScreen } from '@/components/ui/admins-only';
import { useAuth } from '@/lib/auth';
import { accountPages } from '../api/accounts';
import { InviteStaff } from '../components/invite-staff';
import { accountColumns } from '../resources/accounts/columns';
import { accountList } from '../resources/accounts/filters';
import { text } from '../text';

function Screen() {
  const list = useResourceList(accountList, accountPages.page);
  const auth = useAuth();
  const caller = useMemo(
    () => ({ id: auth.user?.id ?? '', type: auth.user?.type ?? '' }),
    [auth.user?.id, auth.user?.type],
  );
  const columns = useMemo(() => accountColumns(caller), [caller]);

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {caller.type === 'super_admin' && <InviteStaff onInvited={() => void list.query.refetch()} />}
      <ResourceList {...list} {...listWords(text)} columns={columns} />
    </div>
  );
}

/** Only admins use this screen; another staff role is told so (issue 40). */
export const Component = adminsOnlyScreen(text, Screen);
