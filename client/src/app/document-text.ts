// What the site says outside the React app: index.html's title, description and <noscript>,
// the offline page (offline.html, shown by the service worker when a page cannot load), the web
// app manifest, and the title of a push notification that brings none. The build writes them
// into those files (scripts/document-text.ts). Kannada: document-text.kn.ts (the offline page
// shows both languages; the manifest carries the Kannada as its localised name and description).
export const documentText = {
  title: 'Havyaka Community Mumbai',
  description:
    'The Havyaka community trust in Mumbai: events, galleries, Havyaka Sandesha, the business directory and community services.',
  noscript: 'The Havyaka community website needs JavaScript.',
  offlineTitle: 'Offline · Havyaka Community Mumbai',
  offlineHeading: "You're offline",
  offlineBody: 'Some features may not work properly. Please check your connection.',
  offlineRetry: 'Try again',
  appName: 'Havyaka Community Mumbai',
  appShortName: 'Havyaka',
  appDescription:
    'Events, galleries, Havyaka Sandesha, the business directory and community services of the Havyaka trust in Mumbai.',
  notificationTitle: 'Havyaka Community',
} as const;
