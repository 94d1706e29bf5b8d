// /account/payments: the signed-in person's payments (pending until staff verify), their
// receipts with every field, a statement per financial year (and its PDF), and the Form 10BE
// certificates the trust uploaded for them.
import { EmptyState, Page, PageHeader } from '@/components/ui/states';
import { QueryState } from '@/components/ui/query-state';
import { useAuth } from '@/lib/auth';
import { formatDate, formatInr } from '@/lib/display-format';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadFile, useMyMoney } from '../api/money';
import { PlainTable } from '../components/plain-table';
import { ReceiptCard } from '../components/receipt-card';
import { YearStatementDownload } from '../components/year-statement-download';
import { text } from '../text';

const m = text.mine;

export function Component() {
  const auth = useAuth();
  const money = useMyMoney(auth.user?.id);
  return (
    <Page>
      <PageHeader title={m.title}>{m.intro}</PageHeader>
      <QueryState query={money}>
        {(data) => (
          // One column no wider than the page (a grid track would otherwise grow to the
          // tables' width): a table wider than a phone scrolls in its own box, the page never
          // sideways (WCAG 1.4.10: 320 px, 200 % zoom).
          <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
            <section aria-label={m.payments}>
              <h2 className="mb-2 text-lg font-bold">{m.payments}</h2>
              {data.payments.length === 0 ? (
                <EmptyState title={m.noPayments} />
              ) : (
                <PlainTable
                  scroll
                  rows={data.payments}
                  rowKey={(p) => p.id}
                  rowData={() => ({ 'data-testid': 'my-payment' })}
                  columns={[
                    { header: m.date, cell: (p) => formatDate(p.received_on ?? p.created_at) },
                    {
                      header: m.what,
                      cell: (p) => text.typeLabels[p.payment_type] ?? p.payment_type,
                    },
                    {
                      header: m.amount,
                      cell: (p) => formatInr(p.amount),
                      className: 'tabular-nums',
                    },
                    { header: m.status, cell: (p) => text.statusLabels[p.status] ?? p.status },
                    { header: m.reference, cell: (p) => p.reference, className: 'font-mono' },
                    { header: m.utr, cell: (p) => p.utr, className: 'font-mono' },
                  ]}
                />
              )}
            </section>
            <section aria-label={m.receipts}>
              <h2 className="mb-2 text-lg font-bold">{m.receipts}</h2>
              {data.receipts.length === 0 ? (
                <EmptyState title={m.noReceipts} />
              ) : (
                <div className="grid gap-4">
                  <p className="text-sm text-stone-700">{m.pdfNote}</p>
                  {data.receipts.map((r) => (
                    <ReceiptCard key={r.id} receipt={r} />
                  ))}
                </div>
              )}
            </section>
            {data.years.length > 0 && (
              <section aria-label={m.yearHeading}>
                <h2 className="mb-2 text-lg font-bold">{m.yearHeading}</h2>
                <PlainTable
                  scroll
                  className=""
                  rows={data.years}
                  rowKey={(y) => `${y.fy}-${y.donor_id}`}
                  columns={[
                    { header: m.year, cell: (y) => y.fy },
                    { header: m.count, cell: (y) => y.receipts },
                    { header: m.total, cell: (y) => formatInr(y.total), className: 'tabular-nums' },
                    {
                      header: m.eligibleTotal,
                      cell: (y) => formatInr(y.eligible_total),
                      className: 'tabular-nums',
                    },
                    {
                      header: text.finance.receipts.pdf,
                      cell: (y) => y.fy && <YearStatementDownload fy={y.fy} />,
                    },
                  ]}
                />
              </section>
            )}
            {data.certificates.length > 0 && (
              <section aria-label={text.certificates.heading}>
                <h2 className="mb-2 text-lg font-bold">{text.certificates.heading}</h2>
                <p className="mb-2 text-sm text-stone-700">{text.certificates.intro}</p>
                <ul className="grid gap-2">
                  {data.certificates.map((c) => (
                    <li
                      key={c.id}
                      className="flex flex-wrap items-center gap-3"
                      data-testid="my-form-10be"
                    >
                      <span>
                        {text.certificates.year} {c.fy}
                      </span>
                      <Button
                        variant="secondary"
                        onClick={() =>
                          void downloadFile(c.file_path, `form-10be-${c.fy}.pdf`).catch(() =>
                            toast({ title: text.receipt.downloadError, variant: 'destructive' }),
                          )
                        }
                      >
                        {text.certificates.download}
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
      </QueryState>
    </Page>
  );
}
