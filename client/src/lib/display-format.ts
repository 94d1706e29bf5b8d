// Display formats shared by the staff screens (Indian rupees, dates and times).
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export const formatInr = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : inr.format(Number(value));
export const formatDate = (value: string | null | undefined) =>
  value ? date.format(new Date(value.length === 10 ? `${value}T00:00:00` : value)) : '';
export const formatDateTime = (value: string | null | undefined) =>
  value ? dateTime.format(new Date(value)) : '';

/** The ledger's balance: credits minus debits. */
export const ledgerBalance = (rows: { debit: number | string; credit: number | string }[]) =>
  rows.reduce((sum, r) => sum + Number(r.credit) - Number(r.debit), 0);
