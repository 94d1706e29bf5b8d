// The staff albums list's columns: cover, title (opens the album's editor), published or
// draft, items, event and date.
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { formatDate, imageUrl } from '@/lib/images';
import { adminText as t } from '../../admin-text';
import type { AdminAlbum } from '../../api/admin-media';

/** The number of photos and videos in an album. */
export const countOf = (a: AdminAlbum) => a.media_items?.[0]?.count ?? 0;

const col = columnHelper<AdminAlbum>();
export function albumColumns(onOpen: (id: string) => void): DataTableColumn<AdminAlbum>[] {
  return [
    col.accessor('cover_image_url', {
      header: t.album.columns.cover,
      meta: { className: 'w-28' },
      cell: ({ getValue }) => {
        const cover = getValue();
        return cover ? (
          <img
            src={imageUrl(cover, { width: 160, height: 90 })}
            alt=""
            className="aspect-video w-24 rounded object-cover"
            loading="lazy"
          />
        ) : (
          <div className="aspect-video w-24 rounded bg-stone-200" />
        );
      },
    }),
    col.accessor('title', {
      header: t.album.columns.title,
      meta: { sort: true, cardTitle: true },
      cell: ({ row }) => (
        <button
          type="button"
          onClick={() => onOpen(row.original.id)}
          aria-label={t.album.open(row.original.title)}
          className="text-left font-semibold text-orange-800 hover:underline"
        >
          {row.original.title}
        </button>
      ),
    }),
    col.accessor('is_published', {
      header: t.album.columns.status,
      meta: { sort: true },
      cell: ({ getValue }) => (
        <Badge tone={getValue() ? 'success' : 'neutral'}>
          {getValue() ? t.album.live : t.album.draft}
        </Badge>
      ),
    }),
    col.display({
      id: 'items',
      header: t.album.columns.items,
      cell: ({ row }) => t.album.items(countOf(row.original)),
    }),
    col.display({
      id: 'event',
      header: t.album.columns.event,
      cell: ({ row }) => row.original.event?.title ?? '',
    }),
    col.accessor('album_date', {
      header: t.album.columns.date,
      meta: { sort: true, className: 'whitespace-nowrap' },
      cell: ({ getValue }) => (getValue() ? formatDate(getValue()!) : ''),
    }),
  ];
}
