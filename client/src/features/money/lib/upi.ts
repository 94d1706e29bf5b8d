// The UPI deep link (NPCI's "UPI Linking Specification"): upi://pay?pa=<payee VPA>&pn=<payee
// name>&am=<amount>&cu=INR&tn=<note>&tr=<our reference>. The same text is the QR code's content,
// so any UPI app (BHIM, PhonePe, Google Pay, Paytm) scanning it or opening it pays the trust the
// exact amount with our reference.

export interface UpiPayment {
  /** The trust's UPI ID (VPA), e.g. havyakatrust@sbi. */
  payee: string;
  /** The name the payer's app shows. */
  payeeName: string;
  /** Whole rupees. */
  amount: number;
  /** What the payment is for (the app shows it; kept short). */
  note: string;
  /** Our reference (payments.reference), the transaction reference `tr`. */
  reference: string;
}

/** Percent-encodes a value for the link; spaces as %20 (some UPI apps show a literal +). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The amount as UPI wants it: two decimals, no grouping. */
export const upiAmount = (amount: number) => amount.toFixed(2);

export function upiLink(p: UpiPayment): string {
  if (!/^[A-Za-z0-9._-]{2,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(p.payee)) {
    throw new Error('a UPI ID is name@bank');
  }
  if (!Number.isInteger(p.amount) || p.amount < 1) throw new Error('a whole number of rupees');
  const params: [string, string][] = [
    ['pa', p.payee],
    ['pn', p.payeeName.slice(0, 50)],
    ['am', upiAmount(p.amount)],
    ['cu', 'INR'],
    ['tn', p.note.slice(0, 50)],
    ['tr', p.reference],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}
