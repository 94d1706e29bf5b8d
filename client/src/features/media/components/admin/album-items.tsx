// An album's items in their order: thumbnails, drag or arrows to reorder, the cover, delete.
import { ArrowDown, ArrowUp, Film, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { EmptyState } from '@/components/ui/states';
import { imageUrl } from '@/lib/images';
import { adminText as t } from '@/features/media/admin-text';
import { moved, useItemActions, type AdminItem } from '@/features/media/api/admin-media';
import { DeleteButton } from '@/components/row-actions';

const iconButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-md bg-white/90 text-stone-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-orange-800 disabled:opacity-40';

export function AlbumItems({
  albumId,
  items,
  cover,
}: {
  albumId: string;
  items: AdminItem[];
  cover: string | null;
}) {
  const actions = useItemActions(albumId);
  const [order, setOrder] = useState<AdminItem[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = order ?? items;

  const commit = (next: AdminItem[]) => {
    setOrder(next);
    actions.reorder.mutate(next, { onSettled: () => setOrder(null) });
  };

  if (items.length === 0) return <EmptyState title={t.item.empty}>{t.item.emptyBody}</EmptyState>;
  return (
    <div>
      <p className="mb-2 text-sm text-stone-600">{t.item.dragHint}</p>
      <ol
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        data-testid="album-items"
      >
        {shown.map((item, i) => {
          const n = i + 1;
          const isCover = !!cover && cover === item.media_url;
          return (
            <li
              key={item.id}
              draggable
              onDragStart={() => setDragging(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragging !== null && dragging !== i) commit(moved(shown, dragging, i));
                setDragging(null);
              }}
              className={`relative overflow-hidden rounded-lg border bg-stone-100 ${isCover ? 'border-amber-500 ring-2 ring-amber-400' : 'border-stone-200'} ${dragging === i ? 'opacity-50' : ''}`}
            >
              {item.media_type === 'photo' ? (
                <img
                  src={imageUrl(item.media_url, { width: 320, height: 240 })}
                  alt={item.title ?? ''}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : (
                <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-stone-800 text-white">
                  <Film className="h-8 w-8" aria-hidden />
                  <span className="text-xs">{t.item.video}</span>
                </div>
              )}
              <div className="absolute top-1 left-1 flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={t.item.up(n)}
                  disabled={i === 0}
                  onClick={() => commit(moved(shown, i, i - 1))}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={t.item.down(n)}
                  disabled={i === shown.length - 1}
                  onClick={() => commit(moved(shown, i, i + 1))}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </button>
              </div>
              <div className="absolute top-1 right-1 flex gap-1">
                {item.media_type === 'photo' && (
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t.item.makeCoverOf(n)}
                    aria-pressed={isCover}
                    onClick={() =>
                      actions.setCover.mutate(item.media_url, {
                        onSuccess: () => toast({ title: t.item.coverSet, variant: 'success' }),
                      })
                    }
                  >
                    <Star
                      className={`h-4 w-4 ${isCover ? 'fill-amber-500 text-amber-600' : ''}`}
                      aria-hidden
                    />
                  </button>
                )}
                <DeleteButton
                  variant={null}
                  className={`${iconButton} text-red-700`}
                  aria-label={t.item.delete(n)}
                  confirm={{ title: t.item.confirmDelete, confirmLabel: t.item.deleteLabel }}
                  action={() => actions.remove.mutateAsync(item.id)}
                  done={t.item.deleted}
                />
              </div>
              <p className="truncate px-2 py-1 text-xs text-stone-700">
                {isCover && (
                  <span className="mr-1 font-semibold text-amber-800">{t.item.cover} ·</span>
                )}
                {item.title ?? `#${n}`}
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
