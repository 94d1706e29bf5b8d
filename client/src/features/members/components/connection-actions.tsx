// What a member can do about another member: Connect, Accept / Decline a request they
// received, Withdraw a request they sent, Remove a connection they asked for. Only the
// requested member answers, only the requester withdraws (the database's rules).
import { useConfirm } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { errorToast } from '@/lib/errors';
import { useConnectionAction, type ConnectionAction, type NetworkEntry } from '../api/network';
import { text } from '../text';

export function ConnectionActions({ entry, userId }: { entry: NetworkEntry; userId: string }) {
  const action = useConnectionAction();
  const confirm = useConfirm();
  if (entry.is_self || !entry.user_id) return null;
  const name = entry.full_name;
  const run = (a: ConnectionAction, success: { title: string; description?: string }) =>
    action.mutate(a, {
      onSuccess: () => toast({ ...success, variant: 'success' }),
      onError: (error) => toast({ ...errorToast(error), variant: 'destructive' }),
    });
  const busy = action.isPending;
  const id = entry.connection_id;
  const status = entry.connection_status;

  if (!id)
    return (
      <Button
        disabled={busy}
        onClick={() =>
          run(
            { kind: 'request', userId, requestedId: entry.user_id! },
            { title: text.sent, description: text.requestSentToast(name) },
          )
        }
      >
        {text.connect}
      </Button>
    );
  if (status === 'pending' && !entry.requested_by_me)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="info">{text.received}</Badge>
        <Button
          disabled={busy}
          onClick={() =>
            run(
              { kind: 'accept', id },
              { title: text.connected, description: text.acceptedToast(name) },
            )
          }
        >
          {text.accept}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => run({ kind: 'decline', id }, { title: text.declinedToast })}
        >
          {text.decline}
        </Button>
      </div>
    );
  const label =
    status === 'accepted' ? text.connected : status === 'pending' ? text.sent : text.declined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge
        tone={status === 'accepted' ? 'success' : status === 'pending' ? 'warning' : 'neutral'}
      >
        {label}
      </Badge>
      {entry.requested_by_me && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={async () => {
            const accepted = status === 'accepted';
            const ok = await confirm({
              title: accepted ? text.removeTitle(name) : text.withdrawTitle(name),
              description: accepted ? text.removeBody : undefined,
              confirmLabel: accepted ? text.remove : text.withdraw,
              destructive: true,
            });
            if (ok)
              run(
                { kind: 'withdraw', id },
                { title: accepted ? text.removedToast : text.withdrawnToast },
              );
          }}
        >
          {status === 'accepted' ? text.remove : text.withdraw}
        </Button>
      )}
    </div>
  );
}
