// Every text of /notifications/settings.
import { kannada } from '@/lib/i18n/words';

export const settingsText = {
  title: 'Notification Settings',
  intro: 'Choose what the trust tells you about, and whether this device shows it.',
  device: 'Push notifications on this device',
  deviceBody: 'Shown even when the site is closed. Each browser or phone is enabled on its own.',
  enable: 'Enable on this device',
  blockedHelp:
    'Notifications are blocked for this site: allow them in your browser’s site settings.',
  kindsTitle: 'What you want to hear about',
  kindsBody: 'Applies to the bell and to every push on the devices you are signed in on.',
  saved: 'Notification settings saved',
  kinds: {
    event: { title: 'Events', body: 'New events and your event registrations.' },
    photo: { title: 'Photos and videos', body: 'New albums in the gallery.' },
    sandesha: { title: 'Havyaka Sandesha', body: 'Each new issue of the periodical.' },
    registration: {
      title: 'Applications',
      body: 'Decisions on your applications (and, for admins, new ones).',
    },
    other: { title: 'Other notices', body: 'Announcements from the trust office.' },
  },
} as const;

kannada({ settingsText }, () => import('./settings-text.kn'));
