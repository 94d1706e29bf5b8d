import type { Words } from '@/lib/i18n/words';
import type * as en from './text';

export const text = {
  heroTitle: 'ಹವ್ಯಕ ಸಮುದಾಯ, ಮುಂಬಯಿ',
  heroBody: '1962 ರಿಂದ ಹವ್ಯಕ ಕುಟುಂಬಗಳಿಗಾಗಿ ಸಂಸ್ಕೃತಿ, ಶಿಕ್ಷಣ ಮತ್ತು ಪರಸ್ಪರ ಸಹಾಯ.',
  previousSlide: 'ಹಿಂದಿನ ಚಿತ್ರ',
  nextSlide: 'ಮುಂದಿನ ಚಿತ್ರ',
  slide: (i: number, n: number) => `${n} ಚಿತ್ರಗಳಲ್ಲಿ ${i}ನೆಯದು`,
  learnMore: 'ಇನ್ನಷ್ಟು ತಿಳಿಯಿರಿ',
  quickLinks: 'ತ್ವರಿತ ಕೊಂಡಿಗಳು',
  aboutTitle: 'ಟ್ರಸ್ಟ್ ಬಗ್ಗೆ',
  board: 'ಆಡಳಿತ ಮಂಡಳಿ',
  achievements: 'ನಮ್ಮ ಸಮುದಾಯದ ಸಾಧನೆಗಳು',
  noBoard: 'ಆಡಳಿತ ಮಂಡಳಿಯ ವಿವರಗಳನ್ನು ನವೀಕರಿಸಲಾಗುತ್ತಿದೆ',
  noAchievements: 'ಇನ್ನೂ ಯಾವುದೇ ಸಾಧನೆ ಪ್ರಕಟವಾಗಿಲ್ಲ',
  noInfo: 'ಟ್ರಸ್ಟ್ ಕುರಿತ ಮಾಹಿತಿಯನ್ನು ನವೀಕರಿಸಲಾಗುತ್ತಿದೆ.',
  loadError: 'ಈ ಭಾಗವನ್ನು ತೆರೆಯಲಾಗಲಿಲ್ಲ.',
} satisfies Words<typeof en.text>;

export const quickLinks = [
  { to: '/events', label: 'ಕಾರ್ಯಕ್ರಮಗಳು', body: 'ಮುಂಬರುವ ಕಾರ್ಯಕ್ರಮಗಳು' },
  { to: '/media', label: 'ಚಿತ್ರಸಂಪುಟ', body: 'ಫೋಟೋಗಳು ಮತ್ತು ವಿಡಿಯೋಗಳು' },
  { to: '/havyaka-sandesha', label: 'ಹವ್ಯಕ ಸಂದೇಶ', body: 'ನಿಯತಕಾಲಿಕವನ್ನು ಓದಿ' },
  { to: '/membership', label: 'ಸದಸ್ಯತ್ವ', body: 'ಟ್ರಸ್ಟ್‌ನ ಸದಸ್ಯರಾಗಿ' },
  { to: '/educational-aid', label: 'ವಿದ್ಯಾಭ್ಯಾಸ ನೆರವು', body: 'ವಿದ್ಯಾರ್ಥಿಗಳಿಗೆ ಬೆಂಬಲ' },
  { to: '/medical-aid', label: 'ವೈದ್ಯಕೀಯ ನೆರವು', body: 'ಅನಾರೋಗ್ಯದಲ್ಲಿ ಸಹಾಯ' },
  { to: '/senior-citizen-sos', label: 'ಹಿರಿಯ ನಾಗರಿಕರ ತುರ್ತು ನೆರವು', body: 'ತಕ್ಷಣದ ಸಹಾಯ' },
  { to: '/resources/business', label: 'ಉದ್ಯಮ ಪಟ್ಟಿ', body: 'ನಮ್ಮವರನ್ನು ಬೆಂಬಲಿಸಿ' },
] satisfies Words<typeof en.quickLinks>;
