// The PWA's overlays and background work, loaded after the page: the service worker, the
// intro video, then the notification opt-in card, the install cards and engagement tracking.
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
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  return (
    <>
      {!introDone && <IntroVideo onDone={() => setIntroDone(true)} />}
      <NotificationPrompt paused={!introDone} />
      <InstallCards />
    </>
  );
}
