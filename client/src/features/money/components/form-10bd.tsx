// Form 10BD: the Part-B CSV of a financial year (built by the server in the portal's column
// order) and the worklist of rows the portal would reject.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { formatInr } from '@/lib/display-format';
import { errorToast } from '@/lib/errors';
import { fetch10bdCsv, useWorklist } from '../api/money';
import { recentFinancialYears } from '../lib/fy';
import { text } from '../text';

const t = text.form10bd;

function download(name: string, content: string) {
  const url = URL.createObjectURL(
    new Blob(['\uFEFF', content], { type: 'text/csv;charset=utf-8' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function Form10bd() {
  const years = recentFinancialYears(new Date());
  const [fy, setFy] = useState(years[1] ?? years[0]!);
  const worklist = useWorklist(fy);
  const exportCsv = async () => {
    try {
      download(`form-10bd-${fy}.csv`, await fetch10bdCsv(fy));
    } catch (error) {
      toast({ ...errorToast(error), variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-4">
      <h3 className="font-semibold">{t.heading}</h3>
      <p className="text-sm text-stone-700">{t.intro}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t.year}>
          <select value={fy} onChange={(e) => setFy(e.target.value)}>
            {years.map((y) => (
              <option key={y}>{y}</option>
            ))}
          </select>
        </Field>
        <Button onClick={exportCsv}>{t.download}</Button>
      </div>
      <section aria-label={t.worklist}>
        <h4 className="mb-2 font-semibold">{t.worklist}</h4>
        {worklist.data?.length ? (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="p-2">{t.receiptNo}</th>
                <th className="p-2">{t.donor}</th>
                <th className="p-2 text-right">{t.amount}</th>
                <th className="p-2">{t.problem}</th>
              </tr>
            </thead>
            <tbody>
              {worklist.data.map((w) => (
                <tr key={w.receipt_id} className="border-t border-stone-200">
                  <td className="p-2 font-mono">{w.receipt_no}</td>
                  <td className="p-2">{w.donor_name}</td>
                  <td className="p-2 text-right tabular-nums">{formatInr(w.amount)}</td>
                  <td className="p-2">{t.problems[w.problem] ?? w.problem}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-stone-700">{t.worklistEmpty}</p>
        )}
      </section>
    </div>
  );
}
