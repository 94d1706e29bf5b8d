// /admin/backups (super admins): when the last backup and the last verified restore were, the
// backups kept, a backup or a restore drill now, and restores in two steps: into a new
// database and checked, then (only on "Switch") the live service moved to it.
import { DatabaseBackup, RefreshCw, ShieldCheck } from 'lucide-react';
import type { BackupEntry } from '@havyaka/sdk';
import { columnHelper, DataTable, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Card, ErrorState, LoadingState, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/confirm-dialog';
import { dataMessage } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { daysSince, formatSize, useBackupAction, useBackups } from '../api/backups';
import { RestoreCard } from '../components/restore-card';
import { text } from '../text';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function RestoreButton({ backup }: { backup: BackupEntry }) {
  const confirm = useConfirm();
  const restore = useBackupAction(() => sdk().backups.restore(backup.id));
  return (
    <Button
      variant="secondary"
      disabled={restore.isPending}
      onClick={async () => {
        const ok = await confirm({
          title: text.restoreTitle,
          description: text.restoreBody,
          confirmLabel: text.restoreConfirm,
        });
        if (!ok) return;
        try {
          await restore.mutateAsync();
          toast({ title: text.restoreStarted, variant: 'success' });
        } catch (error) {
          toast({
            title: text.actionError,
            description: dataMessage(error),
            variant: 'destructive',
          });
        }
      }}
    >
      {text.restore}
    </Button>
  );
}

const col = columnHelper<BackupEntry>();
const columns: DataTableColumn<BackupEntry>[] = [
  col.accessor('started_at', {
    header: text.columns.when,
    cell: ({ getValue }) => when(getValue()),
    meta: { cardTitle: true },
  }),
  col.accessor('kind', {
    header: text.columns.kind,
    cell: ({ getValue }) => text.kinds[getValue()] ?? getValue(),
  }),
  col.accessor('size', {
    header: text.columns.size,
    cell: ({ getValue }) => formatSize(getValue()),
  }),
  col.accessor('tables', { header: text.columns.tables }),
  col.accessor('rows', { header: text.columns.rows }),
  col.accessor('files', { header: text.columns.files }),
  col.accessor('encrypted', {
    header: text.columns.encryption,
    cell: ({ getValue }) => (getValue() ? text.encrypted : text.plain),
  }),
  col.display({
    id: 'actions',
    header: text.columns.actions,
    cell: ({ row }) => <RestoreButton backup={row.original} />,
  }),
];

export function Component() {
  const overview = useBackups(false);
  const running =
    !!overview.data?.restores.some((r) => r.status === 'running' && !r.interrupted) ||
    !!overview.data?.jobs.some((j) => j.running);
  const polled = useBackups(running);
  const data = polled.data ?? overview.data;
  const backUp = useBackupAction(() => sdk().backups.create());
  const drill = useBackupAction(() => sdk().backups.drill());
  const start = async (
    action: { mutateAsync: () => Promise<unknown> },
    title: string,
    description: string,
  ) => {
    try {
      await action.mutateAsync();
      toast({ title, description, variant: 'success' });
    } catch (error) {
      toast({ title: text.actionError, description: dataMessage(error), variant: 'destructive' });
    }
  };
  if (overview.isPending) return <LoadingState rows={4} />;
  if (overview.isError || !data) {
    return (
      <ErrorState
        title={text.loadError}
        message={dataMessage(overview.error)}
        onRetry={() => overview.refetch()}
      />
    );
  }
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
                ? `${text.lastBackup}: ${when(latest.finished_at)}`
                : text.lastBackupNever}
          </p>
          {nextBackup && (
            <p className="text-sm text-stone-600">
              {text.nextBackup(when(nextBackup.next_run_at))}
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
        <Button variant="ghost" onClick={() => polled.refetch()}>
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
          <DataTable
            label={text.listTitle}
            columns={columns}
            rows={data.backups}
            getRowId={(row) => row.id}
            emptyTitle={text.empty}
          />
        </div>
      </section>
    </div>
  );
}
