// Install and engagement records (spec §3), kept locally (the last 10 installs and 20
// engagement records, spec §9) and sent to pwa_analytics; failures are ignored.
import { readLocal, sessionId, writeLocal } from '@/lib/storage';
import { sdk } from '@/lib/sdk';

export interface InstallRecord {
  timestamp: string;
  userAgent: string;
  platform: string;
  installMethod: string;
  sessionId: string;
  userId: string | null;
  referrer: string;
  displayMode: string;
}

export interface EngagementRecord {
  eventType: string;
  timeOnSite: number;
  pageVisits: number;
  interactions: number;
  additionalData: Record<string, unknown>;
}

export const INSTALLS_KEY = 'havyaka:pwa-installs';
export const ENGAGEMENT_KEY = 'havyaka:pwa-engagement';
export const RECENT_INSTALLS = 10;
export const RECENT_ENGAGEMENT = 20;

export function displayMode(): string {
  if (window.matchMedia?.('(display-mode: standalone)').matches) return 'standalone';
  if ((navigator as { standalone?: boolean }).standalone) return 'standalone';
  return 'browser';
}

/** One point each for over 30 s on site, more than 2 page visits, more than 5 interactions. */
export function engagementScore(
  r: Pick<EngagementRecord, 'timeOnSite' | 'pageVisits' | 'interactions'>,
): number {
  return (r.timeOnSite > 30 ? 1 : 0) + (r.pageVisits > 2 ? 1 : 0) + (r.interactions > 5 ? 1 : 0);
}

async function send(eventType: string, data: object) {
  try {
    await sdk()
      .from('pwa_analytics')
      .insert({
        event_type: eventType,
        data: data as never,
        timestamp: new Date().toISOString(),
        session_id: sessionId(),
      });
  } catch {
    // analytics never disturb the app
  }
}

export function installRecord(installMethod: string, userId: string | null): InstallRecord {
  return {
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent,
    platform:
      (navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform ??
      navigator.platform ??
      '',
    installMethod,
    sessionId: sessionId(),
    userId,
    referrer: document.referrer,
    displayMode: displayMode(),
  };
}

export function recordInstall(record: InstallRecord) {
  writeLocal(
    INSTALLS_KEY,
    [record, ...readLocal<InstallRecord[]>(INSTALLS_KEY, [])].slice(0, RECENT_INSTALLS),
  );
  return send('install', record);
}

export function recordEngagement(record: EngagementRecord) {
  writeLocal(
    ENGAGEMENT_KEY,
    [record, ...readLocal<EngagementRecord[]>(ENGAGEMENT_KEY, [])].slice(0, RECENT_ENGAGEMENT),
  );
  return send('engagement', record);
}
