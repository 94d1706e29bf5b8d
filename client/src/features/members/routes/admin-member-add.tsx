// /admin/members/add: add a member to the register; the server gives the next HWT- number.
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useCreateMember } from '../api/admin-directory';
import { MemberForm } from '../components/member-form';
import { emptyMemberForm } from '../lib/member-schema';
import { adminText as text } from '../text';

export function Component() {
  const create = useCreateMember();
  const navigate = useNavigate();
  return (
    <div className="max-w-4xl">
      <PageHeader title={text.createTitle} />
      <MemberForm
        mode="create"
        defaultValues={emptyMemberForm}
        submitting={create.isPending}
        cancelTo="/admin/members"
        onSubmit={async (values) => {
          try {
            const row = await create.mutateAsync(values);
            toast({ title: text.created(row.unique_id), variant: 'success' });
            navigate(`/admin/members/${row.id}`);
          } catch {
            // The query client toasts the error; the form keeps what was typed.
          }
        }}
      />
    </div>
  );
}
