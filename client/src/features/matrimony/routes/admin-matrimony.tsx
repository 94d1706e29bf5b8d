// /admin/matrimony: matrimony profiles for staff: approval and gender filters and search in the
// URL, exact count; a profile opens with its photo and Approve / Reject; approved profiles
// without an account are synced into auth (spec §7).
import { UserPlus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { listWords, ResourceList, useResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { adminsOnlyScreen } from '@/components/ui/admins-only';
import { useAuth } from '@/lib/auth';
import { adminText as text } from '../admin-text';
import { profilePages, useLiveProfiles, useSyncProfiles } from '../api/admin-matrimony';
import { ProfileDialog } from '../components/profile-dialog';
import type { SyncOutcome } from '../lib/matrimony-filters';
import { profileColumns } from '../resources/profiles/columns';
import { profileList } from '../resources/profiles/filters';

function SyncReport({ outcome }: { outcome: SyncOutcome }) {
  if (outcome.kind !== 'done' || outcome.errors.length === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm">
      <p className="font-semibold text-red-900">{text.syncErrors}</p>
      <ul className="mt-1 list-disc pl-5 text-red-900" data-testid="sync-errors">
        {outcome.errors.map((e) => (
          <li key={e.name}>
            {e.name}: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Screen() {
  const list = useResourceList(profileList, profilePages.page);
  useLiveProfiles();
  const [params, setParams] = useSearchParams();
  const openId = params.get('profile');
  const open = list.query.data?.rows.find((p) => p.id === openId) ?? null;
  const setOpen = useCallback(
    (id: string | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('profile', id);
        else next.delete('profile');
        return next;
      }),
    [setParams],
  );
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';
  const sync = useSyncProfiles();
  const confirm = useConfirm();
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);

  const columns = useMemo(() => profileColumns(setOpen), [setOpen]);

  async function onSync() {
    const ok = await confirm({
      title: text.syncTitle,
      description: text.syncBody,
      confirmLabel: text.sync,
      cancelLabel: text.cancel,
    });
    if (!ok) return;
    try {
      const result = await sync.mutateAsync();
      setOutcome(result);
      if (result.kind === 'none') toast({ title: text.syncNone });
      else if (result.kind === 'all-synced') toast({ title: text.syncAllDone });
      else
        toast({
          title: text.syncResult(result.created, result.errors.length),
          variant: result.errors.length ? 'destructive' : 'success',
        });
    } catch {
      // Toasted by the query client.
    }
  }

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {outcome && <SyncReport outcome={outcome} />}
      <ResourceList
        {...list}
        {...listWords(text)}
        columns={columns}
        actions={
          isAdmin && (
            <Button variant="secondary" onClick={onSync} disabled={sync.isPending}>
              <UserPlus className="h-4 w-4" aria-hidden />
              {sync.isPending ? text.syncing : text.sync}
            </Button>
          )
        }
      />
      {open && <ProfileDialog profile={open} canDecide={isAdmin} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** Only admins use this screen; another staff role is told so (issue 40). */
export const Component = adminsOnlyScreen(text, Screen);
