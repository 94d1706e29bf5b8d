// /profile/student/edit: the application as a form. Pending, every answer may be corrected;
// once decided, only contact details (and documents) change: the form shows the rest locked
// and the database refuses it anyway.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Card, ErrorState, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { useSubmitState } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { dataMessage, errorToast } from '@/lib/errors';
import { refusedColumn } from '@/lib/errors';
import { BackAndSubmit, StepCards } from '@/components/form';
import { ApprovalBadge } from '@/components/registration-page';
import {
  studentKeys,
  uploadMoreDocuments,
  useOwnApplication,
  useUpdateApplication,
  type StudentApplication,
} from '../api/students';
import { DocumentPicker } from '../components/document-picker';
import { DocumentsList } from '../components/documents-list';
import { studentSteps } from '../components/steps';
import {
  EDITABLE_AFTER_DECISION,
  studentChanges,
  studentEditSchema,
  toStudentValues,
} from '../edit';
import type { StudentValues } from '../schema';
import { text } from '../text';

function EditForm({ application }: { application: StudentApplication }) {
  const decided = application.approval_status !== 'pending';
  const initial = useMemo(() => toStudentValues(application), [application]);
  const form = useForm<StudentValues>({
    resolver: zodResolver(studentEditSchema) as never,
    defaultValues: initial,
  });
  const [files, setFiles] = useState<File[]>([]);
  const update = useUpdateApplication();
  const submit = useSubmitState();
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const locked = decided
    ? studentSteps()
        .flatMap((s) => s.fields.map((f) => f.name))
        .filter((n) => !EDITABLE_AFTER_DECISION.includes(n))
    : [];

  const save = async (values: StudentValues) => {
    try {
      await submit.run(async () => {
        const changes = studentChanges(initial, values, locked);
        if (files.length) {
          const added = await uploadMoreDocuments(session!.user.id, files);
          changes.documents = [...application.documents, ...added];
        }
        if (Object.keys(changes).length) await update.mutateAsync({ id: application.id, changes });
      });
      setFiles([]);
      await queryClient.invalidateQueries({ queryKey: studentKeys.all });
      toast({ title: text.saved, variant: 'success' });
    } catch (error) {
      const column = refusedColumn(error);
      if (column) {
        const field = column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
        form.setError(field as keyof StudentValues, { message: dataMessage(error) });
      }
      toast({ ...errorToast(error), variant: 'destructive' });
    }
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-6">
        <StepCards steps={studentSteps()} locked={locked} lockedNote={text.lockedField} />
        <Card>
          <h2 className="mb-3 font-serif text-xl font-bold">{text.yourDocuments}</h2>
          <DocumentsList names={application.documents} />
          <div className="mt-4">
            <DocumentPicker
              files={files}
              onChange={setFiles}
              existing={application.documents.length}
            />
          </div>
        </Card>
        <BackAndSubmit
          back={{ to: '/dashboard/student', label: text.backToDashboard }}
          state={submit.state}
          labels={text.saveLabels}
        />
      </form>
    </FormProvider>
  );
}

export function Component() {
  const application = useOwnApplication();
  const a = application.data;
  return (
    <Page>
      <div className="mx-auto max-w-3xl">
        <PageHeader title={text.editTitle}>
          {a && (
            <p className="flex flex-wrap items-center gap-3">
              <ApprovalBadge status={a.approval_status} />
              {a.approval_status === 'pending' ? text.editIntroPending : text.editIntroDecided}
            </p>
          )}
        </PageHeader>
        {application.isPending && <LoadingState rows={4} />}
        {application.isError && (
          <ErrorState
            message={dataMessage(application.error)}
            onRetry={() => application.refetch()}
          />
        )}
        {application.isSuccess && !a && <ErrorState message={text.noApplication} />}
        {a && <EditForm key={a.updated_at} application={a} />}
      </div>
    </Page>
  );
}
