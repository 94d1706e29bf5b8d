// Form 10BD: the Part-B CSV of a financial year (built by the server in the portal's column
// order) and the worklist of rows the portal would reject.
import { Button } from '@/components/ui/button';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { formatInr } from '@/lib/display-format';
import { csvBlob, saveFile } from '@/lib/save-file';
import { fetch10bdCsv, useWorklist } from '../api/money';
import { text } from '../text';
import { PlainTable } from './plain-table';
import { MoneyTool, useFinancialYear, YearField } from './money-tool';

const t = text.form10bd;

export function Form10bd() {
  const year = useFinancialYear();
  const { fy } = year;
  const worklist = useWorklist(fy);
  const exportCsv = () =>
    toastOutcome(async () => saveFile(`form-10bd-${fy}.csv`, csvBlob(await fetch10bdCsv(fy))));
  return (
    <MoneyTool heading={t.heading} intro={t.intro}>
      <div className="flex flex-wrap items-end gap-3">
        <YearField label={t.year} {...year} />
        <Button onClick={exportCsv}>{t.download}</Button>
      </div>
      <section aria-label={t.worklist}>
        <h4 className="mb-2 font-semibold">{t.worklist}</h4>
        {worklist.data?.length ? (
          <PlainTable
            rows={worklist.data}
            rowKey={(w) => w.receipt_id}
            columns={[
              { header: t.receiptNo, cell: (w) => w.receipt_no, className: 'font-mono' },
              { header: t.donor, cell: (w) => w.donor_name },
              {
                header: t.amount,
                cell: (w) => formatInr(w.amount),
                right: true,
                className: 'tabular-nums',
              },
              { header: t.problem, cell: (w) => t.problems[w.problem] ?? w.problem },
            ]}
          />
        ) : (
          <p className="text-sm text-stone-700">{t.worklistEmpty}</p>
        )}
      </section>
    </MoneyTool>
  );
}
