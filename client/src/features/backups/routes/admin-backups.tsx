// /admin/backups (super admins): when the last backup and the last verified restore were, the
// backups kept, a backup or a restore drill now, and restores in two steps: into a new
// database and checked, then (only on "Switch") the live service moved to it.
import { DatabaseBackup, RefreshCw, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { loaded } from '@/components/ui/query-state';
import { Card, LoadingState, PageHeader } from '@/components/ui/states';
import { toastWhenDone } from '@/components/ui/toast';
import { daysSince, formatDateTime } from '@/lib/display-format';
import { sdk } from '@/lib/sdk';
import { outcomeOf, useBackupAction, useBackupList, useBackups } from '../api/backups';
import { RestoreCard } from '../components/restore-card';
import { backupColumns } from '../resources/backups/columns';
import { text } from '../text';

export function Component() {
  // The overview's outcome when a backup or drill was started here: polled until it changes.
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const overview = useBackups(awaiting);
  const backups = useBackupList();
  const backUp = useBackupAction(() => sdk().backups.create());
  const drill = useBackupAction(() => sdk().backups.drill());
  const ready = loaded(overview, {
    loading: <LoadingState rows={4} />,
    errorTitle: text.loadError,
  });
  if (!ready.ok) return ready.fallback;
  const data = ready.data;

  const start = (
    action: { mutateAsync: () => Promise<unknown> },
    title: string,
    description: string,
  ) => {
    setAwaiting(outcomeOf(data));
    const work = action.mutateAsync();
    work.catch(() => setAwaiting(null));
    void toastWhenDone(work, title, description);
  };
  const verifiedDays = daysSince(data.last_verified_restore_at);
  const latest = data.backups[0];
  const nextBackup = data.jobs.find((j) => j.name === 'backup');
  return (
    <div>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <DatabaseBackup className="h-6 w-6 text-orange-800" aria-hidden />
          <p className="mt-2 font-semibold" data-testid="last-backup">
            {data.last_backup_run && !data.last_backup_run.ok
              ? text.lastBackupFailed
              : latest
                ? `${text.lastBackup}: ${formatDateTime(latest.finished_at)}`
                : text.lastBackupNever}
          </p>
          {nextBackup && (
            <p className="text-sm text-stone-600">
              {text.nextBackup(formatDateTime(nextBackup.next_run_at))}
            </p>
          )}
        </Card>
        <Card>
          <ShieldCheck className="h-6 w-6 text-orange-800" aria-hidden />
          <p className="mt-2 font-semibold" data-testid="last-verified-restore">
            {verifiedDays === null ? text.neverVerified : text.lastVerified(verifiedDays)}
          </p>
          {data.last_drill && !data.last_drill.ok && (
            <p className="text-sm text-red-700" role="alert">
              {text.lastDrillFailed}: {data.last_drill.error}
            </p>
          )}
        </Card>
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        <Button
          disabled={backUp.isPending}
          onClick={() => start(backUp, text.backupStarted, text.backupStartedBody)}
        >
          {text.backUpNow}
        </Button>
        <Button
          variant="secondary"
          disabled={drill.isPending}
          onClick={() => start(drill, text.drillStarted, text.drillStartedBody)}
        >
          {text.drillNow}
        </Button>
        <Button variant="ghost" onClick={() => void overview.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden /> {text.refresh}
        </Button>
      </div>
      {data.restores.length > 0 && (
        <section className="mt-8">
          <h2 className="font-serif text-xl font-bold">{text.restoresTitle}</h2>
          <div className="mt-3 space-y-3">
            {data.restores.map((restore) => (
              <RestoreCard key={`${restore.id}-${restore.status}`} initial={restore} />
            ))}
          </div>
        </section>
      )}
      <section className="mt-8">
        <h2 className="font-serif text-xl font-bold">{text.listTitle}</h2>
        <div className="mt-3">
          <ResourceList
            query={backups}
            label={text.listTitle}
            columns={backupColumns()}
            getRowId={(row) => row.id}
            empty={{ title: text.empty }}
          />
        </div>
      </section>
    </div>
  );
}
