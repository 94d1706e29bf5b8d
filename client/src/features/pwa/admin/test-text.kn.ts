import type { Words } from '@/lib/i18n/words';
import type { testText as en } from './test-text';

export const testText = {
  title: 'ಪರೀಕ್ಷಾ ಪುಟ',
  intro: 'ಈ ಬ್ರೌಸರ್‌ಗೆ ಕಾಣುವಂತೆ ವ್ಯವಸ್ಥೆಯ ಸ್ಥಿತಿ, ಮತ್ತು ನಿಮಗೇ ಒಂದು ಪರೀಕ್ಷಾ ಸೂಚನೆ.',
  refresh: 'ಮತ್ತೆ ಪರಿಶೀಲಿಸಿ',
  checks: {
    server: 'ಸರ್ವರ್',
    database: 'ದತ್ತಾಂಶಕೋಶ ಮತ್ತು ವಲಸೆಗಳು',
    auth: 'ಖಾತೆಗಳ ಸೇವೆ',
    storage: 'ಕಡತ ಸಂಗ್ರಹ',
    push: 'ಪುಶ್ ಕೀಲಿಗಳು',
    worker: 'ಈ ಬ್ರೌಸರ್',
  },
  ok: 'ಸರಿ',
  failed: 'ಕೆಲಸ ಮಾಡುತ್ತಿಲ್ಲ',
  checking: 'ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ…',
  ms: (n: number) => `${n} ms`,
  buckets: (n: number) => `${n} ಸಂಗ್ರಹಗಳು`,
  pushKey: 'VAPID ಸಾರ್ವಜನಿಕ ಕೀಲಿ ಹೊಂದಿಸಲಾಗಿದೆ',
  noPushKey: 'ಪುಶ್ ಕೀಲಿ ಇಲ್ಲ: ಪುಶ್ ಸಂದೇಶ ಕಳುಹಿಸಲಾಗದು',
  browser: (sw: boolean, permission: string) =>
    `ಸರ್ವಿಸ್ ವರ್ಕರ್ ${sw ? 'ಸಕ್ರಿಯ' : 'ಸಕ್ರಿಯವಿಲ್ಲ'} · ಸೂಚನೆಗಳು ${permission}`,
  testPush: 'ನನಗೆ ಪರೀಕ್ಷಾ ಸೂಚನೆ ಕಳುಹಿಸಿ',
  testSent: (devices: number) =>
    devices > 0
      ? `ಪರೀಕ್ಷಾ ಸೂಚನೆಯನ್ನು ನಿಮ್ಮ ${devices} ಸಾಧನಗಳಿಗೆ ಮತ್ತು ನಿಮ್ಮ ಗಂಟೆಗೆ ಕಳುಹಿಸಲಾಗಿದೆ`
      : 'ಪರೀಕ್ಷಾ ಸೂಚನೆಯನ್ನು ನಿಮ್ಮ ಗಂಟೆಗೆ ಕಳುಹಿಸಲಾಗಿದೆ (ನಿಮ್ಮ ಯಾವ ಸಾಧನವೂ ಇನ್ನೂ ಸೂಚನೆಗಳಿಗೆ ಅನುಮತಿ ನೀಡಿಲ್ಲ)',
  bucketTable: 'ಸಂಗ್ರಹಗಳು',
  columns: { bucket: 'ಸಂಗ್ರಹ', access: 'ಪ್ರವೇಶ', limit: 'ಗಾತ್ರದ ಮಿತಿ', types: 'ಬಗೆಗಳು' },
  public: 'ಸಾರ್ವಜನಿಕ',
  megabytes: (n: number) => `${n} MB`,
  private: 'ಖಾಸಗಿ',
} satisfies Words<typeof en>;
