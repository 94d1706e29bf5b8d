import { kannada } from '@/lib/i18n/words';

export const text = {
  install: {
    title: 'Install the Havyaka app',
    body: 'Add the community app to your home screen: it opens fast, works offline and can notify you of events.',
    accept: 'Install',
    dismiss: 'Not now',
    installedTitle: 'App installed',
    installedBody: 'The Havyaka app is on your home screen. Open it any time, even offline.',
    close: 'Close',
  },
  notifications: {
    title: 'Stay informed',
    body: 'Get a notification when new events, albums or Havyaka Sandesha issues are published.',
    enable: 'Enable notifications',
    dismiss: 'Maybe later',
    status: 'Status',
    enabled: 'Enabled',
    blocked: 'Blocked',
    notRequested: 'Not Requested',
    notSupported: 'Notifications Not Supported',
    notSupportedBody:
      'Your browser does not support notifications. Please use Chrome, Firefox or Edge.',
    swNotSupported: 'Service Worker Not Supported',
    swNotSupportedBody: 'Your browser cannot receive notifications from this site.',
    blockedTitle: 'Notifications Blocked',
    blockedBody: 'Notifications are blocked. Enable them in your browser’s site settings.',
    cancelled: 'Permission Request Cancelled',
    cancelledBody: 'You can enable notifications later from this card or your browser settings.',
    error: 'Error',
    errorBody: 'Failed to enable notifications.',
    enabledTitle: 'Notifications Enabled',
    enabledBody: 'You will be notified of new events, albums and Havyaka Sandesha issues.',
    welcome: 'Welcome to Havyaka notifications',
    welcomeBody: 'You will hear from us when something new is published.',
  },
  intro: {
    label: 'Introduction video',
    loading: 'Loading video…',
    skip: 'Skip Intro',
    close: 'Close video',
    mute: 'Mute',
    unmute: 'Unmute',
    progress: 'Video progress',
  },
} as const;

kannada({ text }, () => import('./text.kn'));
