// One receipt as issued: every field an 80G receipt carries (the PDF prints the same, from the
// same view), the declaration only when the receipt is eligible, otherwise why not; the PDF to
// download once the server has rendered it.
import { formatDate, formatInr } from '@/lib/display-format';
import type { ReceiptDocument } from '../api/money';
import { text } from '../text';
import { ReceiptDownload } from './receipt-download';

const r = text.receipt;

export function ReceiptCard({ receipt }: { receipt: ReceiptDocument }) {
  const rows: [string, string | null][] = [
    [r.date, formatDate(receipt.issued_on)],
    [r.trust, [receipt.trust_name, receipt.trust_address].filter(Boolean).join(', ')],
    [r.trustPan, receipt.trust_pan],
    [
      r.urn,
      receipt.urn_80g
        ? `${receipt.urn_80g}${
            receipt.urn_80g_valid_from && receipt.urn_80g_valid_until
              ? ` (${r.validity(formatDate(receipt.urn_80g_valid_from), formatDate(receipt.urn_80g_valid_until))})`
              : ''
          }`
        : null,
    ],
    [r.donor, [receipt.donor_name, receipt.donor_address].filter(Boolean).join(', ')],
    [r.donorId, receipt.donor_id_masked],
    [r.amount, formatInr(receipt.amount)],
    [r.words, receipt.amount_words_en],
    [r.words, receipt.amount_words_kn],
    [r.mode, text.modeLabels[receipt.mode ?? ''] ?? receipt.mode],
    [r.purpose, receipt.purpose_label ?? text.typeLabels[receipt.payment_type ?? ''] ?? null],
  ];
  return (
    <article
      className="rounded-md border border-stone-200 bg-white p-4"
      aria-label={r.title(receipt.receipt_no ?? '')}
      data-testid="receipt"
    >
      <h3 className="mb-2 font-bold">
        {r.title(receipt.receipt_no ?? '')}
        {receipt.status === 'cancelled' && (
          <span className="ml-2 rounded bg-red-100 px-2 text-sm text-red-800">
            {text.mine.cancelled}
          </span>
        )}
      </h3>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows
          .filter(([, v]) => v)
          .map(([label, value], i) => (
            <div key={i} className="contents">
              <dt className="font-semibold text-stone-700">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {receipt.eligible ? (
        <p className="mt-3 text-sm">
          <strong>{r.declaration}: </strong>
          {receipt.declaration_en}
          <br />
          <span lang="kn">{receipt.declaration_kn}</span>
        </p>
      ) : (
        <p className="mt-3 text-sm font-semibold text-stone-800">
          {r.notEligible}. {r.reasons[receipt.ineligible_reason ?? ''] ?? ''}
        </p>
      )}
      <div className="mt-3">
        <ReceiptDownload path={receipt.pdf_path} receiptNo={receipt.receipt_no ?? ''} />
      </div>
    </article>
  );
}
