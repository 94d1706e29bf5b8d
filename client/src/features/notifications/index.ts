export { NotificationBell } from './components/notification-bell';
export { badgeText, notificationTarget, notificationKeys } from './api/notifications';
