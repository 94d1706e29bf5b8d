// Home: slider, upcoming events, latest media and Havyaka Sandesha, quick links.
// The home page is in the entry bundle: its sections are imported from their own modules, not
// from the features' barrels, so the pages that show stored HTML (SafeHtml, DOMPurify) stay out.
import { UpcomingEvents } from '@/features/events/components/upcoming-events';
import { LatestMedia } from '@/features/media';
import { LatestIssues } from '@/features/sandesha';
import { QuickLinks } from '@/features/site/components/quick-links';
import { Slider } from '@/features/site/components/slider';

export function Component() {
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-6">
      <Slider />
      <UpcomingEvents />
      <LatestMedia />
      <LatestIssues />
      <QuickLinks />
    </div>
  );
}
