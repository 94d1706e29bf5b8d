// /admin/students/{id}/edit: staff correct an application.
import { useNavigate, useParams } from 'react-router';
import { loaded } from '@/components/ui/query-state';
import { LoadingState, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { adminText as text } from '../admin-text';
import { useStudent, useUpdateStudent } from '../api/admin-students';
import { StudentForm } from '../components/student-form';
import { studentFormValues, studentRow } from '../lib/student-schema';

export function Component() {
  const { id = '' } = useParams();
  const student = useStudent(id);
  const update = useUpdateStudent(id);
  const navigate = useNavigate();
  const ready = loaded(student, { loading: <LoadingState rows={4} />, errorTitle: text.notFound });
  if (!ready.ok) return ready.fallback;
  const s = ready.data;
  return (
    <div className="max-w-4xl">
      <PageHeader title={`${text.editTitle}: ${s.first_name} ${s.surname}`} />
      <StudentForm
        mode="edit"
        defaultValues={studentFormValues(s)}
        submitting={update.isPending}
        cancelTo={`/admin/students/${id}`}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync(studentRow(values));
            toast({ title: text.saved, variant: 'success' });
            navigate(`/admin/students/${id}`);
          } catch {
            // Toasted by the query client.
          }
        }}
      />
    </div>
  );
}
