import type { Words } from '@/lib/i18n/words';
import type * as en from './nav';

export const primaryNav = [
  { to: '/', label: 'ಮುಖಪುಟ' },
  { to: '/about', label: 'ನಮ್ಮ ಬಗ್ಗೆ' },
  { to: '/events', label: 'ಕಾರ್ಯಕ್ರಮಗಳು' },
  { to: '/media', label: 'ಚಿತ್ರಸಂಪುಟ' },
  { to: '/havyaka-sandesha', label: 'ಹವ್ಯಕ ಸಂದೇಶ' },
  { to: '/resources/business', label: 'ಉದ್ಯಮಗಳು' },
  { to: '/contact', label: 'ಸಂಪರ್ಕ' },
] satisfies Words<typeof en.primaryNav>;

export const serviceNav = [
  { to: '/membership', label: 'ಸದಸ್ಯತ್ವ' },
  { to: '/members', label: 'ಸದಸ್ಯರು' },
  { to: '/educational-aid', label: 'ವಿದ್ಯಾಭ್ಯಾಸ ನೆರವು' },
  { to: '/matrimony', label: 'ವಧು-ವರ ಅನ್ವೇಷಣೆ' },
  { to: '/medical-aid', label: 'ವೈದ್ಯಕೀಯ ನೆರವು' },
  { to: '/senior-citizen-sos', label: 'ಹಿರಿಯ ನಾಗರಿಕರ ತುರ್ತು ನೆರವು' },
  { to: '/kvss', label: 'KVSS' },
  { to: '/guru-pitha', label: 'ಗುರುಪೀಠ' },
  { to: '/donate', label: 'ದೇಣಿಗೆ' },
] satisfies Words<typeof en.serviceNav>;

export const layoutText = {
  brand: 'ಹವ್ಯಕ ಸಮುದಾಯ',
  brandSub: 'ಮುಂಬಯಿ',
  mainNav: 'ಮುಖ್ಯ',
  siteNav: 'ಜಾಲತಾಣ',
  footerNav: 'ಅಡಿಟಿಪ್ಪಣಿ',
  menu: 'ಮೆನು',
  closeMenu: 'ಮೆನು ಮುಚ್ಚಿ',
  services: 'ಸಮುದಾಯ ಸೇವೆಗಳು',
  login: 'ಲಾಗಿನ್',
  logout: 'ಲಾಗ್ ಔಟ್',
  myDashboard: 'ನನ್ನ ಪುಟ',
  account: 'ನಿಮ್ಮ ಖಾತೆ',
  notificationSettings: 'ಸೂಚನೆಗಳ ಆಯ್ಕೆಗಳು',
  loggedOut: 'ಲಾಗ್ ಔಟ್ ಆಗಿದೆ',
  loggedOutBody: 'ನೀವು ಖಾತೆಯಿಂದ ಹೊರಬಂದಿದ್ದೀರಿ.',
  footerAbout: 'ಮುಂಬಯಿಯ ಹವ್ಯಕ ಸಮುದಾಯ ಟ್ರಸ್ಟ್ ಸಂಸ್ಕೃತಿ, ಶಿಕ್ಷಣ ಮತ್ತು ಪರಸ್ಪರ ಸಹಾಯಕ್ಕಾಗಿ ಕುಟುಂಬಗಳನ್ನು ಒಟ್ಟುಗೂಡಿಸುತ್ತದೆ.',
  copyright: (year: number) => `© ${year} ಹವ್ಯಕ ಸಮುದಾಯ ಟ್ರಸ್ಟ್, ಮುಂಬಯಿ`,
  view: 'ಓದುವ ಆಯ್ಕೆ',
  help: 'ಸಹಾಯ',
  helpBody: 'ಪ್ರಶ್ನೆಗಳಿವೆಯೇ? ಟ್ರಸ್ಟ್ ಕಚೇರಿಗೆ ಕರೆ ಮಾಡಿ ಅಥವಾ ಬರೆಯಿರಿ.',
} satisfies Words<typeof en.layoutText>;
