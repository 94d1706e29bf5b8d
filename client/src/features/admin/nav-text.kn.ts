import type { Words } from '@/lib/i18n/words';
import type { navText as en } from './nav-text';

export const navText = {
  items: {
    dashboard: 'ಮುಖಪುಟ ಫಲಕ',
    manageIssues: 'ಸಂಚಿಕೆಗಳ ನಿರ್ವಹಣೆ',
    events: 'ಕಾರ್ಯಕ್ರಮಗಳು',
    media: 'ಮಾಧ್ಯಮ ನಿರ್ವಹಣೆ',
    members: 'ಸದಸ್ಯರ ಪಟ್ಟಿ',
    students: 'ವಿದ್ಯಾರ್ಥಿಗಳು',
    matrimony: 'ವಿವಾಹ ವೇದಿಕೆಯ ಬಳಕೆದಾರರು',
    users: 'ಬಳಕೆದಾರರ ನಿರ್ವಹಣೆ',
    sandesha: 'ಹವ್ಯಕ ಸಂದೇಶ',
    sandeshEditors: 'ಸಂದೇಶ ಸಂಪಾದಕರು',
    business: 'ಉದ್ಯಮ ಮಾಹಿತಿ ಕೋಶ',
    boardMembers: 'ಆಡಳಿತ ಮಂಡಳಿ ಸದಸ್ಯರು',
    images: 'ಜಾಲತಾಣದ ಚಿತ್ರಗಳು',
    slider: 'ಮುಖಪುಟದ ಚಿತ್ರಸರಣಿ',
    notifications: 'ಸೂಚನೆಗಳು',
    pwaAnalytics: 'ಆ್ಯಪ್ ಬಳಕೆಯ ಅಂಕಿಅಂಶಗಳು',
    payments: 'ಪಾವತಿಗಳ ನಿರ್ವಹಣೆ',
    finance: 'ಹಣಕಾಸು ಮತ್ತು ರಸೀದಿಗಳು',
    backups: 'ಬ್ಯಾಕಪ್‌ಗಳು',
  },
  groups: {
    overview: 'ಅವಲೋಕನ',
    users: 'ಬಳಕೆದಾರರ ನಿರ್ವಹಣೆ',
    content: 'ವಿಷಯ ನಿರ್ವಹಣೆ',
    website: 'ಜಾಲತಾಣ ನಿರ್ವಹಣೆ',
    financial: 'ಹಣಕಾಸು',
    system: 'ವ್ಯವಸ್ಥೆ',
  },
  segments: {
    admin: 'ಆಡಳಿತ',
    create: 'ರಚಿಸಿ',
    add: 'ಸೇರಿಸಿ',
    edit: 'ತಿದ್ದಿ',
    registrations: 'ನೋಂದಣಿಗಳು',
  },
  details: 'ವಿವರಗಳು',
} satisfies Words<typeof en>;
