// The personal calendar feed screen's words (/events/my-calendar).
import { kannada } from '@/lib/i18n/words';

export const feedText = {
  title: 'Your events calendar',
  intro:
    'Subscribe once, and the events you register for appear in your phone’s calendar and stay up to date: new registrations, changed times, cancellations.',
  none: 'You have no calendar link yet.',
  make: 'Create my calendar link',
  linkLabel: 'Your private calendar link',
  linkHint:
    'Keep it to yourself: anyone with this link sees which events you registered for. Nothing else about you is in it.',
  copy: 'Copy link',
  copied: 'Link copied',
  copiedBody: 'Paste it into your calendar app.',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  openInApp: 'Open in my calendar app',
  renew: 'Make a new link',
  renewConfirm: 'Make a new link? The old one stops working: calendars using it stop updating.',
  renewed: 'New link made',
  revoke: 'Turn off the link',
  revokeConfirm: 'Turn off your calendar link? Calendars using it stop updating.',
  revoked: 'Calendar link turned off',
  made: 'Calendar link created',
  howTo: 'How to add it',
  android: {
    title: 'Android phone or Google Calendar',
    steps: [
      'Copy the link above.',
      'On a computer, open calendar.google.com (the Google Calendar app cannot add a link).',
      'Next to “Other calendars”, choose + and then “From URL”.',
      'Paste the link and choose “Add calendar”. It appears on your phone too, in a few minutes.',
    ],
  },
  iphone: {
    title: 'iPhone or iPad',
    steps: [
      'Tap “Open in my calendar app” above and choose “Subscribe”.',
      'Or: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar, and paste the link.',
    ],
  },
  outlook: {
    title: 'Outlook',
    steps: [
      'Copy the link above.',
      'In Outlook on the web, choose “Add calendar”, then “Subscribe from web”.',
      'Paste the link, give it a name and choose “Import”.',
    ],
  },
  updates: 'Calendar apps check for changes on their own, every few hours.',
  loadError: 'Your calendar link could not be loaded.',
} as const;

kannada({ feedText }, () => import('./feed-text.kn'));
