// One restore: its progress, its checks once done, and the second step (Switch) or Discard.
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { RestoreRecord } from '@havyaka/sdk';
import { ConfirmButton } from '@/components/confirm-button';
import { Card } from '@/components/ui/states';
import { sdk } from '@/lib/sdk';
import { useBackupAction, useRestore } from '../api/backups';
import { text } from '../text';

/** The restores whose own record is read: the overview's list leaves out their checks. */
const DETAILED: readonly RestoreRecord['status'][] = ['running', 'verified', 'failed'];

export function RestoreCard({ initial }: { initial: RestoreRecord }) {
  const live = useRestore(DETAILED.includes(initial.status) ? initial.id : null);
  const restore = live.data ?? initial;
  const switchTo = useBackupAction(() => sdk().backups.switchTo(restore.id));
  const discard = useBackupAction(() => sdk().backups.discard(restore.id));
  const status = restore.interrupted ? 'interrupted' : restore.status;
  const summary = restore.summary ?? {};
  return (
    <Card className="space-y-3">
      <div data-testid="restore" data-status={status}>
        <p className="font-semibold">{text.restoreOf(restore.backup_id, restore.database_name)}</p>
        <p className="flex items-center gap-2 text-sm text-stone-700">
          {status === 'running' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {text.restoreStatus[status]}
          {restore.error ? `: ${restore.error}` : ''}
        </p>
      </div>
      {summary.checks && (
        <div>
          <h3 className="text-sm font-semibold">{text.checks}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {summary.checks.map((check) => (
              <li
                key={check.name}
                className="flex items-start gap-2"
                data-testid="restore-check"
                data-ok={check.ok}
              >
                {check.ok ? (
                  <CheckCircle2
                    className="mt-0.5 h-4 w-4 text-emerald-700"
                    aria-label={text.checkOk}
                  />
                ) : (
                  <XCircle className="mt-0.5 h-4 w-4 text-red-700" aria-label={text.checkFailed} />
                )}
                <span>
                  <span className="font-medium">{check.name}</span>: {check.detail}
                </span>
              </li>
            ))}
          </ul>
          {summary.tables !== undefined && (
            <p className="mt-1 text-sm text-stone-600">
              {text.summary(
                summary.tables,
                summary.rows ?? 0,
                Math.round((summary.duration_ms ?? 0) / 1000),
              )}
            </p>
          )}
        </div>
      )}
      {(status === 'verified' || status === 'failed') && (
        <div className="flex flex-wrap gap-2">
          {status === 'verified' && (
            <ConfirmButton
              variant="danger"
              confirm={{
                title: text.switchTitle,
                description: text.switchBody,
                confirmLabel: text.switchConfirm,
              }}
              action={() => switchTo.mutateAsync()}
              done={text.switched}
            >
              {text.switchTo}
            </ConfirmButton>
          )}
          <ConfirmButton
            variant="secondary"
            confirm={{
              title: text.discardTitle,
              description: text.discardBody,
              confirmLabel: text.discard,
              destructive: false,
            }}
            action={() => discard.mutateAsync()}
            done={text.discarded}
          >
            {text.discard}
          </ConfirmButton>
        </div>
      )}
    </Card>
  );
}
