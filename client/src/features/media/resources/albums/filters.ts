// The staff albums list's view: a title search and published or draft, in the gallery's order
// (sort_order, then the newest), 25 a page.
import { defineList, preset } from '@/components/resource-list';
import { adminText as t } from '../../admin-text';

/** '' every album, 'published' or 'draft'. */
export type AlbumFilters = { shown: string };
export const ALBUM_FILTER_DEFAULTS: AlbumFilters = { shown: '' };
/** The gallery's order: sort_order, then the newest. */
export const ALBUM_SORT = { id: 'sort_order', desc: false };

export const albumList = defineList<AlbumFilters>({
  defaults: ALBUM_FILTER_DEFAULTS,
  sort: ALBUM_SORT,
  controls: () => [
    preset.search({ label: t.album.search }),
    preset.select('shown', {
      label: t.album.shown,
      allLabel: t.album.allAlbums,
      options: [
        { value: 'published', label: t.album.live },
        { value: 'draft', label: t.album.draft },
      ],
    }),
  ],
});
