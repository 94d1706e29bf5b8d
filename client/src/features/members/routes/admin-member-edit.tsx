// /admin/members/{id}/edit: correct a directory entry (admins).
import { useNavigate, useParams } from 'react-router';
import { ErrorState, LoadingState, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { useDirectoryEntry, useUpdateMember } from '../api/admin-directory';
import { MemberForm } from '../components/member-form';
import { memberFormValues } from '../lib/member-schema';
import { adminText as text } from '../text';

export function Component() {
  const { id = '' } = useParams();
  const entry = useDirectoryEntry(id);
  const update = useUpdateMember(id);
  const navigate = useNavigate();
  if (entry.isPending) return <LoadingState rows={4} />;
  if (entry.isError)
    return (
      <ErrorState
        title={text.notFound}
        message={dataMessage(entry.error)}
        onRetry={() => void entry.refetch()}
      />
    );
  return (
    <div className="max-w-4xl">
      <PageHeader title={`${text.editTitle}: ${entry.data.full_name}`}>
        {entry.data.unique_id}
      </PageHeader>
      <MemberForm
        mode="edit"
        defaultValues={memberFormValues(entry.data)}
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
