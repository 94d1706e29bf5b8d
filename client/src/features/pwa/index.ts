export { InstallCards } from './components/install-card';
export {
  NotificationPrompt,
  enableNotifications,
  StatusBadge,
} from './components/notification-prompt';
export { IntroVideo, introSeen } from './components/intro-video';
export { useEngagementTracking } from './engagement';
export { registerServiceWorker } from './register-sw';
export { captureInstallPrompt } from './install-prompt';
export { engagementScore } from './analytics';
