import { kannada } from '@/lib/i18n/words';

export const text = {
  bell: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  title: 'Notifications',
  markAllRead: 'Mark all read',
  allMarked: 'All notifications marked as read',
  empty: 'No notifications yet',
  emptyBody: 'News about events, albums and Havyaka Sandesha will appear here.',
  loadError: 'Notifications could not be loaded.',
  remove: (title: string) => `Delete notification: ${title}`,
  unreadLabel: 'Unread',
  settings: 'Notification settings',
} as const;

kannada({ text }, () => import('./text.kn'));
