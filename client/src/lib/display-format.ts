// Display formats shared by the app's screens (Indian rupees, dates and times, ages in days,
// sizes in bytes). Dates and times are Mumbai's (Asia/Kolkata) wherever the browser is.
const ZONE = 'Asia/Kolkata';
// Each formatter is made when first used: making one loads its locale's data, about 100 ms of a
// slow phone's main thread for the five, which a page that formats nothing need not spend.
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const inr = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }));
const wholeInr = once(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    }),
);
const date = once(() => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: ZONE }));
const dateTime = once(
  () =>
    new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }),
);

/** Rupees: whole amounts without paise (₹3,20,000), others with them (₹1,250.50). */
export const formatInr = (value: number | string | null | undefined) => {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return (Number.isInteger(n) ? wholeInr : inr)().format(n);
};
export const formatDate = (value: string | null | undefined) =>
  value ? date().format(new Date(value.length === 10 ? `${value}T00:00:00+05:30` : value)) : '';
export const formatDateTime = (value: string | null | undefined) =>
  value ? dateTime().format(new Date(value)) : '';

const day = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** The Mumbai date of a moment (now by default), YYYY-MM-DD: export file names, days of charts.
 *  `toISOString().slice(0, 10)` is the UTC date, yesterday's until 05:30 in Mumbai. */
export const mumbaiDay = (at: Date | string = new Date()) =>
  day().format(typeof at === 'string' ? new Date(at) : at);

/** The ledger's balance: credits minus debits. */
export const ledgerBalance = (rows: { debit: number | string; credit: number | string }[]) =>
  rows.reduce((sum, r) => sum + Number(r.credit) - Number(r.debit), 0);

/** Whole days since `iso` (0 today), or null for none or an unreadable date. */
export function daysSince(iso: string | null | undefined, now = Date.now()): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now - at) / 86_400_000));
}

/** Bytes for people: 512 B, 1.5 KB, 25 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
