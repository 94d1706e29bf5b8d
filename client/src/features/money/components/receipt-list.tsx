// Staff: the latest receipts (any donor's), searchable by number or donor, each PDF one click
// away (admins read the whole receipts bucket: policies/66_money.sql).
import { useState } from 'react';
import { Field, controlClass } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { formatDate, formatInr } from '@/lib/display-format';
import { useAllReceipts } from '../api/money';
import { text } from '../text';
import { PlainTable } from './plain-table';
import { ReceiptDownload } from './receipt-download';
import { YearStatementDownload } from './year-statement-download';

const t = text.finance.receipts;

export function ReceiptList() {
  const [search, setSearch] = useState('');
  const receipts = useAllReceipts(search);
  return (
    <div className="grid gap-4">
      <Field label={t.search} className="max-w-sm">
        <input
          type="search"
          className={controlClass}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field>
      <QueryState query={receipts} empty={t.none}>
        {(rows) => (
          <PlainTable
            scroll
            ruled
            rows={rows}
            rowKey={(r) => r.id}
            rowData={() => ({ 'data-testid': 'staff-receipt' })}
            columns={[
              { header: t.receiptNo, cell: (r) => r.receipt_no, className: 'font-mono' },
              { header: t.date, cell: (r) => formatDate(r.issued_on) },
              { header: t.donor, cell: (r) => r.donor_name },
              { header: t.amount, cell: (r) => formatInr(r.amount), className: 'tabular-nums' },
              {
                header: t.status,
                cell: (r) =>
                  r.status === 'cancelled' ? text.mine.cancelled : text.statusLabels.completed,
              },
              {
                header: t.pdf,
                cell: (r) => (
                  <ReceiptDownload path={r.pdf_path} receiptNo={r.receipt_no ?? ''} compact />
                ),
              },
              {
                header: t.statement,
                cell: (r) =>
                  (r.user_id || r.donor_id) &&
                  r.fy && (
                    <YearStatementDownload
                      fy={r.fy}
                      forUser={r.user_id}
                      donor={r.donor_id}
                      compact
                    />
                  ),
              },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}
