// Cancel a registration after a confirmation, with the toasts: the one flow the event page and
// the dashboard share.
import { useConfirm } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorToast } from '@/lib/errors';
import { useCancelRegistration } from '../api/my-registrations';
import { text } from '../text';

export function useCancelFlow() {
  const cancel = useCancelRegistration();
  const confirm = useConfirm();
  const run = async ({ id, eventId, title }: { id: string; eventId: string; title: string }) => {
    const ok = await confirm({
      title: text.cancelTitle(title),
      description: text.cancelBody,
      confirmLabel: text.cancelRegistration,
      cancelLabel: text.keepRegistration,
      destructive: true,
    });
    if (!ok) return;
    cancel.mutate(
      { id, eventId },
      {
        onSuccess: () => toast({ title: text.cancelledToast, description: title }),
        onError: (error) => toast({ ...errorToast(error), variant: 'destructive' }),
      },
    );
  };
  return { run, isPending: cancel.isPending };
}
