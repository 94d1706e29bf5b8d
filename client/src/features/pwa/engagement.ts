// Engagement (spec §3, §9): time on site, page visits and interactions of this visit; sent
// when the page is hidden (at most once a minute) and whenever the score rises.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { engagementScore, recordEngagement } from './analytics';

export function useEngagementTracking() {
  const { pathname } = useLocation();
  const state = useRef({
    start: Date.now(),
    pageVisits: 0,
    interactions: 0,
    lastSent: 0,
    lastScore: 0,
  });

  useEffect(() => {
    state.current.pageVisits += 1;
  }, [pathname]);

  useEffect(() => {
    const s = state.current;
    const snapshot = () => ({
      timeOnSite: Math.round((Date.now() - s.start) / 1000),
      pageVisits: s.pageVisits,
      interactions: s.interactions,
    });
    const send = (reason: string) => {
      const now = snapshot();
      const score = engagementScore(now);
      s.lastSent = Date.now();
      s.lastScore = score;
      void recordEngagement({
        eventType: 'engagement',
        ...now,
        additionalData: { score, reason, path: location.pathname },
      });
    };
    const interact = () => {
      s.interactions += 1;
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && Date.now() - s.lastSent > 60_000) send('hidden');
    };
    const check = setInterval(() => {
      if (engagementScore(snapshot()) > s.lastScore) send('score');
    }, 15_000);
    window.addEventListener('click', interact, { passive: true });
    window.addEventListener('keydown', interact, { passive: true });
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      clearInterval(check);
      window.removeEventListener('click', interact);
      window.removeEventListener('keydown', interact);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, []);
}

/** How long on the site counts as engagement when nothing else did. */
export const ENGAGED_AFTER_MS = 30_000;
const ENGAGED = 'havyaka:engaged';

/**
 * Whether this visit is engaged enough to be offered the app (an install offer at page load only
 * covers what the person came to read): a second page, a click or a key, or 30 s on the site.
 * Kept for the browser tab's session once true.
 */
export function useEngaged(): boolean {
  const { pathname } = useLocation();
  const landing = useRef(pathname);
  const [earlier, setEngaged] = useState(() => sessionStorage.getItem(ENGAGED) === '1');
  const engaged = earlier || pathname !== landing.current;
  useEffect(() => {
    if (engaged) {
      sessionStorage.setItem(ENGAGED, '1');
      return;
    }
    const engage = () => setEngaged(true);
    const timer = setTimeout(engage, ENGAGED_AFTER_MS);
    window.addEventListener('click', engage, { passive: true });
    window.addEventListener('keydown', engage, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('click', engage);
      window.removeEventListener('keydown', engage);
    };
  }, [engaged]);
  return engaged;
}
