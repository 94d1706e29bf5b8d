// The home page's sections below the slider, loaded after the first paint (see home.tsx).
// Imported from their own modules, not from the features' barrels, so the pages that show
// stored HTML (SafeHtml, DOMPurify) stay out.
import type { QueryClient } from '@tanstack/react-query';
import { eventsQuery } from '@/features/events/api/events';
import { UpcomingEvents } from '@/features/events/components/upcoming-events';
import { LatestMedia } from '@/features/media';
import { albumsQuery } from '@/features/media/api/media';
import { LatestIssues } from '@/features/sandesha';
import { issuesQuery } from '@/features/sandesha/api/sandesha';
import { QuickLinks } from '@/features/site/components/quick-links';

const EVENTS = 3;
const ISSUES = 2;

/** Asks for the sections' data as soon as this chunk has loaded (home.tsx), before they render:
 *  their requests, and then their images, start one render earlier. */
export function prefetchBelowFold(queryClient: QueryClient) {
  void queryClient.prefetchQuery(eventsQuery({ upcomingOnly: true, limit: EVENTS }));
  void queryClient.prefetchQuery(albumsQuery());
  void queryClient.prefetchQuery(issuesQuery({ limit: ISSUES }));
}

export default function HomeBelowFold() {
  return (
    <>
      <UpcomingEvents limit={EVENTS} />
      <LatestMedia />
      <LatestIssues limit={ISSUES} />
      <QuickLinks />
    </>
  );
}
