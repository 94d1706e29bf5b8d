// Approve or reject one or several directory entries (spec §4), each after a confirmation that
// asks for the notes or remarks; the outcome is toasted (failures by the query client).
import { useConfirm, type ConfirmOptions } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { controlClass } from '@/components/ui/field';
import { useApproveMembers, useRejectMembers } from '../api/admin-directory';
import { adminText as text } from '../text';

function NoteField({
  label,
  defaultValue,
  onChange,
}: {
  label: string;
  defaultValue: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="mt-3 block">
      <span className="mb-1 block text-sm font-semibold text-stone-800">{label}</span>
      <textarea
        rows={3}
        maxLength={1000}
        defaultValue={defaultValue}
        onChange={(e) => onChange(e.target.value)}
        className={controlClass}
        data-testid="approval-note"
      />
    </label>
  );
}

export function useApprovalActions() {
  const confirm = useConfirm();
  const approveMutation = useApproveMembers();
  const rejectMutation = useRejectMembers();

  /** Asks (with the note's field), then runs the decision with the note and toasts its outcome. */
  async function decide(
    ask: Omit<ConfirmOptions, 'description' | 'cancelLabel'> & {
      body: string;
      noteLabel: string;
      note: string;
    },
    run: (note: string) => Promise<{ length: number }>,
    done: (count: number) => string,
  ): Promise<boolean> {
    const { body, noteLabel, note: initial, ...options } = ask;
    const note = { value: initial };
    const ok = await confirm({
      ...options,
      description: (
        <>
          <p>{body}</p>
          <NoteField label={noteLabel} defaultValue={initial} onChange={(v) => (note.value = v)} />
        </>
      ),
      cancelLabel: text.cancel,
    });
    if (!ok) return false;
    try {
      const rows = await run(note.value);
      toast({ title: done(rows.length), variant: 'success' });
      return true;
    } catch {
      return false;
    }
  }

  const approve = (ids: string[]) =>
    decide(
      {
        title: text.approveTitle(ids.length),
        body: text.approveBody,
        noteLabel: text.notes,
        note: '',
        confirmLabel: ids.length === 1 ? text.approve : text.approveSelected(ids.length),
      },
      (notes) => approveMutation.mutateAsync({ ids, notes }),
      text.approved,
    );

  const reject = (ids: string[]) =>
    decide(
      {
        title: text.rejectTitle(ids.length),
        body: text.rejectBody,
        noteLabel: text.remarks,
        note: text.defaultRemarks,
        confirmLabel: ids.length === 1 ? text.reject : text.rejectSelected(ids.length),
        destructive: true,
      },
      (remarks) => rejectMutation.mutateAsync({ ids, remarks }),
      text.rejected,
    );

  return { approve, reject, busy: approveMutation.isPending || rejectMutation.isPending };
}

/** Approve and reject (each resolves true once done) and whether one is running. */
export type ApprovalActions = ReturnType<typeof useApprovalActions>;
