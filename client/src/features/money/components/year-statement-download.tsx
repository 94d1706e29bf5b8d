// "Download year statement (PDF)": asks the server for the donor's statement of a financial
// year (templates/statement.typ, rendered by the documents worker), waits while it is
// prepared and downloads it. Donors get their own; staff pass the account or walk-in donor.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadYearStatement } from '../api/money';
import { text } from '../text';

export function YearStatementDownload({
  fy,
  forUser,
  donor,
  compact = false,
}: {
  fy: string;
  forUser?: string | null;
  donor?: string | null;
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // The donor wins on the server: a walk-in's receipt carries the staff member's account.
      await downloadYearStatement(fy, donor ? { donor } : forUser ? { for_user: forUser } : {});
    } catch {
      toast({ title: text.statement.failed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  // The visible words begin the accessible name (WCAG 2.5.3); the year follows them.
  const label = busy
    ? text.statement.preparing
    : compact
      ? text.finance.receipts.statement
      : text.statement.download;
  return (
    <Button
      variant="secondary"
      className={compact ? 'min-h-9 px-3' : ''}
      disabled={busy}
      aria-label={text.statement.downloadFor(label, fy)}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}
