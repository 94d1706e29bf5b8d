// Progress reports: the list (oldest first) and, for admins, a box to add one.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { adminText as text } from '../admin-text';
import { useAddProgressReport, type StudentRow } from '../api/admin-students';

export function ProgressPanel({ student, canWrite }: { student: StudentRow; canWrite: boolean }) {
  const add = useAddProgressReport(student.id);
  const [draft, setDraft] = useState('');
  return (
    <div>
      {student.progress_reports.length === 0 ? (
        <p className="text-sm text-stone-600">{text.progressEmpty}</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-5 text-sm" data-testid="progress-reports">
          {student.progress_reports.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ol>
      )}
      {canWrite && (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!draft.trim()) return;
            try {
              await add.mutateAsync({ current: student.progress_reports, report: draft });
              setDraft('');
              toast({ title: text.progressAdded, variant: 'success' });
            } catch {
              // Toasted by the query client.
            }
          }}
        >
          <label className="flex-1">
            <span className="mb-1 block text-sm font-semibold text-stone-800">
              {text.progressLabel}
            </span>
            <input
              value={draft}
              maxLength={1000}
              onChange={(e) => setDraft(e.target.value)}
              className={controlClass}
            />
          </label>
          <Button type="submit" variant="secondary" disabled={add.isPending || !draft.trim()}>
            {text.addProgress}
          </Button>
        </form>
      )}
    </div>
  );
}
