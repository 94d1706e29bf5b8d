// /admin/students: educational-aid applications (spec §7 student_details): equality filters
// ('all' ignored) and search in the URL, exact count, paging; CSV export.
import { listWords, ResourceList, useResourceList } from '@/components/resource-list';
import { AddLink } from '@/components/ui/add-link';
import { PageHeader } from '@/components/ui/states';
import { adminsOnlyScreen } from '@/components/ui/admins-only';
import { adminText as text } from '../admin-text';
import { studentPages, useLiveStudents } from '../api/admin-students';
import { studentColumns, studentCsvColumns } from '../resources/students/columns';
import { studentList } from '../resources/students/filters';
import { mumbaiDay } from '@/lib/display-format';

function Screen() {
  const list = useResourceList(studentList, studentPages.page);
  useLiveStudents();

  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <ResourceList
        {...list}
        {...listWords(text)}
        columns={studentColumns()}
        export={{
          filename: () => `students-${mumbaiDay()}`,
          columns: studentCsvColumns(),
          label: text.exportCsv,
          rows: studentPages.all,
        }}
        actions={<AddLink to="/admin/students/add">{text.addStudent}</AddLink>}
      />
    </div>
  );
}

/** Only admins use this screen; another staff role is told so (issue 40). */
export const Component = adminsOnlyScreen(text, Screen);
