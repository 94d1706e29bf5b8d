// "Download receipt (PDF)": the receipt the server rendered (templates/receipt.typ), read from
// the private receipts bucket; until it is rendered, a note that it is being prepared.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadReceipt } from '../api/money';
import { text } from '../text';

export function ReceiptDownload({
  path,
  receiptNo,
  compact = false,
}: {
  path: string | null;
  receiptNo: string;
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  if (!path) return <span className="text-sm text-stone-600">{text.receipt.preparing}</span>;
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceipt(path, receiptNo);
    } catch {
      toast({ title: text.receipt.downloadError, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className={compact ? 'min-h-9 px-3' : ''}
      disabled={busy}
      onClick={() => void download()}
      aria-label={compact ? `${text.receipt.download}: ${receiptNo}` : undefined}
    >
      {text.receipt.download}
    </Button>
  );
}
