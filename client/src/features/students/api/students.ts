// The student's own application: registering (account, documents, then register_student),
// reading it, updating what may still change, progress reports and documents.
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys, useAuth } from '@/lib/auth';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import {
  ensureSession,
  safeFileName,
  uploadOwnFile,
  type AccountInput,
} from '@/lib/registration/api';
import { toStudentApplication, type StudentValues } from '../schema';
import { text } from '../text';
import { fromSdk } from '@/lib/from-sdk';

export type StudentApplication = Database['public']['Tables']['student_details']['Row'];
export const DOCUMENTS_BUCKET = 'documents';

export const studentKeys = {
  all: ['students'] as const,
  own: (userId: string) => ['students', 'own', userId] as const,
};

/** The one submit: account, documents, application (each step safe to repeat). */
export async function registerStudent(
  values: StudentValues,
  documents: File[],
  account: AccountInput | null,
): Promise<StudentApplication> {
  const userId = await ensureSession(account);
  const names: string[] = [];
  for (const [i, file] of documents.entries()) {
    names.push(
      await uploadOwnFile(
        DOCUMENTS_BUCKET,
        userId,
        `application/${i + 1}-${safeFileName(file.name)}`,
        file,
        file.type,
        text.documentUpload,
      ),
    );
  }
  return unwrap(
    await sdk().rpc('register_student', { application: toStudentApplication(values, names) }),
  ) as StudentApplication;
}

export function useOwnApplication() {
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  return useQuery({
    queryKey: studentKeys.own(userId),
    enabled: !!userId,
    queryFn: fromSdk((db) =>
      db.from('student_details').select('*').eq('user_id', userId).maybeSingle(),
    ),
  });
}

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Record<string, unknown> }) =>
      unwrap(
        await sdk()
          .from('student_details')
          .update(changes as Database['public']['Tables']['student_details']['Update'])
          .eq('id', id)
          .select('*')
          .single(),
      ),
    onSuccess: (row) => {
      queryClient.setQueryData(studentKeys.own(row.user_id), row);
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}

/** Adds a report after the ones there (the database keeps past reports as they were). */
export function useAddProgressReport() {
  const update = useUpdateApplication();
  return useMutation({
    mutationFn: async ({
      application,
      report,
    }: {
      application: StudentApplication;
      report: string;
    }) =>
      update.mutateAsync({
        id: application.id,
        changes: { progress_reports: [...application.progress_reports, report.trim()] },
      }),
  });
}

/** The committee's notes: the student's own notifications about their application. */
export function useCommitteeNotes(userId: string) {
  return useQuery({
    queryKey: [...studentKeys.own(userId), 'notes'],
    enabled: !!userId,
    queryFn: fromSdk((db) =>
      db
        .from('notifications')
        .select('id, title, message, created_at, type')
        .eq('user_id', userId)
        .in('type', ['registration', 'other'])
        .order('created_at', { ascending: false })
        .limit(20),
    ),
  });
}

/** A link to one of the student's documents, valid for an hour. */
export async function documentLink(name: string): Promise<string> {
  const { data, error } = await sdk().storage.from(DOCUMENTS_BUCKET).createSignedUrl(name, 3600);
  if (error || !data) throw error ?? new Error('Failed to create a link');
  return data.signedUrl;
}

/** Uploads more documents into the student's folder; returns their object names. */
export async function uploadMoreDocuments(userId: string, files: File[]): Promise<string[]> {
  const stamp = Date.now();
  const names: string[] = [];
  for (const [i, file] of files.entries()) {
    names.push(
      await uploadOwnFile(
        DOCUMENTS_BUCKET,
        userId,
        `added/${stamp}-${i + 1}-${safeFileName(file.name)}`,
        file,
        file.type,
        text.documentUpload,
      ),
    );
  }
  return names;
}
