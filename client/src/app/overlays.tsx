// The PWA's overlays and background work, loaded after the page: the service worker, the
// intro video, then the notification opt-in card, the install cards and engagement tracking,
// and the saving of the answers kept for offline use (lib/offline).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  InstallCards,
  IntroVideo,
  introSeen,
  NotificationPrompt,
  registerServiceWorker,
  useEngagementTracking,
} from '@/features/pwa';

export default function Overlays() {
  const [introDone, setIntroDone] = useState(introSeen);
  useEngagementTracking();
  const queryClient = useQueryClient();
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void import('@/lib/offline/saved-cache').then((m) => {
      if (live) stop = m.startSaving(queryClient);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [queryClient]);
  return (
    <>
      {!introDone && <IntroVideo onDone={() => setIntroDone(true)} />}
      <NotificationPrompt paused={!introDone} />
      <InstallCards />
    </>
  );
}
