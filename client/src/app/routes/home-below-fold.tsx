// The home page's sections below the slider, loaded after the first paint (see home.tsx).
// Imported from their own modules, not from the features' barrels, so the pages that show
// stored HTML (SafeHtml, DOMPurify) stay out.
import { UpcomingEvents } from '@/features/events/components/upcoming-events';
import { LatestMedia } from '@/features/media';
import { LatestIssues } from '@/features/sandesha';
import { QuickLinks } from '@/features/site/components/quick-links';

export default function HomeBelowFold() {
  return (
    <>
      <UpcomingEvents />
      <LatestMedia />
      <LatestIssues />
      <QuickLinks />
    </>
  );
}
