// Form 10BE: staff upload the portal's certificates (PDFs) of a financial year; the server
// matches each to its donor by the PAN, Aadhaar or ARN in the file name (functions/
// 66_money_form_10be.sql) and tells the donor; the rest are matched here by hand.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/toast';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { formatDate } from '@/lib/display-format';
import {
  downloadFile,
  useForm10be,
  useMatchForm10be,
  useRemoveForm10be,
  useUploadForm10be,
  type Form10beRow,
} from '../api/money';
import { text } from '../text';
import { PlainTable } from './plain-table';
import { MoneyTool, useFinancialYear, YearField } from './money-tool';
import { DonorPicker, type PickedDonor } from './donor-picker';

const t = text.form10be;

function ManualMatch({ row }: { row: Form10beRow }) {
  const [picked, setPicked] = useState<PickedDonor | null>(null);
  const match = useMatchForm10be();
  return (
    <div className="grid gap-2" aria-label={t.matchTo(row.file_name ?? '')} role="group">
      <DonorPicker value={picked} onChange={setPicked} />
      {picked?.donor && (
        <div>
          <Button
            disabled={match.isPending}
            onClick={() =>
              void toastOutcome(
                () => match.mutateAsync({ form_id: row.id, donor_id: picked.donor!.id }),
                t.matchedToast,
              )
            }
          >
            {t.match}
          </Button>
        </div>
      )}
    </div>
  );
}

export function Form10be() {
  const year = useFinancialYear();
  const { fy } = year;
  const [files, setFiles] = useState<File[]>([]);
  const rows = useForm10be(fy);
  const upload = useUploadForm10be();
  const remove = useRemoveForm10be();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pdfs = files.filter((f) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name));
    if (!pdfs.length || pdfs.length !== files.length) {
      toast({ title: t.notPdf, variant: 'destructive' });
      return;
    }
    const uploaded = await toastOutcome(
      () => upload.mutateAsync({ fy, files: pdfs }),
      (made) => t.uploaded(made.length, made.filter((m) => m.donor_id).length),
    );
    if (uploaded) {
      setFiles([]);
      (event.target as HTMLFormElement).reset();
    }
  };

  const download = (row: Form10beRow) => (
    <Button
      variant="secondary"
      className="min-h-9 px-3"
      onClick={() =>
        void toastOutcome(() => downloadFile(row.file_path, row.file_name ?? 'form-10be.pdf'))
      }
    >
      {t.download}
    </Button>
  );

  return (
    <MoneyTool heading={t.heading} intro={t.intro}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <YearField label={t.year} {...year} />
        <Field label={t.files}>
          <input
            type="file"
            accept="application/pdf,.pdf"
            multiple
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
        </Field>
        <Button type="submit" disabled={!files.length || upload.isPending}>
          {t.upload}
        </Button>
      </form>
      <QueryState query={rows} empty={t.none}>
        {(list) => {
          const unmatched = list.filter((r) => !r.donor_id);
          const matched = list.filter((r) => r.donor_id);
          return (
            <div className="grid gap-6">
              {unmatched.length > 0 && (
                <section aria-label={t.unmatched} className="grid gap-3">
                  <h4 className="font-semibold">{t.unmatched}</h4>
                  {unmatched.map((row) => (
                    <div
                      key={row.id}
                      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
                      data-testid="form-10be-unmatched"
                    >
                      <p>
                        <span className="font-mono">{row.file_name}</span>
                        {row.found_id && (
                          <span className="ml-2 text-sm text-stone-700">
                            {t.found}: {row.found_id}
                          </span>
                        )}
                      </p>
                      <div className="flex gap-2">
                        {download(row)}
                        <Button
                          variant="ghost"
                          className="min-h-9 px-3"
                          aria-label={t.removeLabel(row.file_name ?? '')}
                          onClick={() =>
                            void toastOutcome(() => remove.mutateAsync(row), t.removed)
                          }
                        >
                          {t.remove}
                        </Button>
                      </div>
                      <ManualMatch row={row} />
                    </div>
                  ))}
                </section>
              )}
              <section aria-label={t.matched}>
                <h4 className="mb-2 font-semibold">{t.matched}</h4>
                <PlainTable
                  scroll
                  ruled
                  rows={matched}
                  rowKey={(row) => row.id}
                  rowData={() => ({ 'data-testid': 'form-10be-matched' })}
                  columns={[
                    {
                      header: t.donor,
                      cell: (row) => (
                        <>
                          {row.donor?.name}{' '}
                          <span className="font-mono text-xs">{row.donor?.id_masked}</span>
                        </>
                      ),
                    },
                    { header: t.file, cell: (row) => row.file_name, className: 'font-mono' },
                    {
                      header: t.how,
                      cell: (row) => t.howLabels[row.matched_by ?? ''] ?? row.matched_by,
                    },
                    {
                      header: text.finance.receipts.date,
                      cell: (row) => formatDate(row.uploaded_at),
                    },
                    {
                      header: text.finance.receipts.pdf,
                      cell: download,
                    },
                  ]}
                />
              </section>
            </div>
          );
        }}
      </QueryState>
    </MoneyTool>
  );
}
