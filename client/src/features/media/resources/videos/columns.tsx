// The standalone videos list's columns: title, link, added, the status as a select, and the
// row's edit and delete.
import {
  CellSelect,
  columnHelper,
  labelledOptions,
  type DataTableColumn,
} from '@/components/data-table';
import { formatDate } from '@/lib/images';
import { adminText } from '../../admin-text';
import { useDeleteVideo, useSaveVideo, type AdminVideo } from '../../api/admin-media';
import { VIDEO_STATUSES } from './filters';
import { DeleteButton, EditButton } from '@/components/row-actions';

const t = adminText.video;
type VideoStatusName = (typeof VIDEO_STATUSES)[number];

function VideoStatus({ v }: { v: AdminVideo }) {
  const save = useSaveVideo();
  return (
    <CellSelect
      label={t.statusOf(v.title)}
      value={v.status as VideoStatusName}
      options={labelledOptions(VIDEO_STATUSES, t.statuses)}
      disabled={save.isPending}
      change={(status) => save.mutateAsync({ id: v.id, input: { status } })}
      done={() => t.saved}
    />
  );
}

function VideoActions({ v, onEdit }: { v: AdminVideo; onEdit: (v: AdminVideo) => void }) {
  const remove = useDeleteVideo();
  return (
    <div className="flex items-center gap-1">
      <EditButton label={t.edit(v.title)} onClick={() => onEdit(v)} className="!min-h-9" />
      <DeleteButton
        className="!min-h-9 text-red-700"
        aria-label={t.delete(v.title)}
        disabled={remove.isPending}
        confirm={{ title: t.confirmDelete(v.title), confirmLabel: t.deleteLabel }}
        action={() => remove.mutateAsync(v)}
        done={t.deleted}
      />
    </div>
  );
}

const col = columnHelper<AdminVideo>();
export function videoColumns(onEdit: (v: AdminVideo) => void): DataTableColumn<AdminVideo>[] {
  return [
    col.accessor('title', {
      header: t.columns.title,
      meta: { sort: true, cardTitle: true, className: 'font-semibold' },
    }),
    col.accessor('video_url', {
      header: t.columns.url,
      meta: { className: 'max-w-xs' },
      cell: ({ getValue }) => (
        <a
          href={getValue()}
          target="_blank"
          rel="noreferrer"
          className="block truncate text-sm text-orange-900 underline"
        >
          {getValue()}
        </a>
      ),
    }),
    col.accessor('created_at', {
      header: t.columns.added,
      meta: { sort: true, className: 'whitespace-nowrap' },
      cell: ({ getValue }) => formatDate(getValue()),
    }),
    col.accessor('status', {
      header: t.columns.status,
      meta: { sort: true },
      cell: ({ row }) => <VideoStatus v={row.original} />,
    }),
    col.display({
      id: 'actions',
      header: t.columns.actions,
      cell: ({ row }) => <VideoActions v={row.original} onEdit={onEdit} />,
    }),
  ];
}
