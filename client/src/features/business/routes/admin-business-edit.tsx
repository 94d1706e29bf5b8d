// /admin/business/add and /admin/business/{id}/edit: one listing's form.
import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { RecordForm } from '@/components/record-editor';
import { ButtonLink } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { StaffHeader } from '@/components/ui/staff-header';
import { dataMessage } from '@/lib/errors';
import { adminText as t } from '../admin-text';
import { businessFields } from '../admin-fields';
import { useAdminBusiness, useBusinessActions } from '../api/admin-business';

const LIST = '/admin/business';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const editing = id !== undefined;
  const valid = !editing || UUID.test(id);
  const row = useAdminBusiness(id ?? '', editing && valid);
  const { save } = useBusinessActions();

  const header = (
    <StaffHeader
      title={editing ? t.editTitle : t.addTitle}
      className="mb-6"
      actions={
        <ButtonLink to={LIST} variant="secondary">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {t.backToList}
        </ButtonLink>
      }
    />
  );
  if (editing && (!valid || (row.isSuccess && !row.data))) {
    return (
      <div>
        {header}
        <ErrorState title={t.notFound} message={t.notFoundBody} />
      </div>
    );
  }
  if (editing && row.isPending) return <LoadingState rows={3} height="h-24" />;
  if (editing && row.isError) {
    return (
      <div>
        {header}
        <ErrorState
          title={t.loadError}
          message={dataMessage(row.error)}
          onRetry={() => void row.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl">
      {header}
      <RecordForm
        fields={businessFields()}
        row={editing ? (row.data as Record<string, unknown>) : undefined}
        folder="business"
        title={editing ? (row.data?.business_name ?? t.editTitle) : t.addTitle}
        saving={save.isPending}
        onCancel={() => navigate(LIST)}
        onSave={async (values) => {
          try {
            await save.mutateAsync({ id, input: values });
            toast({ title: t.saved, variant: 'success' });
            navigate(LIST);
          } catch {
            // the query client's mutation cache has shown the error toast
          }
        }}
      />
    </div>
  );
}
