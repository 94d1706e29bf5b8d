// Home: slider, upcoming events, latest media and Havyaka Sandesha, quick links.
// The home page is in the entry bundle, but only its top (the slider) is needed for the first
// paint: the sections below it load in their own chunk as the page renders (see
// home-below-fold.tsx), so the entry stays within the size budget (scripts/size.mjs).
import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { Slider } from '@/features/site/components/slider';

const Nothing: ComponentType = () => null;
// If the chunk cannot load (offline before the service worker cached it), the slider stays.
const BelowFold = lazy<ComponentType>(() =>
  import('./home-below-fold').catch(() => ({ default: Nothing })),
);

export function Component() {
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-6">
      <Slider />
      <Suspense fallback={<LoadingState rows={1} height="h-[420px] sm:h-[330px]" />}>
        <BelowFold />
      </Suspense>
    </div>
  );
}
