import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  brand: 'ಹವ್ಯಕ ಆಡಳಿತ',
  sidebarNav: 'ಆಡಳಿತ',
  toggleSidebar: 'ಪಕ್ಕದ ಪಟ್ಟಿ ತೆರೆ/ಮುಚ್ಚು (Ctrl+B)',
  openMenu: 'ಆಡಳಿತ ಮೆನು ತೆರೆಯಿರಿ',
  closeMenu: 'ಆಡಳಿತ ಮೆನು ಮುಚ್ಚಿ',
  logout: 'ಲಾಗ್ ಔಟ್',
  help: 'ಸಹಾಯ',
  helpBody: 'ಪ್ರಶ್ನೆಗಳಿವೆಯೇ? ಟ್ರಸ್ಟ್ ಕಚೇರಿಗೆ ಕರೆ ಮಾಡಿ ಅಥವಾ ಬರೆಯಿರಿ.',
  loggedOut: 'ಆಡಳಿತದಿಂದ ಹೊರಬಂದಿದ್ದೀರಿ',
  loggedOutBody: 'ನೀವು ಆಡಳಿತ ವಿಭಾಗದಿಂದ ಲಾಗ್ ಔಟ್ ಆಗಿದ್ದೀರಿ.',
  viewSite: 'ಜಾಲತಾಣ ನೋಡಿ',
  notificationSettings: 'ಸೂಚನೆಗಳ ಆಯ್ಕೆಗಳು',
  breadcrumbs: 'ಪುಟದ ದಾರಿ',
  dashboard: 'ಮುಖಪುಟ ಫಲಕ',
  welcome: (name: string) => `ಸುಸ್ವಾಗತ, ${name}`,
  statsError: 'ಫಲಕದ ಅಂಕಿಅಂಶಗಳನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ.',
  workTitle: 'ನಿಮಗಾಗಿ ಕಾಯುತ್ತಿರುವ ಕೆಲಸ',
  noFigures: 'ಇಲ್ಲಿನ ಅಂಕಿಅಂಶಗಳು ಇತರ ಸಿಬ್ಬಂದಿಯ ಪುಟಗಳಿಗೆ ಸೇರಿದವು: ನಿಮ್ಮ ಕೆಲಸ ಮೆನುವಿನ "ಸಂಚಿಕೆಗಳ ನಿರ್ವಹಣೆ"ಯಲ್ಲಿದೆ.',
  invalidStats: 'ಫಲಕದ ಅಂಕಿಅಂಶಗಳ ಉತ್ತರ ಸರಿಯಿಲ್ಲ',
  stats: {
    members: 'ಸದಸ್ಯರು',
    students: 'ವಿದ್ಯಾರ್ಥಿಗಳು',
    matrimony: 'ವಿವಾಹ ಪ್ರೊಫೈಲ್‌ಗಳು',
    events: 'ಕಾರ್ಯಕ್ರಮಗಳು',
  },
  pending: {
    pending_members: 'ಅನುಮೋದನೆಗೆ ಕಾಯುತ್ತಿರುವ ಸದಸ್ಯರು',
    pending_students: 'ಅನುಮೋದನೆಗೆ ಕಾಯುತ್ತಿರುವ ವಿದ್ಯಾರ್ಥಿಗಳು',
    pending_matrimony: 'ಅನುಮೋದನೆಗೆ ಕಾಯುತ್ತಿರುವ ವಿವಾಹ ಪ್ರೊಫೈಲ್‌ಗಳು',
    upcoming_events: 'ಮುಂಬರುವ ಕಾರ್ಯಕ್ರಮಗಳು',
    pending_payments: 'ಪರಿಶೀಲಿಸಬೇಕಾದ ಪಾವತಿಗಳು',
    users: 'ಖಾತೆಗಳು',
  },
  scanner: 'ಸದಸ್ಯತ್ವ ಕಾರ್ಡ್ ಸ್ಕ್ಯಾನರ್',
  scannerBody: 'ಬಾಗಿಲಲ್ಲಿ ಸದಸ್ಯರ ಕಾರ್ಡ್‌ಗಳನ್ನು ಪರಿಶೀಲಿಸಿ, ಆಫ್‌ಲೈನ್‌ನಲ್ಲೂ.',
  inbox: 'ಸಂಪರ್ಕ ಸಂದೇಶಗಳು',
  inboxBody: 'ಸಂಪರ್ಕ ನಮೂನೆಯ ಮೂಲಕ ಸಂದರ್ಶಕರು ಕಳುಹಿಸಿದ್ದನ್ನು ಓದಿ ಉತ್ತರಿಸಿ.',
  verifiedRestore: (days: number | null) =>
    days === null
      ? 'ಇನ್ನೂ ಪರಿಶೀಲಿತ ಮರುಸ್ಥಾಪನೆ ಆಗಿಲ್ಲ'
      : `ಕೊನೆಯ ಪರಿಶೀಲಿತ ಮರುಸ್ಥಾಪನೆ: ${days === 0 ? 'ಇಂದು' : `${days} ದಿನಗಳ ಹಿಂದೆ`}`,
  drillFailed: 'ಕೊನೆಯ ಮರುಸ್ಥಾಪನೆ ಅಭ್ಯಾಸ ವಿಫಲವಾಯಿತು: ಬ್ಯಾಕಪ್‌ಗಳನ್ನು ನೋಡಿ.',
  backupsLink: 'ಬ್ಯಾಕಪ್‌ಗಳು',
  notFound: 'ಆಡಳಿತ ಪುಟ ಸಿಗಲಿಲ್ಲ',
  notFoundBody: 'ಈ ವಿಳಾಸದಲ್ಲಿ ಯಾವುದೇ ಆಡಳಿತ ಪುಟವಿಲ್ಲ.',
} satisfies Words<typeof en>;
