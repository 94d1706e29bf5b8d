// The standalone videos list's view, beside the albums on one page (its params are v.*): a
// title search and the status, newest first.
import { labelledOptions } from '@/components/data-table';
import { defineList, preset, NEWEST_FIRST } from '@/components/resource-list';
import { adminText } from '../../admin-text';

const t = adminText.video;

export const VIDEO_STATUSES = ['draft', 'published', 'archived'] as const;
/** '' every video, else one status. */
export type VideoFilters = { status: string };
export const VIDEO_FILTER_DEFAULTS: VideoFilters = { status: '' };
export const VIDEO_SORT = NEWEST_FIRST;

export const videoList = defineList<VideoFilters>({
  prefix: 'v',
  defaults: VIDEO_FILTER_DEFAULTS,
  sort: VIDEO_SORT,
  controls: () => [
    preset.search({ label: t.search }),
    preset.select('status', {
      label: t.status,
      allLabel: t.allStatuses,
      options: labelledOptions(VIDEO_STATUSES, t.statuses),
    }),
  ],
});
