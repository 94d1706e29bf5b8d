// "Export CSV": fetches the rows (usually every row matching the view, via fetchAllRows), writes
// the CSV with the formula guard and downloads it; busy while it works, a toast when done or
// when it fails.
import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadCsv, type CsvColumn } from '@/lib/csv';
import { errorToast } from '@/lib/errors';
import { text } from './text';

/** A button exporting `rows()` as `filename`.csv with `columns`. */
export function ExportCsvButton<T>({
  filename,
  columns,
  rows,
  label = text.exportCsv,
  variant = 'secondary',
}: {
  /** The file name (without .csv is fine), e.g. `members ${today}`. */
  filename: string;
  columns: readonly CsvColumn<T>[];
  /** The rows to write: `() => fetchAllRows((from, to) => …)` for every matching row. */
  rows: () => Promise<readonly T[]> | readonly T[];
  label?: string;
  variant?: ButtonVariant;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        try {
          const data = await rows();
          downloadCsv(filename, data, columns);
          toast({ title: text.exported(data.length), variant: 'success' });
        } catch (error) {
          toast({ ...errorToast(error), variant: 'destructive' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Download className="h-4 w-4" aria-hidden />
      )}
      {busy ? text.exporting : label}
    </Button>
  );
}
