// A row's type and status selects: only what the caller may choose is offered, and each change
// is confirmed (deactivation says what it means). The database refuses anything else.
import { useConfirm } from '@/components/confirm-dialog';
import { controlClass, Options } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { useChangeAccount, type AccountRow } from '../api/accounts';
import { allowedTypes, canChangeStatus, USER_STATUSES, type Caller } from '../lib/account-rules';
import { text } from '../text';

export function AccountControls({ account, caller }: { account: AccountRow; caller: Caller }) {
  const change = useChangeAccount();
  const confirm = useConfirm();
  const name = account.full_name ?? account.email;
  const types = allowedTypes(caller, account);
  const statusEditable = canChangeStatus(caller, account);

  async function apply(changes: { type?: string; status?: string }) {
    const inactive = changes.status === 'inactive';
    const ok = await confirm({
      title: changes.type
        ? text.typeTitle(name, text.typeLabels[changes.type] ?? changes.type)
        : text.statusTitle(name, text.statusLabels[changes.status!] ?? changes.status!),
      description: changes.type ? text.typeBody : inactive ? text.deactivateBody : text.statusBody,
      confirmLabel: inactive ? text.deactivate : text.confirm,
      cancelLabel: text.cancel,
      destructive: inactive,
    });
    if (!ok) return;
    try {
      await change.mutateAsync({ id: account.id, changes });
      toast({ title: text.changed, variant: 'success' });
    } catch {
      // Toasted by the query client.
    }
  }

  return (
    // Side by side where they fit, else one under the other (Kannada in Easy view at 200 % zoom).
    <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap">
      <select
        aria-label={text.changeType(name)}
        title={types.length === 1 && caller.id !== account.id ? text.staffOnlySuper : undefined}
        className={`${controlClass} max-w-full min-w-0 !py-1 text-sm sm:w-44`}
        value={account.type}
        disabled={types.length === 1 || change.isPending}
        onChange={(e) => void apply({ type: e.target.value })}
      >
        <Options
          values={types.includes(account.type) ? types : [account.type, ...types]}
          labels={text.typeLabels}
        />
      </select>
      <select
        aria-label={text.changeStatus(name)}
        className={`${controlClass} max-w-full min-w-0 !py-1 text-sm sm:w-32`}
        value={account.status}
        disabled={!statusEditable || change.isPending}
        onChange={(e) => void apply({ status: e.target.value })}
      >
        <Options values={USER_STATUSES} labels={text.statusLabels} />
      </select>
    </div>
  );
}
