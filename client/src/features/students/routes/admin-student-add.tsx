// /admin/students/add: a student added for someone: the account (email confirmed), its record
// and the application; a failure says which step failed (spec §8).
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { adminText as text } from '../admin-text';
import { useCreateStudent } from '../api/admin-students';
import { StudentForm } from '../components/student-form';
import { emptyStudentDetails, studentRow } from '../lib/student-schema';

export function Component() {
  const create = useCreateStudent();
  const navigate = useNavigate();
  return (
    <div className="max-w-4xl">
      <PageHeader title={text.addTitle}>{text.addIntro}</PageHeader>
      <StudentForm
        mode="add"
        defaultValues={{ ...emptyStudentDetails, password: '', approve: true }}
        submitting={create.isPending}
        cancelTo="/admin/students"
        onSubmit={async (values) => {
          try {
            const row = await create.mutateAsync({
              email: values.email.trim().toLowerCase(),
              password: values.password,
              details: studentRow(values),
              approve: values.approve,
            });
            toast({ title: text.created, variant: 'success' });
            navigate(`/admin/students/${row.id}`);
          } catch {
            // The step that failed is toasted by the query client.
          }
        }}
      />
    </div>
  );
}
