// The student's uploaded documents (private bucket), each opened through a link valid for an
// hour, made when it is clicked.
import { FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { dataMessage, errorToast } from '@/lib/errors';
import { adminText as text } from '../admin-text';
import { documentUrl, useStudentDocuments } from '../api/admin-students';

const kb = (n: number | null) => (n === null ? '' : `${Math.max(1, Math.round(n / 1024))} KB`);

export function DocumentsPanel({ userId }: { userId: string }) {
  const docs = useStudentDocuments(userId);
  if (docs.isPending) return <p className="text-sm text-stone-600">…</p>;
  if (docs.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {text.documentsError} {dataMessage(docs.error)}
      </p>
    );
  if (docs.data.length === 0)
    return <p className="text-sm text-stone-600">{text.documentsEmpty}</p>;

  async function open(path: string) {
    // Opened at once (the click's user activation), then pointed at the signed URL.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const url = await documentUrl(path);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      toast({ ...errorToast(error), variant: 'destructive' });
    }
  }

  return (
    <ul
      className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
      data-testid="student-documents"
    >
      {docs.data.map((d) => (
        <li key={d.path} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
          <span className="flex min-w-0 items-center gap-2">
            <FileText className="h-4 w-4 shrink-0 text-stone-500" aria-hidden />
            <span className="truncate">{d.name}</span>
            <span className="text-stone-500">{kb(d.size)}</span>
          </span>
          <Button
            variant="ghost"
            className="!px-2 !py-1"
            aria-label={text.openDocument(d.name)}
            onClick={() => void open(d.path)}
          >
            {text.openDocument('')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
