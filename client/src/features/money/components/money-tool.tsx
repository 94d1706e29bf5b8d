// The frame of a finance tab's tool (Form 10BD, Form 10BE, cash received): its heading, a
// line on what it does, then the tool. And the choice of a financial year two of them share.
import { useState, type ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { recentFinancialYears } from '../lib/fy';

export function MoneyTool({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <h3 className="font-semibold">{heading}</h3>
      <p className="text-sm text-stone-700">{intro}</p>
      {children}
    </div>
  );
}

/** The financial year being worked on: the last finished one to start with. */
export function useFinancialYear() {
  const years = recentFinancialYears(new Date());
  const [fy, setFy] = useState(years[1] ?? years[0]!);
  return { years, fy, setFy };
}

export function YearField({
  label,
  years,
  fy,
  setFy,
}: {
  label: string;
} & ReturnType<typeof useFinancialYear>) {
  return (
    <Field label={label}>
      <select value={fy} onChange={(e) => setFy(e.target.value)}>
        {years.map((y) => (
          <option key={y}>{y}</option>
        ))}
      </select>
    </Field>
  );
}
