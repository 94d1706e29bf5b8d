// Staff: the latest receipts (any donor's), searchable by number or donor, each PDF one click
// away (admins read the whole receipts bucket: policies/66_money.sql).
import { useState } from 'react';
import { Field, controlClass } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { formatDate, formatInr } from '@/lib/display-format';
import { useAllReceipts } from '../api/money';
import { text } from '../text';
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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-stone-300">
                  <th className="p-2">{t.receiptNo}</th>
                  <th className="p-2">{t.date}</th>
                  <th className="p-2">{t.donor}</th>
                  <th className="p-2">{t.amount}</th>
                  <th className="p-2">{t.status}</th>
                  <th className="p-2">{t.pdf}</th>
                  <th className="p-2">{t.statement}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-b border-stone-100" data-testid="staff-receipt">
                    <td className="p-2 font-mono">{r.receipt_no}</td>
                    <td className="p-2">{formatDate(r.issued_on)}</td>
                    <td className="p-2">{r.donor_name}</td>
                    <td className="p-2 tabular-nums">{formatInr(r.amount)}</td>
                    <td className="p-2">
                      {r.status === 'cancelled' ? text.mine.cancelled : text.statusLabels.completed}
                    </td>
                    <td className="p-2">
                      <ReceiptDownload path={r.pdf_path} receiptNo={r.receipt_no ?? ''} compact />
                    </td>
                    <td className="p-2">
                      {(r.user_id || r.donor_id) && r.fy && (
                        <YearStatementDownload
                          fy={r.fy}
                          forUser={r.user_id}
                          donor={r.donor_id}
                          compact
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
