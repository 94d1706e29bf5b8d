// Progress reports: the past ones as they were sent, and a form to add the next one.
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { SubmitButton, useSubmitState } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast';
import { errorToast } from '@/lib/errors';
import { useAddProgressReport, type StudentApplication } from '../api/students';
import { text } from '../text';
import { TitledSection } from '@/components/ui/section';

export function reportError(value: string): string | null {
  const v = value.trim();
  if (!v) return text.reportRequired;
  if (v.length > 5000) return text.reportTooLong;
  return null;
}

export function ProgressReports({ application }: { application: StudentApplication }) {
  const [report, setReport] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddProgressReport();
  const submit = useSubmitState();
  const reports = application.progress_reports;
  return (
    <TitledSection
      id="progress-heading"
      title={text.progressReports}
      titleClassName="font-serif text-xl font-bold"
    >
      {reports.length === 0 ? (
        <div className="mt-3">
          <EmptyState title={text.progressEmpty}>{text.progressEmptyBody}</EmptyState>
        </div>
      ) : (
        <ol className="mt-3 space-y-2" data-testid="progress-reports">
          {[...reports].reverse().map((r, i) => (
            <li key={reports.length - i} className="rounded-md bg-stone-50 p-3 text-sm">
              <span className="font-semibold">#{reports.length - i}</span>{' '}
              <span className="whitespace-pre-line">{r}</span>
            </li>
          ))}
        </ol>
      )}
      <form
        className="mt-4 space-y-3"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const problem = reportError(report);
          setError(problem);
          if (problem) return;
          try {
            await submit.run(() => add.mutateAsync({ application, report }).then(() => undefined));
            setReport('');
            toast({ title: text.reportSaved, variant: 'success' });
          } catch (err) {
            toast({ ...errorToast(err), variant: 'destructive' });
          }
        }}
      >
        <Field label={text.addReport} hint={text.reportHint} error={error ?? undefined}>
          <textarea rows={4} value={report} onChange={(e) => setReport(e.target.value)} />
        </Field>
        <SubmitButton state={submit.state} labels={{ ...text.saveLabels, idle: text.saveReport }} />
      </form>
    </TitledSection>
  );
}
