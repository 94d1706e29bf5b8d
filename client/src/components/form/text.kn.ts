import type { Words } from '@/lib/i18n/words';
import type { text as en } from './text';

export const text = {
  summaryTitle: 'ದಯವಿಟ್ಟು ಇವುಗಳನ್ನು ಸರಿಪಡಿಸಿ',
  summaryCount: (n: number) => `${n} ಜಾಗ ಸರಿಪಡಿಸಬೇಕಿದೆ`,
  saving: 'ಉಳಿಸಲಾಗುತ್ತಿದೆ…',
  save: 'ಉಳಿಸಿ',
  cancel: 'ರದ್ದುಮಾಡಿ',
  choose: 'ಆಯ್ಕೆಮಾಡಿ…',
  chosenFile: (name: string) => `ಆಯ್ಕೆಯಾದ ಕಡತ: ${name}`,
  clearFile: 'ಕಡತ ತೆಗೆದುಹಾಕಿ',
  leaveTitle: 'ಉಳಿಸದೆ ಹೊರಡುವಿರಾ?',
  leaveBody: 'ಈ ಪುಟದಲ್ಲಿ ನೀವು ಮಾಡಿದ ಬದಲಾವಣೆಗಳು ಉಳಿದಿಲ್ಲ.',
  leaveConfirm: 'ಪುಟ ಬಿಟ್ಟು ಹೊರಡಿ',
  leaveCancel: 'ಇಲ್ಲೇ ಇರಿ',
  stepOf: (n: number, total: number) => `${total} ಹಂತಗಳಲ್ಲಿ ${n}ನೇ ಹಂತ`,
  progress: 'ಪ್ರಗತಿ',
  next: 'ಮುಂದೆ',
  back: 'ಹಿಂದೆ',
  submitLabels: {
    idle: 'ಸಲ್ಲಿಸಿ',
    loading: 'ಸಲ್ಲಿಸಲಾಗುತ್ತಿದೆ…',
    success: 'ಸಲ್ಲಿಕೆಯಾಗಿದೆ',
    error: 'ಸಲ್ಲಿಕೆ ವಿಫಲವಾಯಿತು',
  },
  draftRestored: 'ಈ ಸಾಧನದಲ್ಲಿ ನೀವು ಬರೆದಿದ್ದ ಉತ್ತರಗಳನ್ನು ಮರಳಿ ತುಂಬಿದ್ದೇವೆ.',
  draftNote:
    'ನೀವು ಸಲ್ಲಿಸುವವರೆಗೆ ನಿಮ್ಮ ಉತ್ತರಗಳು ಈ ಸಾಧನದಲ್ಲೇ ಉಳಿಯುತ್ತವೆ (ಪಾಸ್‌ವರ್ಡ್, PAN, ಆಧಾರ್ ಅಥವಾ ಕಡತಗಳು ಎಂದಿಗೂ ಉಳಿಯುವುದಿಲ್ಲ).',
  discardDraft: 'ಅರ್ಜಿಯನ್ನು ತೆರವುಗೊಳಿಸಿ',
  captcha: (q: string) => `ಭದ್ರತಾ ಪರಿಶೀಲನೆ: ${q} ಎಷ್ಟು?`,
  captchaWrong: 'ಆ ಉತ್ತರ ಸರಿಯಿಲ್ಲ. ದಯವಿಟ್ಟು ಹೊಸ ಪ್ರಶ್ನೆಗೆ ಉತ್ತರಿಸಿ.',
  honeypot: 'ಈ ಜಾಗವನ್ನು ಖಾಲಿ ಬಿಡಿ',
  rateLimited: (minutes: number) =>
    `ಈ ಸಾಧನದಿಂದ ಹಲವು ಬಾರಿ ಸಲ್ಲಿಸಲಾಗಿದೆ. ದಯವಿಟ್ಟು ${minutes} ನಿಮಿಷದ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.`,
  botFailed: 'ಅರ್ಜಿಯನ್ನು ಕಳುಹಿಸಲಾಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಮತ್ತೊಮ್ಮೆ ಪ್ರಯತ್ನಿಸಿ.',
  fixErrors: 'ಗುರುತಿಸಿದ ಜಾಗಗಳನ್ನು ದಯವಿಟ್ಟು ಸರಿಪಡಿಸಿ.',
  error: 'ದೋಷ',
  yes: 'ಹೌದು',
  no: 'ಇಲ್ಲ',
  parsedAs: (value: string) => `${value} ಎಂದು ತಿಳಿಯಲಾಗಿದೆ`,
  notUnderstood: (what: string) => `ಇದನ್ನು ${what} ಎಂದು ಓದಲಾಗಲಿಲ್ಲ`,
} satisfies Words<typeof en>;
