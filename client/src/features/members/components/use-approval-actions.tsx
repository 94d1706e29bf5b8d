// Approve or reject one or several directory entries (spec §4), each after a confirmation that
// asks for the notes or remarks; the outcome is toasted (failures by the query client).
import { useConfirm } from '@/components/confirm-dialog';
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

  async function approve(ids: string[]): Promise<boolean> {
    const note = { value: '' };
    const ok = await confirm({
      title: text.approveTitle(ids.length),
      description: (
        <>
          <p>{text.approveBody}</p>
          <NoteField label={text.notes} defaultValue="" onChange={(v) => (note.value = v)} />
        </>
      ),
      confirmLabel: ids.length === 1 ? text.approve : text.approveSelected(ids.length),
      cancelLabel: text.cancel,
    });
    if (!ok) return false;
    try {
      const rows = await approveMutation.mutateAsync({ ids, notes: note.value });
      toast({ title: text.approved(rows.length), variant: 'success' });
      return true;
    } catch {
      return false;
    }
  }

  async function reject(ids: string[]): Promise<boolean> {
    const note = { value: text.defaultRemarks as string };
    const ok = await confirm({
      title: text.rejectTitle(ids.length),
      description: (
        <>
          <p>{text.rejectBody}</p>
          <NoteField
            label={text.remarks}
            defaultValue={text.defaultRemarks}
            onChange={(v) => (note.value = v)}
          />
        </>
      ),
      confirmLabel: ids.length === 1 ? text.reject : text.rejectSelected(ids.length),
      cancelLabel: text.cancel,
      destructive: true,
    });
    if (!ok) return false;
    try {
      const rows = await rejectMutation.mutateAsync({ ids, remarks: note.value });
      toast({ title: text.rejected(rows.length), variant: 'success' });
      return true;
    } catch {
      return false;
    }
  }

  return { approve, reject, busy: approveMutation.isPending || rejectMutation.isPending };
}

/** Approve and reject (each resolves true once done) and whether one is running. */
export type ApprovalActions = ReturnType<typeof useApprovalActions>;
