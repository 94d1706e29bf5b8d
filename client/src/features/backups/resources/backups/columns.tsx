// The backups kept: when each was taken, by whom (nightly or by hand), its size and contents,
// whether it is encrypted, and Restore… (step one of two: into a new database, checked).
import type { BackupEntry } from '@havyaka/sdk';
import { ConfirmButton } from '@/components/confirm-button';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { formatDateTime, formatSize } from '@/lib/display-format';
import { sdk } from '@/lib/sdk';
import { useBackupAction } from '../../api/backups';
import { text } from '../../text';

function RestoreButton({ backup }: { backup: BackupEntry }) {
  const restore = useBackupAction(() => sdk().backups.restore(backup.id));
  return (
    <ConfirmButton
      variant="secondary"
      confirm={{
        title: text.restoreTitle,
        description: text.restoreBody,
        confirmLabel: text.restoreConfirm,
        destructive: false,
      }}
      action={() => restore.mutateAsync()}
      done={text.restoreStarted}
    >
      {text.restore}
    </ConfirmButton>
  );
}

const col = columnHelper<BackupEntry>();
export const backupColumns = (): DataTableColumn<BackupEntry>[] => [
  col.accessor('started_at', {
    header: text.columns.when,
    cell: ({ getValue }) => formatDateTime(getValue()),
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
