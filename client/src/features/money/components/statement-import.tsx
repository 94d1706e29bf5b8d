// Bank statement import: the server reads the file (SBI, HDFC, Canara or generic), refuses it
// whole with the line and the reason, or lists its credits with the pending payment each
// matched; one click confirms every match (the payments complete and get receipts).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { formatDate, formatInr } from '@/lib/display-format';
import { dataMessage } from '@/lib/errors';
import {
  useConfirmMatches,
  useImportStatement,
  useStatementLines,
  useStatements,
} from '../api/money';
import { text } from '../text';

const s = text.statements;

function Lines({ statementId }: { statementId: string }) {
  const lines = useStatementLines(statementId);
  const confirm = useConfirmMatches();
  const matched = lines.data?.filter((l) => l.status === 'matched').length ?? 0;
  const confirmAll = async () => {
    try {
      const n = await confirm.mutateAsync(statementId);
      toast({ title: s.confirmed(n), variant: 'success' });
      await lines.refetch();
    } catch (error) {
      toast({ title: s.refused, description: dataMessage(error), variant: 'destructive' });
    }
  };
  return (
    <section aria-label={s.lines} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{s.lines}</h3>
        {matched > 0 && (
          <Button onClick={confirmAll} disabled={confirm.isPending}>
            {s.confirmAll(matched)}
          </Button>
        )}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th className="p-2">{s.line}</th>
              <th className="p-2">{s.date}</th>
              <th className="p-2">{s.narration}</th>
              <th className="p-2">{s.utr}</th>
              <th className="p-2 text-right">{s.amount}</th>
              <th className="p-2">{s.match}</th>
              <th className="p-2">{s.status}</th>
            </tr>
          </thead>
          <tbody>
            {lines.data?.map((l) => (
              <tr
                key={l.id}
                className="border-t border-stone-200"
                data-testid="statement-line"
                data-status={l.status}
              >
                <td className="p-2">{l.line_no}</td>
                <td className="p-2">{formatDate(l.txn_date)}</td>
                <td className="max-w-xs truncate p-2" title={l.narration}>
                  {l.narration}
                </td>
                <td className="p-2 font-mono">{l.utr}</td>
                <td className="p-2 text-right tabular-nums">{formatInr(l.amount)}</td>
                <td className="p-2">
                  {l.payment ? `${l.payment.payer_name ?? ''} · ${l.payment.reference ?? ''}` : ''}
                </td>
                <td className="p-2">{s.statusLabels[l.status] ?? l.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function StatementImport() {
  const statements = useStatements();
  const importStatement = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setRefusal(null);
    try {
      const result = await importStatement.mutateAsync(file);
      toast({
        title: s.imported(result.layout, result.credit_lines, result.matched_lines),
        variant: 'success',
      });
      setShown(result.statement_id);
    } catch (error) {
      setRefusal(dataMessage(error));
    }
  };

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} aria-label={s.heading} className="grid gap-3">
        <h3 className="font-semibold">{s.heading}</h3>
        <p className="text-sm text-stone-700">{s.intro}</p>
        <Field label={s.file}>
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        {refusal && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {s.refused}: {refusal}
          </p>
        )}
        <div>
          <Button type="submit" disabled={!file || importStatement.isPending}>
            {s.import}
          </Button>
        </div>
      </form>
      {shown && <Lines statementId={shown} />}
      <section aria-label={s.recent}>
        <h3 className="mb-2 font-semibold">{s.recent}</h3>
        {statements.data?.length ? (
          <ul className="grid gap-1 text-sm">
            {statements.data.map((st) => (
              <li key={st.id}>
                <button
                  type="button"
                  className="text-orange-900 underline"
                  onClick={() => setShown(st.id)}
                >
                  {st.file_name}
                </button>{' '}
                — {s.imported(st.layout, st.credit_lines, st.matched_lines)},{' '}
                {formatDate(st.imported_at)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-700">{s.none}</p>
        )}
      </section>
    </div>
  );
}
