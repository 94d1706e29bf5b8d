// /admin/members/{id}/edit: correct a directory entry (admins).
import { useNavigate, useParams } from 'react-router';
import { loaded } from '@/components/ui/query-state';
import { LoadingState, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useDirectoryEntry, useUpdateMember } from '../api/admin-directory';
import { MemberForm } from '../components/member-form';
import { memberFormValues } from '../lib/member-schema';
import { adminText as text } from '../text';

export function Component() {
  const { id = '' } = useParams();
  const entry = useDirectoryEntry(id);
  const update = useUpdateMember(id);
  const navigate = useNavigate();
  const ready = loaded(entry, { loading: <LoadingState rows={4} />, errorTitle: text.notFound });
  if (!ready.ok) return ready.fallback;
  return (
    <div className="max-w-4xl">
      <PageHeader title={`${text.editTitle}: ${ready.data.full_name}`}>
        {ready.data.unique_id}
      </PageHeader>
      <MemberForm
        mode="edit"
        defaultValues={memberFormValues(ready.data)}
        submitting={update.isPending}
        cancelTo={`/admin/members/${id}`}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync(values);
            toast({ title: text.saved, variant: 'success' });
            navigate(`/admin/members/${id}`);
          } catch {
            // Toasted by the query client.
          }
        }}
      />
    </div>
  );
}
