// Home: slider, upcoming events, latest media and Havyaka Sandesha, quick links.
import { UpcomingEvents } from '@/features/events';
import { LatestMedia } from '@/features/media';
import { LatestIssues } from '@/features/sandesha';
import { QuickLinks, Slider } from '@/features/site';

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
