// /admin/students: educational-aid applications (spec §7 student_details): equality filters
// ('all' ignored) and search in the URL, exact count, paging; CSV export.
import { Plus } from 'lucide-react';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { adminText as text } from '../admin-text';
import { studentPages, useLiveStudents } from '../api/admin-students';
import { studentColumns, studentCsvColumns } from '../resources/students/columns';
import { studentList } from '../resources/students/filters';

export function Component() {
  const list = useResourceList(studentList, studentPages.page);
  useLiveStudents();
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      {!isAdmin && <Notice>{text.adminsOnly}</Notice>}
      <ResourceList
        {...list}
        label={text.listLabel}
        columns={studentColumns}
        getRowId={(s) => s.id}
        empty={{ title: text.empty }}
        noMatch={{ title: text.emptyFiltered }}
        export={{
          filename: () => `students-${new Date().toISOString().slice(0, 10)}`,
          columns: studentCsvColumns,
          label: text.exportCsv,
          rows: studentPages.all,
        }}
        actions={
          <ButtonLink to="/admin/students/add">
            <Plus className="h-4 w-4" aria-hidden /> {text.addStudent}
          </ButtonLink>
        }
      />
    </div>
  );
}
