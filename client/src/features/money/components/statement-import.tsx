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
import { PlainTable } from './plain-table';

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
      <PlainTable
        scroll
        rows={lines.data ?? []}
        rowKey={(l) => l.id}
        rowData={(l) => ({ 'data-testid': 'statement-line', 'data-status': l.status })}
        columns={[
          { header: s.line, cell: (l) => l.line_no },
          { header: s.date, cell: (l) => formatDate(l.txn_date) },
          {
            header: s.narration,
            cell: (l) => l.narration,
            className: 'max-w-xs truncate',
            title: (l) => l.narration,
          },
          { header: s.utr, cell: (l) => l.utr, className: 'font-mono' },
          {
            header: s.amount,
            cell: (l) => formatInr(l.amount),
            right: true,
            className: 'tabular-nums',
          },
          {
            header: s.match,
            cell: (l) =>
              l.payment ? `${l.payment.payer_name ?? ''} · ${l.payment.reference ?? ''}` : '',
          },
          { header: s.status, cell: (l) => s.statusLabels[l.status] ?? l.status },
        ]}
      />
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
