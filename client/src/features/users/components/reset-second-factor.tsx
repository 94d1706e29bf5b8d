// A super admin removes the second factor of a staff member who lost their phone
// (auth.admin.deleteFactor, audited by the server); they set up a new one at their next sign-in.
import { useConfirm } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { text } from '../text';

export function ResetSecondFactor({ userId, name }: { userId: string; name: string }) {
  const confirm = useConfirm();
  const reset = async () => {
    const ok = await confirm({
      title: text.resetFactorTitle(name),
      description: text.resetFactorBody,
      confirmLabel: text.resetFactor,
      cancelLabel: text.cancel,
      destructive: true,
    });
    if (!ok) return;
    const admin = sdk().auth.admin;
    const listed = await admin.listFactors({ userId });
    const factors = listed.data?.factors ?? [];
    if (listed.error || factors.length === 0) {
      toast({
        title: listed.error ? dataMessage(listed.error) : text.noFactor,
        variant: listed.error ? 'destructive' : 'default',
      });
      return;
    }
    for (const factor of factors) {
      const removed = await admin.deleteFactor({ userId, id: factor.id });
      if (removed.error) {
        toast({ title: dataMessage(removed.error), variant: 'destructive' });
        return;
      }
    }
    toast({ title: text.resetFactorDone, variant: 'success' });
  };
  return (
    <Button variant="ghost" className="!px-2 !py-1 text-xs" onClick={() => void reset()}>
      {text.resetFactor}
    </Button>
  );
}
