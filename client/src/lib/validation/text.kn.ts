import type { Words } from '@/lib/i18n/words';
import type * as en from './text';

export const messages = {
  required: (field: string) => `${field} ನಮೂದಿಸುವುದು ಅಗತ್ಯ`,
  min: (field: string, n: number) => `${field} ಕನಿಷ್ಠ ${n} ಅಕ್ಷರಗಳಿರಬೇಕು`,
  max: (field: string, n: number) => `${field} ${n} ಅಕ್ಷರಗಳನ್ನು ಮೀರಬಾರದು`,
  pattern: (field: string) => `${field} ರೂಪ ಸರಿಯಿಲ್ಲ`,
  email: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ಇ-ಮೇಲ್ ವಿಳಾಸ ನಮೂದಿಸಿ',
  phone: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ದೂರವಾಣಿ ಸಂಖ್ಯೆ ನಮೂದಿಸಿ',
  indianPhone: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ಭಾರತೀಯ ದೂರವಾಣಿ ಸಂಖ್ಯೆ ನಮೂದಿಸಿ (10 ಅಂಕಿಗಳು)',
  mobileMin: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆಯಲ್ಲಿ ಕನಿಷ್ಠ 7 ಅಂಕಿಗಳಿರಬೇಕು',
  mobileMax: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ತುಂಬಾ ಉದ್ದವಿದೆ (ಗರಿಷ್ಠ 20 ಅಂಕಿಗಳು)',
  mobileInvalid: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ನಮೂದಿಸಿ (ವಿದೇಶಿ ಸಂಖ್ಯೆಗಳೂ ಸರಿ)',
  passwordsDiffer: 'ಪಾಸ್‌ವರ್ಡ್‌ಗಳು ಹೊಂದುತ್ತಿಲ್ಲ',
  age: 'ವಯಸ್ಸು 18 ರಿಂದ 100 ರ ನಡುವೆ ಇರಬೇಕು',
  passwordRule: 'ಪಾಸ್‌ವರ್ಡ್‌ನಲ್ಲಿ ಒಂದು ದೊಡ್ಡಕ್ಷರ, ಒಂದು ಸಣ್ಣಕ್ಷರ, ಒಂದು ಅಂಕಿ ಮತ್ತು ಒಂದು ವಿಶೇಷ ಚಿಹ್ನೆ ಇರಬೇಕು',
} satisfies Words<typeof en.messages>;

export const fieldMessages = {
  number: (field: string) => `${field} ಒಂದು ಸಂಖ್ಯೆಯಾಗಿರಬೇಕು`,
  integer: (field: string) => `${field} ಪೂರ್ಣ ಸಂಖ್ಯೆಯಾಗಿರಬೇಕು`,
  minValue: (field: string, n: number) => `${field} ಕನಿಷ್ಠ ${n} ಇರಬೇಕು`,
  maxValue: (field: string, n: number) => `${field} ${n} ಮೀರಬಾರದು`,
  dateFormat: (field: string) => `${field} YYYY-MM-DD ರೂಪದಲ್ಲಿರಬೇಕು`,
  dateMissing: (field: string, typed: string) => `${field}: ${typed} ಎಂಬ ದಿನಾಂಕ ಕ್ಯಾಲೆಂಡರ್‌ನಲ್ಲಿ ಇಲ್ಲ`,
  future: (field: string) => `${field} ಮುಂದಿನ ದಿನಾಂಕವಾಗಿರಬೇಕು`,
  past: (field: string) => `${field} ಹಿಂದಿನ ದಿನಾಂಕವಾಗಿರಬೇಕು`,
  pastDate: (field: string) => `${field} ಕಳೆದುಹೋದ ದಿನಾಂಕವಾಗಿರಬೇಕು`,
  between: (field: string, min: number, max: number) => `${field} ${min} ಮತ್ತು ${max} ರ ನಡುವೆ ಇರಬೇಕು`,
  yesNo: (field: string) => `${field}: ಹೌದು ಅಥವಾ ಇಲ್ಲ ಎಂದಿರಬೇಕು`,
  fileSize: (size: string) => `ಕಡತ ತುಂಬಾ ದೊಡ್ಡದಿದೆ. ಗರಿಷ್ಠ ಗಾತ್ರ: ${size}`,
  fileType: (list: string) => `ಈ ಬಗೆಯ ಕಡತಕ್ಕೆ ಅನುಮತಿ ಇಲ್ಲ. ಅನುಮತಿ ಇರುವವು: ${list}`,
} satisfies Words<typeof en.fieldMessages>;

export const accountMessages = {
  passwordMin: 'ಪಾಸ್‌ವರ್ಡ್‌ನಲ್ಲಿ ಕನಿಷ್ಠ 6 ಅಕ್ಷರಗಳಿರಬೇಕು',
  passwordCommon: 'ಈ ಪಾಸ್‌ವರ್ಡ್ ತುಂಬಾ ಸಾಮಾನ್ಯ. ಊಹಿಸಲು ಕಷ್ಟವಾದದ್ದನ್ನು ಆಯ್ಕೆಮಾಡಿ',
  email: 'ಇ-ಮೇಲ್ ವಿಳಾಸ ಸರಿಯಿಲ್ಲ',
} satisfies Words<typeof en.accountMessages>;

export const fieldNames = {
  mobile: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆ',
  password: 'ಪಾಸ್‌ವರ್ಡ್',
  email: 'ಇ-ಮೇಲ್',
  phone: 'ದೂರವಾಣಿ',
  pincode: 'ಪಿನ್‌ಕೋಡ್',
  pan: 'PAN',
  aadhar: 'ಆಧಾರ್',
  url: 'URL',
  date: 'ದಿನಾಂಕ',
  passport: 'ಪಾಸ್‌ಪೋರ್ಟ್ ಸಂಖ್ಯೆ',
} satisfies Words<typeof en.fieldNames>;

export const contactText = {
  firstName: 'ಹೆಸರು',
  lastName: 'ಉಪನಾಮ',
  subject: 'ವಿಷಯ',
  message: 'ಸಂದೇಶ',
  captcha: 'ಉತ್ತರ',
  captchaWhole: 'ದಯವಿಟ್ಟು ಪೂರ್ಣ ಸಂಖ್ಯೆಯಲ್ಲಿ ಉತ್ತರಿಸಿ',
  website: 'ದಯವಿಟ್ಟು ಈ ಜಾಗವನ್ನು ಖಾಲಿ ಬಿಡಿ',
} satisfies Words<typeof en.contactText>;
