// Every string of the admin test page.
import { kannada } from '@/lib/i18n/words';

export const testText = {
  title: 'Test Page',
  intro: 'The system’s state as this browser sees it, and a test notification to yourself.',
  refresh: 'Check again',
  checks: {
    server: 'Server',
    database: 'Database and migrations',
    auth: 'Accounts service',
    storage: 'File storage',
    push: 'Push keys',
    worker: 'This browser',
  },
  ok: 'OK',
  failed: 'Not working',
  checking: 'Checking…',
  ms: (n: number) => `${n} ms`,
  buckets: (n: number) => `${n} buckets`,
  pushKey: 'A VAPID public key is configured',
  noPushKey: 'No push key: pushes cannot be sent',
  browser: (sw: boolean, permission: string) =>
    `Service worker ${sw ? 'active' : 'not active'} · notifications ${permission}`,
  testPush: 'Send me a test notification',
  testSent: (devices: number) =>
    devices > 0
      ? `Test notification sent to your ${devices} ${devices === 1 ? 'device' : 'devices'} and your bell`
      : 'Test notification sent to your bell (no device of yours allows notifications yet)',
  bucketTable: 'Buckets',
  columns: { bucket: 'Bucket', access: 'Access', limit: 'Size limit', types: 'Types' },
  public: 'Public',
  megabytes: (n: number) => `${n} MB`,
  private: 'Private',
} as const;

kannada({ testText }, () => import('./test-text.kn'));
