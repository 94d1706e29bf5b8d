// Numbers, amounts and dates in the language on screen (docs/kannada.md): numbers always in
// Indian grouping (en-IN: ₹1,23,45,678, since CLDR's `kn` groups in thousands), day and month
// names in Kannada (kn-IN) on the Kannada screen, amounts in words in lakh and crore in both
// languages (Intl has no spell-out), and plurals over Intl.PluralRules (Kannada: one/other).
import { dateTimeFormat } from '../date-formats';
import { currentLanguage, type Language } from './words';

const numbers = new Intl.NumberFormat('en-IN');
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const rules: Partial<Record<Language, Intl.PluralRules>> = {};

/** 1,23,45,678 */
export const formatNumber = (n: number) => numbers.format(n);
/** ₹1,23,45,678.00 */
export const formatRupees = (n: number) => rupees.format(n);

/** The form for `n` in the language on screen: `plural(3, { one: 'event', other: 'events' })`. */
export function plural<T>(n: number, forms: { one: T; other: T }, language = currentLanguage()): T {
  const r = (rules[language] ??= new Intl.PluralRules(language === 'kn' ? 'kn-IN' : 'en-IN'));
  return r.select(n) === 'one' ? forms.one : forms.other;
}

/** A date in the language on screen, its day and month names in Kannada on the Kannada
 *  screen (its digits in en-IN's Latin numerals either way). */
export function formatDay(
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
  language = currentLanguage(),
) {
  const date =
    typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  return dateTimeFormat(language === 'kn' ? 'kn-IN' : 'en-IN', {
    numberingSystem: 'latn',
    ...options,
  }).format(date);
}

const EN_ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
];

function enBelowHundred(n: number): string {
  if (n < 20) return EN_ONES[n]!;
  const unit = n % 10;
  return EN_TENS[Math.floor(n / 10)]! + (unit ? `-${EN_ONES[unit]}` : '');
}
function enBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${EN_ONES[hundreds]} hundred` : '', rest ? enBelowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

const KN_ONES = [
  '',
  'ಒಂದು',
  'ಎರಡು',
  'ಮೂರು',
  'ನಾಲ್ಕು',
  'ಐದು',
  'ಆರು',
  'ಏಳು',
  'ಎಂಟು',
  'ಒಂಬತ್ತು',
  'ಹತ್ತು',
  'ಹನ್ನೊಂದು',
  'ಹನ್ನೆರಡು',
  'ಹದಿಮೂರು',
  'ಹದಿನಾಲ್ಕು',
  'ಹದಿನೈದು',
  'ಹದಿನಾರು',
  'ಹದಿನೇಳು',
  'ಹದಿನೆಂಟು',
  'ಹತ್ತೊಂಬತ್ತು',
];
const KN_TENS = [
  '',
  '',
  'ಇಪ್ಪತ್ತು',
  'ಮೂವತ್ತು',
  'ನಲವತ್ತು',
  'ಐವತ್ತು',
  'ಅರವತ್ತು',
  'ಎಪ್ಪತ್ತು',
  'ಎಂಬತ್ತು',
  'ತೊಂಬತ್ತು',
];
const KN_HUNDREDS = [
  '',
  'ನೂರು',
  'ಇನ್ನೂರು',
  'ಮುನ್ನೂರು',
  'ನಾನ್ನೂರು',
  'ಐನೂರು',
  'ಆರುನೂರು',
  'ಏಳುನೂರು',
  'ಎಂಟುನೂರು',
  'ಒಂಬೈನೂರು',
];
// A vowel that opens a unit merges into the tens before it (ಇಪ್ಪತ್ತು + ಒಂದು = ಇಪ್ಪತ್ತೊಂದು).
const KN_MATRA: Record<string, string> = {
  ಆ: 'ಾ',
  ಇ: 'ಿ',
  ಈ: 'ೀ',
  ಉ: 'ು',
  ಎ: 'ೆ',
  ಏ: 'ೇ',
  ಐ: 'ೈ',
  ಒ: 'ೊ',
  ಓ: 'ೋ',
};
const dropU = (word: string) => (word.endsWith('ು') ? word.slice(0, -1) : word);

function knBelowHundred(n: number): string {
  if (n < 20) return KN_ONES[n]!;
  const tens = KN_TENS[Math.floor(n / 10)]!;
  const unit = KN_ONES[n % 10]!;
  if (!unit) return tens;
  const matra = KN_MATRA[unit[0]!];
  return matra === undefined ? dropU(tens) + unit : dropU(tens) + matra + unit.slice(1);
}
function knBelowThousand(n: number): string {
  const hundreds = KN_HUNDREDS[Math.floor(n / 100)]!;
  const rest = n % 100;
  if (!rest) return hundreds;
  return hundreds ? `${dropU(hundreds)} ${knBelowHundred(rest)}` : knBelowHundred(rest);
}

const SCALES: { size: number; en: string; kn: string }[] = [
  { size: 10_000_000, en: 'crore', kn: 'ಕೋಟಿ' },
  { size: 100_000, en: 'lakh', kn: 'ಲಕ್ಷ' },
  { size: 1_000, en: 'thousand', kn: 'ಸಾವಿರ' },
];

/** A whole number in words, in lakh and crore: 12345678 → "one crore twenty-three lakh …". */
export function numberInWords(n: number, language: Language = currentLanguage()): string {
  const whole = Math.floor(Math.abs(n));
  if (whole === 0) return language === 'kn' ? 'ಸೊನ್ನೆ' : 'zero';
  const parts: string[] = [];
  let rest = whole;
  // Above a crore, the count of crores is itself written in lakh and thousand.
  const crores = Math.floor(rest / 10_000_000);
  if (crores) {
    parts.push(`${numberInWords(crores, language)} ${language === 'kn' ? 'ಕೋಟಿ' : 'crore'}`);
    rest %= 10_000_000;
  }
  for (const scale of SCALES.slice(1)) {
    const count = Math.floor(rest / scale.size);
    if (count)
      parts.push(
        `${language === 'kn' ? knBelowHundred(count) : enBelowHundred(count)} ${scale[language]}`,
      );
    rest %= scale.size;
  }
  if (rest) parts.push(language === 'kn' ? knBelowThousand(rest) : enBelowThousand(rest));
  return (n < 0 ? [language === 'kn' ? 'ಮೈನಸ್' : 'minus', ...parts] : parts).join(' ');
}

/** An amount of rupees in words: "Rupees one lakh twenty thousand only" /
 *  "ಒಂದು ಲಕ್ಷ ಇಪ್ಪತ್ತು ಸಾವಿರ ರೂಪಾಯಿಗಳು ಮಾತ್ರ". Paise are written when there are any. */
export function rupeesInWords(amount: number, language: Language = currentLanguage()): string {
  const paise = Math.round((Math.abs(amount) % 1) * 100);
  const rupeeWords = numberInWords(Math.trunc(amount), language);
  if (language === 'kn') {
    const p = paise ? ` ಮತ್ತು ${numberInWords(paise, 'kn')} ಪೈಸೆ` : '';
    return `${rupeeWords} ರೂಪಾಯಿ${p} ಮಾತ್ರ`;
  }
  const p = paise ? ` and ${numberInWords(paise, 'en')} paise` : '';
  const text = `Rupees ${rupeeWords}${p} only`;
  return text;
}
