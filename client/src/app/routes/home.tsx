// Home: slider, upcoming events, latest media and Havyaka Sandesha, quick links.
// The home page is in the entry bundle, but only its top (the slider) is needed for the first
// paint: the sections below it load in their own chunk as the page renders (see
// home-below-fold.tsx) once the slider's image has painted, so the entry stays within the size
// budget (scripts/size.mjs) and their requests never delay the hero.
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoadingState } from '@/components/ui/loading-state';
import { Slider } from '@/features/site/components/slider';
import { afterHero, markHeroSettled } from '../hero';

const Nothing: ComponentType = () => null;
const loadBelowFold = () => import('./home-below-fold');
// If the chunk cannot load (offline before the service worker cached it), the slider stays.
const BelowFold = lazy<ComponentType>(() => loadBelowFold().catch(() => ({ default: Nothing })));

export function Component() {
  const queryClient = useQueryClient();
  // The sections below load once the slider's image has painted (hero.ts), so their requests
  // do not queue before it; their data is asked for as soon as their chunk is here.
  const [heroDone, setHeroDone] = useState(false);
  useEffect(() => {
    let live = true;
    void afterHero()
      .then(loadBelowFold)
      .then(({ prefetchBelowFold }) => live && prefetchBelowFold(queryClient))
      .catch(() => {})
      // A transition: the sections render in short slices, not one long task.
      .then(() => live && startTransition(() => setHeroDone(true)));
    return () => {
      live = false;
    };
  }, [queryClient]);
  const placeholder = <LoadingState rows={1} height="h-[420px] sm:h-[330px]" />;
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-6">
      <Slider onSettled={markHeroSettled} />
      {heroDone ? (
        <Suspense fallback={placeholder}>
          <BelowFold />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
