// The finance overview: received this month and this financial year by purpose and mode,
// net of refunds (what was refunded apart), pending verifications, receipts issued.
import { QueryState } from '@/components/ui/query-state';
import { formatInr } from '@/lib/display-format';
import { useFinanceOverview, usePurposes, type FinanceGroup } from '../api/money';
import { text } from '../text';
import { PlainTable } from './plain-table';

const f = text.finance;

function Groups({ rows, label }: { rows: FinanceGroup[]; label: string }) {
  const purposes = usePurposes();
  const purposeLabel = (g: FinanceGroup) =>
    g.purpose
      ? (purposes.data?.find((p) => p.code === g.purpose)?.label ?? g.purpose)
      : (text.typeLabels[g.payment_type] ?? g.payment_type);
  if (rows.length === 0) return <p className="text-sm text-stone-700">{f.nothing}</p>;
  return (
    <PlainTable
      label={label}
      rows={rows}
      rowKey={(g) => `${g.payment_type}-${g.purpose}-${g.mode}`}
      columns={[
        { header: f.purpose, cell: purposeLabel },
        { header: f.mode, cell: (g) => text.modeLabels[g.mode] ?? g.mode },
        { header: f.count, cell: (g) => g.count, className: 'tabular-nums' },
        {
          header: f.total,
          cell: (g) => formatInr(g.total),
          right: true,
          className: 'tabular-nums',
        },
      ]}
    />
  );
}

export function FinanceOverview() {
  const overview = useFinanceOverview();
  return (
    <QueryState query={overview}>
      {(o) => (
        <div className="grid gap-6">
          <dl className="flex flex-wrap gap-3" data-testid="finance-figures">
            {[
              [f.month, formatInr(o.month_total)],
              [f.year(o.fy), formatInr(o.year_total)],
              [f.pending, `${o.pending} (${f.pendingWithProof(o.pending_with_proof)})`],
              [f.receiptsIssued, String(o.receipts_issued)],
              [f.refunded(o.refunds), formatInr(o.year_refunded)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md border border-stone-200 bg-white px-4 py-2">
                <dt className="text-xs text-stone-600">{label}</dt>
                <dd className="text-xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-stone-700">{f.netOfRefunds}</p>
          <section>
            <h3 className="mb-2 font-semibold">
              {f.month} — {f.byPurposeMode}
            </h3>
            <Groups rows={o.month} label={f.month} />
          </section>
          <section>
            <h3 className="mb-2 font-semibold">
              {f.year(o.fy)} — {f.byPurposeMode}
            </h3>
            <Groups rows={o.year} label={f.year(o.fy)} />
          </section>
        </div>
      )}
    </QueryState>
  );
}
