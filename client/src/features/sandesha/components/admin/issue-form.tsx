// Add or edit an issue: title, description, year, month, the PDF (required for a new issue,
// optional to replace), published and featured. The upload shows its progress.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EditorCheckbox, EditorForm, UploadProgress } from '@/components/editor-form';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { adminText as t } from '@/features/sandesha/admin-text';
import { pdfProblem, useSaveIssue } from '@/features/sandesha/api/admin-sandesha';
import type { Issue } from '@/features/sandesha/api/sandesha';
import { errorText } from '@/lib/text';

const schema = z.object({
  title: z.string().trim().min(1, t.messages.titleRequired).max(200, t.messages.titleMax),
  description: z.string().max(2000, t.messages.descriptionMax),
  issue_year: z.coerce.number<string>().int().min(1900, t.messages.year).max(2200, t.messages.year),
  issue_month: z.coerce.number<string>().int().min(1, t.messages.month).max(12, t.messages.month),
  is_published: z.boolean(),
  featured: z.boolean(),
});
type Values = z.input<typeof schema>;

export const monthName = (m: number) =>
  new Date(2000, m - 1, 1).toLocaleDateString('en-IN', { month: 'long' });

export function IssueForm({ issue, onDone }: { issue?: Issue; onDone: () => void }) {
  const save = useSaveIssue();
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const now = new Date();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: issue?.title ?? '',
      description: issue?.description ?? '',
      issue_year: String(issue?.issue_year ?? now.getFullYear()),
      issue_month: String(issue?.issue_month ?? now.getMonth() + 1),
      is_published: issue?.is_published ?? false,
      featured: issue?.featured ?? false,
    },
  });

  const submit = handleSubmit(async (values) => {
    if (!issue && !file) {
      setFileError(t.messages.pdfRequired);
      return;
    }
    if (fileError) return;
    setProgress(file ? 0 : null);
    try {
      await save.mutateAsync({
        id: issue?.id,
        input: values,
        file,
        previousPdf: issue?.pdf_url,
        onProgress: setProgress,
      });
      toast({ title: t.saved, variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: errorText.title, description: dataMessage(error), variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  });

  return (
    <EditorForm
      label={issue ? t.editIssue(issue.title) : t.newIssue}
      title={issue ? t.editIssue(issue.title) : t.newIssue}
      onSubmit={submit}
      cancelLabel={t.cancel}
      onCancel={onDone}
      cancelDisabled={save.isPending}
      saveLabel={save.isPending ? t.saving : t.save}
      saveDisabled={save.isPending}
      className="sm:p-6"
    >
      <Field label={t.fields.title} error={errors.title?.message}>
        <input {...register('title')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.fields.year} error={errors.issue_year?.message}>
          <input
            type="number"
            inputMode="numeric"
            min={1900}
            max={2200}
            {...register('issue_year')}
          />
        </Field>
        <Field label={t.fields.month} error={errors.issue_month?.message}>
          <select {...register('issue_month')}>
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                {monthName(i + 1)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label={t.fields.description} error={errors.description?.message}>
        <textarea rows={3} {...register('description')} />
      </Field>
      <Field
        label={t.fields.pdf}
        error={fileError}
        hint={issue ? t.fields.pdfReplaceHint : t.fields.pdfHint}
      >
        <input
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            setFile(picked);
            setFileError(picked ? (pdfProblem(picked) ?? undefined) : undefined);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-6">
        <EditorCheckbox label={t.fields.published} reg={register('is_published')} />
        <EditorCheckbox label={t.fields.featured} reg={register('featured')} />
      </div>
      {progress !== null && <UploadProgress percent={progress} label={t.progress(progress)} />}
    </EditorForm>
  );
}
