// The admin student screens' data: the filtered list with its exact count, one application,
// the audited reveal of its identity numbers and the past reveals, its documents by signed URL,
// decisions (set_student_approval), progress reports, edit, and adding a student for someone.
// RLS and the functions are the gate: only admins read or write others' applications.
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppError, dataMessage, unwrap } from '@/lib/errors';
import type { ListView, WholeView } from '@/lib/list-view';
import { closestFirst, idList, nameMatchIds } from '@/lib/name-search';
import { pagedList } from '@/lib/paged-list';
import { sdk } from '@/lib/sdk';
import { useLiveQueries } from '@/lib/realtime';
import { adminText as text } from '../admin-text';
import {
  applyStudentFilters,
  STUDENT_SORT,
  type StudentFilters,
} from '../resources/students/filters';
import { fromSdk } from '@/lib/from-sdk';
import { fetchWithApprover, type WithApprover } from '@/lib/registration/decided-row';

export type StudentRow = Database['public']['Tables']['student_details']['Row'];
export type StudentUpdate = Database['public']['Tables']['student_details']['Update'];
export const DOCUMENTS_BUCKET = 'documents';
/** Spec §7: signed URLs last 3600 s by default. */
export const SIGNED_URL_SECONDS = 3600;

export const adminStudentKeys = {
  all: ['admin-students'] as const,
  lists: () => ['admin-students', 'list'] as const,
  list: (view: ListView<StudentFilters>) => ['admin-students', 'list', view] as const,
  detail: (id: string) => ['admin-students', 'detail', id] as const,
  documents: (userId: string) => ['admin-students', 'documents', userId] as const,
};

/** The applications: a page of the view with its exact count, and every row of it. A search
 * also finds names written in the other script or spelt another way (student_name_matches),
 * and in the default order (newest first) gives the closest names first. */
export const studentPages = pagedList({
  key: adminStudentKeys.list,
  read: async (view: WholeView<StudentFilters>, from, to) => {
    const sort = view.sort ?? STUDENT_SORT;
    const nameIds = await nameMatchIds('student_name_matches', view.search);
    const rows = () => sdk().from('student_details').select('*', { count: 'exact' });
    const ordered = (q: ReturnType<typeof rows>) =>
      q
        .order(sort.id as keyof StudentRow, { ascending: !sort.desc, nullsFirst: false })
        .order('id');
    if (nameIds.length && sort.id === STUDENT_SORT.id && sort.desc === STUDENT_SORT.desc) {
      return closestFirst(
        nameIds,
        (ids) => applyStudentFilters(rows(), view.filters, '').in('id', ids),
        (excluded, f, t) => {
          const rest = applyStudentFilters(rows(), view.filters, view.search);
          return ordered(excluded.length ? rest.not('id', 'in', idList(excluded)) : rest).range(
            f,
            t,
          );
        },
        from,
        to,
      );
    }
    return ordered(applyStudentFilters(rows(), view.filters, view.search, nameIds)).range(from, to);
  },
});

export type StudentWithApprover = WithApprover<StudentRow>;

export const useStudent = (id: string) =>
  useQuery({
    queryKey: adminStudentKeys.detail(id),
    queryFn: () => fetchWithApprover('student_details', id, text.notFound),
  });

export interface StudentDocument {
  path: string;
  name: string;
  size: number | null;
  updatedAt: string | null;
}

/** The files in the student's folder of the documents bucket (one level of subfolders). */
export async function listStudentDocuments(userId: string): Promise<StudentDocument[]> {
  const bucket = sdk().storage.from(DOCUMENTS_BUCKET);
  const out: StudentDocument[] = [];
  const walk = async (prefix: string, depth: number) => {
    const { data, error } = await bucket.list(prefix, { limit: 100 });
    if (error) throw error;
    for (const item of data ?? []) {
      const path = `${prefix}/${item.name}`;
      if (item.id === null || item.id === undefined) {
        if (depth < 2) await walk(path, depth + 1);
      } else {
        const meta = (item.metadata ?? {}) as { size?: number };
        out.push({
          path,
          name: item.name,
          size: meta.size ?? null,
          updatedAt: item.updated_at ?? null,
        });
      }
    }
  };
  await walk(userId, 0);
  return out;
}

export const useStudentDocuments = (userId: string) =>
  useQuery({
    queryKey: adminStudentKeys.documents(userId),
    queryFn: () => listStudentDocuments(userId),
  });

/** A link to a document, valid for an hour (private bucket). */
export async function documentUrl(path: string): Promise<string> {
  const { data, error } = await sdk()
    .storage.from(DOCUMENTS_BUCKET)
    .createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error || !data) throw error ?? new AppError(text.documentsError);
  return data.signedUrl;
}

function useInvalidate() {
  const client = useQueryClient();
  return (id?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminStudentKeys.lists() }),
      id ? client.invalidateQueries({ queryKey: adminStudentKeys.detail(id) }) : null,
      client.invalidateQueries({ queryKey: ['admin', 'dashboard-stats'] }),
    ]);
}

/** Spec §4: approve or reject, with the account; approver and time recorded by the server. */
export function useDecideStudent(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: fromSdk((db, decision: 'approved' | 'rejected') =>
      db.rpc('set_student_approval', { student_id: id, decision }),
    ),
    onSuccess: () => invalidate(id),
  });
}

export function useUpdateStudent(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: fromSdk((db, changes: StudentUpdate) =>
      db.from('student_details').update(changes).eq('id', id).select().single(),
    ),
    onSuccess: () => invalidate(id),
  });
}

/** Adds a progress report to the end of the list. */
export function useAddProgressReport(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ current, report }: { current: string[]; report: string }) =>
      unwrap(
        await sdk()
          .from('student_details')
          .update({ progress_reports: [...current, report.trim()] })
          .eq('id', id)
          .select()
          .single(),
      ),
    onSuccess: () => invalidate(id),
  });
}

export interface NewStudent {
  email: string;
  password: string;
  details: Omit<Database['public']['Tables']['student_details']['Insert'], 'user_id'>;
  approve: boolean;
}

/**
 * Adds a student for someone (spec §8 messages): the account (admin create-user, email
 * confirmed), its users record, then the application. A failure names the step that failed.
 */
export async function createStudent({ email, password, details, approve }: NewStudent) {
  const created = await sdk().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data)
    throw new AppError(text.failedUser(dataMessage(created.error)));
  const userId = created.data.user.id;
  const fullName = [details.first_name, details.surname].filter(Boolean).join(' ');
  const record = await sdk().rpc('create_user_record', {
    user_id: userId,
    user_email: email,
    user_type: 'student',
    user_status: approve ? 'approved' : 'pending',
    user_full_name: fullName,
  });
  if (record.error) throw new AppError(text.failedUser(dataMessage(record.error)));
  const inserted = await sdk()
    .from('student_details')
    .insert({ ...details, user_id: userId, approval_status: approve ? 'approved' : 'pending' })
    .select()
    .single();
  if (inserted.error || !inserted.data)
    throw new AppError(text.failedDetails(dataMessage(inserted.error)));
  return inserted.data;
}

export function useCreateStudent() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createStudent, onSuccess: () => invalidate() });
}

/** Keeps the application pages live: a new or changed application refetches them. */
export function useLiveStudents() {
  useLiveQueries({ name: 'admin-students', changes: [{ table: 'student_details' }] }, [
    adminStudentKeys.lists(),
  ]);
}
