// Loaded only for signed-in users.
export { NotificationBell as default } from '@/features/notifications';
